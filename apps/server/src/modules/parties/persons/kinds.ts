/**
 * The kinds of person that file with a company (workers, safety officers, inspectors), their audit
 * kinds and the leave (离职) audit.
 */
import type { UserType } from '@ec/contract';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/client.ts';
import { sysUser } from '../../../platform/db/tables.ts';
import { notFound } from '../../../platform/errors.ts';
import {
  currentCase,
  defineKind,
  type RecordKind,
  type TransitionEvent,
  withdraw,
} from '../../../platform/workflow.ts';
import { elevatorSafetyOfficer, staffProfile } from '../tables.ts';

/**
 * A person's filing mirrored onto the account: `sys_user.filing_state`, and the company binding
 * (`sys_user.company_id`) once it passes. A passed person leaves the company by a withdraw from 3
 * (after a passed leave audit): the binding ends and the person is "not filed" again.
 */
async function mirrorPerson(tx: Queryable, { to, record }: TransitionEvent) {
  const userId = Number(record.subjectId);
  const [profile] = await tx.select().from(staffProfile).where(eq(staffProfile.userId, userId));
  if (!profile) throw notFound('人员备案信息不存在');
  const set: Partial<typeof sysUser.$inferInsert> = { filingState: to, updatedAt: new Date() };
  if (to === 3) {
    set.companyId = profile.companyId;
    await tx
      .update(staffProfile)
      .set({ employed: 1, leaveReason: null, leaveDate: null })
      .where(eq(staffProfile.userId, userId));
  } else if (to === 1) {
    set.companyId = null;
    await tx.update(staffProfile).set({ employed: 0 }).where(eq(staffProfile.userId, userId));
    await tx.delete(elevatorSafetyOfficer).where(eq(elevatorSafetyOfficer.userId, userId));
  }
  await tx.update(sysUser).set(set).where(eq(sysUser.id, userId));
}

export const maintenanceUserKind = defineKind({
  kind: 'maintenance-user',
  label: '维保人员备案',
  // submit from 3: a change to a filed person's certificate goes back to the regulator (updatePerson).
  transitions: { withdraw: [2, 3], submit: [1, 3, 4] },
  onTransition: mirrorPerson,
});
export const buildingUserKind = defineKind({
  kind: 'building-company-user',
  label: '使用单位人员备案',
  transitions: { withdraw: [2, 3], submit: [1, 3, 4] },
  onTransition: mirrorPerson,
});
/** An account's request to join an inspection organisation already on the platform. */
export const inspectionUserKind = defineKind({
  kind: 'inspection-org-user',
  label: '检验机构人员绑定',
  transitions: { withdraw: [2, 3] },
  onTransition: mirrorPerson,
});

/** 离职: a passed leave ends the worker's filing with the company (withdraws it from 3 to 1). */
export const staffLeaveKind = defineKind({
  kind: 'maintenance-user-leave',
  label: '维保人员离职',
  transitions: { submit: [1, 3, 4] },
  onTransition: async (tx, { to, record, actorId }) => {
    if (to !== 3) return;
    const userId = Number(record.subjectId);
    const filing = await currentCase(tx, maintenanceUserKind, userId);
    if (filing && filing.deletedAt === null && filing.state === 3) {
      await withdraw(tx, maintenanceUserKind, {
        auditId: filing.id,
        actorId,
        description: '离职审核通过，解除与单位的备案关系',
      });
    } else {
      // The filing was removed from the audit list: end the binding directly.
      await tx
        .update(sysUser)
        .set({ companyId: null, filingState: 1, updatedAt: new Date() })
        .where(eq(sysUser.id, userId));
      await tx.update(staffProfile).set({ employed: 0 }).where(eq(staffProfile.userId, userId));
    }
  },
});

/** The kind of company a person belongs to; the same keys as the companies' (`enterprise.kind`). */
export type PersonKey = 'maintenance' | 'use' | 'inspection';

interface PersonKindInfo {
  key: PersonKey;
  label: string;
  audit: RecordKind;
  /** The account kind created for a new person, and the company admin's account kind. */
  accountType: UserType;
  adminType: UserType;
  editPermission: string;
  /** Profile roles a company admin or reviewer may give when adding a person. */
  roles: string[];
  /** The company kind's name in messages. */
  companyLabel: string;
}

export const PERSON_KINDS: Record<PersonKey, PersonKindInfo> = {
  maintenance: {
    key: 'maintenance',
    label: '维保人员',
    audit: maintenanceUserKind,
    accountType: 'maintenance_staff',
    adminType: 'maintenance',
    editPermission: 'maintenance:user:edit',
    roles: ['staff'],
    companyLabel: '维保单位',
  },
  use: {
    key: 'use',
    label: '安全员',
    audit: buildingUserKind,
    accountType: 'safety_officer',
    adminType: 'use_unit',
    editPermission: 'building:user:edit',
    roles: ['safety_officer', 'safety_director'],
    companyLabel: '使用单位',
  },
  // Inspection organisations' people join by binding only (their own module adds the rest).
  inspection: {
    key: 'inspection',
    label: '检验机构人员',
    audit: inspectionUserKind,
    accountType: 'inspector',
    adminType: 'inspection',
    editPermission: 'inspection:org:edit',
    roles: ['inspector'],
    companyLabel: '检验机构',
  },
};

export const personKindOfUser = (type: UserType): PersonKey | null =>
  type === 'maintenance_staff' || type === 'maintenance'
    ? 'maintenance'
    : type === 'safety_officer' || type === 'use_unit'
      ? 'use'
      : type === 'inspector' || type === 'inspection'
        ? 'inspection'
        : null;

/** `enterprise.kind` of a person kind's companies: the same key. */
export const companyKindOf = (key: PersonKey): string => key;
