import { sensitiveCalls } from '@ec/contract';
import { and, eq } from 'drizzle-orm';
import { scopeCondition } from '../../platform/access.ts';
import { enterprise, sysOffice, sysUser } from '../../platform/db/tables.ts';
import { implement } from '../../platform/http/implement.ts';
import { revealNumber } from '../../platform/masking.ts';
import type { RevealerDefinition } from '../../platform/module.ts';
import { enterpriseScope } from './enterprise.ts';
import { userScope } from './users.ts';

/**
 * 查看完整号码: the explicit, audited way past the masking policy. The call needs
 * `system:sensitive:reveal` (the platform administrator and the regulators), answers 404 for a
 * record outside the caller's data scope, and, being a write call, leaves an operation-log entry
 * naming the record and the field (never the number).
 */

export const systemRevealers: RevealerDefinition[] = [
  {
    kind: 'user',
    field: 'phone',
    read: async (db, viewer, id) => {
      const [row] = await db
        .select({ v: sysUser.phone })
        .from(sysUser)
        .leftJoin(enterprise, eq(enterprise.id, sysUser.companyId))
        .where(and(eq(sysUser.id, id), userScope(viewer)));
      return row ? row.v : undefined;
    },
  },
  {
    kind: 'user',
    field: 'idNumber',
    read: async (db, viewer, id) => {
      const [row] = await db
        .select({ v: sysUser.idNumber })
        .from(sysUser)
        .leftJoin(enterprise, eq(enterprise.id, sysUser.companyId))
        .where(and(eq(sysUser.id, id), userScope(viewer)));
      return row ? row.v : undefined;
    },
  },
  {
    kind: 'company',
    field: 'contactPhone',
    read: async (db, viewer, id) => {
      const [row] = await db
        .select({ v: enterprise.contactPhone })
        .from(enterprise)
        .where(and(eq(enterprise.id, id), enterpriseScope(viewer)));
      return row ? row.v : undefined;
    },
  },
  {
    kind: 'office',
    field: 'phone',
    read: async (db, viewer, id) => {
      const [row] = await db
        .select({ v: sysOffice.phone })
        .from(sysOffice)
        .where(and(eq(sysOffice.id, id), scopeCondition(viewer, { area: sysOffice.areaCode })));
      return row ? row.v : undefined;
    },
  },
];

export const revealRoutes = [
  implement(sensitiveCalls.reveal, async ({ kind, id, field }, { user, platform: { db } }) => ({
    value: await revealNumber(db, user, kind, field, id),
  })),
];
