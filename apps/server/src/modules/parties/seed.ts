/**
 * The parties' demo data: companies of each kind, their people, contracts, communities and ratings,
 * each filed through the audit workflow as a user would. Longer than 400 lines because it is one
 * ordered script (each step reads what the previous one wrote) that tests import from (withIdCheck);
 * splitting it would only spread that order over files.
 */
import { addDays, hashPassword, shanghaiToday } from '@ec/contract';
import { and, asc, count, desc, eq, isNotNull, like, max, or } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { hashSecret } from '../../platform/auth/passwords.ts';
import type { Tx } from '../../platform/db/client.ts';
import { enterprise, sysArea, sysUser, sysUserRole } from '../../platform/db/tables.ts';
import { roleIdByKey } from '../../platform/seed/base.ts';
import {
  DEMO_NEWCOMER_PEOPLE,
  DEMO_SAFETY,
  DEMO_WORKER_PENDING,
  DEMO_WORKER_REJECTED,
  DEMO_WORKERS,
  REGULATOR_OF_AREA,
  withCreditCheck,
} from '../../platform/seed/demo.ts';
import { communityNames } from '../../platform/seed/names.ts';
import { rng } from '../../platform/seed/random.ts';
import { decide, type RecordKind, submit } from '../../platform/workflow.ts';
import { inspectionLiftsRelation, liftsRelation } from '../elevator/api.ts';
import { buildingCompanyKind, inspectionOrgKind, maintenanceUnitKind } from './companies/kinds.ts';
import { contractKind } from './contracts/read.ts';
import { buildingUserKind, maintenanceUserKind, staffLeaveKind } from './persons/kinds.ts';
import {
  community,
  elevatorSafetyOfficer,
  inspectionOrgProfile,
  maintenanceContract,
  maintenanceContractElevator,
  maintenanceRating,
  maintenanceUnitProfile,
  staffProfile,
  useUnitProfile,
} from './tables.ts';

/** The registry's lifts, as other modules may join them. */
const lift = liftsRelation().as('lift');

/** Completes a 17-digit citizen ID body with its GB 11643 check character. */
export function withIdCheck(body: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(body[i]), 0);
  return body + '10X98765432'[sum % 11];
}

type Outcome = 'passed' | 'pending' | 'rejected';

async function file(
  tx: Tx,
  kind: RecordKind,
  subjectId: number,
  c: {
    areaCode: string | null;
    companyId: number | null;
    submitter: number | null;
    reviewer: number | null;
    outcome: Outcome;
    reason?: string;
  },
) {
  const record = await submit(tx, kind, {
    subjectId,
    actorId: c.submitter,
    areaCode: c.areaCode,
    companyId: c.companyId,
    description: '提交备案',
  });
  if (c.outcome === 'pending') return record;
  return decide(tx, kind, {
    auditId: record.id,
    actorId: c.reviewer,
    decision: c.outcome === 'passed' ? 'pass' : 'reject',
    description: c.outcome === 'passed' ? '资料齐全，准予备案' : (c.reason ?? '资料不全，请补充后重新提交'),
  });
}

/**
 * Parties demo data (issue 6): company profiles and their passed filings, five workers per
 * maintenance company (one certificate expired), safety officers of both use units, extra companies
 * and people in every filing state, contracts covering the demo elevators (a few expired, one
 * pending, one rejected; the hydraulic lift and a goods lift under one of their own), 30 communities
 * and ratings for the maintenance incentive.
 */
export async function seedParties(tx: Tx, config: Config) {
  const r = rng(20260601);
  const day = shanghaiToday();
  const users = await tx.select({ id: sysUser.id, username: sysUser.username }).from(sysUser);
  const uid = (name: string) => users.find((u) => u.username === name)?.id ?? null;
  const admin = uid('admin');
  const regulator = uid('jg_qingxiu');
  /** The regulator of a company's district reviews its filings (the platform admin where none). */
  const reviewerOf = (areaCode: string | null) => uid(REGULATOR_OF_AREA[areaCode ?? ''] ?? 'admin') ?? admin;
  const companies = await tx.select().from(enterprise).orderBy(asc(enterprise.id));
  const [wb1, wb2] = companies.filter((c) => c.kind === 'maintenance');
  const [sy1, sy2] = companies.filter((c) => c.kind === 'use');
  const [jy1, jy2] = companies.filter((c) => c.kind === 'inspection');
  if (!wb1 || !wb2 || !sy1 || !sy2) return;
  const passwordHash = await hashSecret(hashPassword(config.demoPassword));
  /**
   * Accounts and companies beyond the platform's demo set (workers, officers, self-registered
   * companies) are left out of test databases, so the platform's own tests can count theirs; the
   * parties tests start in development mode and get everything.
   */
  const full = config.env !== 'test';

  // ---------------------------------------------------------------- company profiles and filings
  await tx.insert(maintenanceUnitProfile).values([
    {
      enterpriseId: wb1.id,
      licenceType: 'install_repair',
      licenceGrade: 'A',
      licenceNo: 'TS3345001-2027',
      licenceExpiry: addDays(day, 600),
    },
    {
      enterpriseId: wb2.id,
      licenceType: 'repair',
      licenceGrade: 'B',
      licenceNo: 'TS3445012-2026',
      licenceExpiry: addDays(day, 200),
    },
  ]);
  await tx.insert(useUnitProfile).values([
    {
      enterpriseId: sy1.id,
      unitType: 'property',
      safetyDirector: DEMO_SAFETY[0].director,
      safetyDirectorPhone: '13907710201',
    },
    {
      enterpriseId: sy2.id,
      unitType: 'property',
      safetyDirector: DEMO_SAFETY[1].director,
      safetyDirectorPhone: '13907710202',
    },
  ]);
  if (jy1) {
    await tx.insert(inspectionOrgProfile).values({
      enterpriseId: jy1.id,
      approvalNo: 'TS7110045-2028',
      approvalExpiry: addDays(day, 900),
    });
  }
  if (jy2) {
    await tx.insert(inspectionOrgProfile).values({
      enterpriseId: jy2.id,
      approvalNo: 'TS7110052-2027',
      approvalExpiry: addDays(day, 400),
    });
  }
  const filedCompanies: [RecordKind, typeof wb1 | undefined, string][] = [
    [maintenanceUnitKind, wb1, 'wb_admin1'],
    [maintenanceUnitKind, wb2, 'wb_admin2'],
    [buildingCompanyKind, sy1, 'sy_admin1'],
    [buildingCompanyKind, sy2, 'sy_admin2'],
    [inspectionOrgKind, jy1, 'jy_admin1'],
    [inspectionOrgKind, jy2, 'jy_admin2'],
  ];
  for (const [kind, c, submitter] of filedCompanies) {
    if (!c) continue;
    await file(tx, kind, c.id, {
      areaCode: c.areaCode,
      companyId: c.id,
      submitter: uid(submitter),
      reviewer: reviewerOf(c.areaCode),
      outcome: 'passed',
    });
  }

  // Companies that registered themselves and wait for, or were refused by, the 青秀区 regulator.
  const newcomers = [
    {
      kind: 'maintenance',
      name: '南宁快捷电梯服务有限公司',
      body: '91450103MA5KKJ011',
      username: 'wb_pending',
      realName: DEMO_NEWCOMER_PEOPLE[0],
      legalPerson: DEMO_NEWCOMER_PEOPLE[3],
      address: '南宁市青秀区凤岭北路 32 号',
      phone: '13907710101',
      outcome: 'pending' as Outcome,
    },
    {
      kind: 'maintenance',
      name: '广西恒升电梯技术有限公司',
      body: '91450103MA5KHT012',
      username: 'wb_rejected',
      realName: DEMO_NEWCOMER_PEOPLE[1],
      legalPerson: DEMO_NEWCOMER_PEOPLE[4],
      address: '南宁市青秀区竹溪大道 88 号',
      phone: '13907710102',
      outcome: 'rejected' as Outcome,
      reason: '许可证扫描件不清晰，请重新上传',
    },
    {
      kind: 'use',
      name: '南宁金湖花园物业服务有限公司',
      body: '91450103MA5KJH013',
      username: 'sy_pending',
      realName: DEMO_NEWCOMER_PEOPLE[2],
      legalPerson: DEMO_NEWCOMER_PEOPLE[5],
      address: '南宁市青秀区金湖路 59 号',
      phone: '13907710103',
      outcome: 'pending' as Outcome,
    },
  ];
  for (const n of full ? newcomers : []) {
    const [c] = await tx
      .insert(enterprise)
      .values({
        name: n.name,
        kind: n.kind,
        creditCode: withCreditCheck(n.body),
        areaCode: '450103',
        address: n.address,
        legalPerson: n.legalPerson,
        contactName: n.realName,
        contactPhone: n.phone,
        filingState: 1,
      })
      .returning({ id: enterprise.id });
    const [u] = await tx
      .insert(sysUser)
      .values({
        username: n.username,
        realName: n.realName,
        phone: n.phone,
        passwordHash,
        userType: n.kind === 'maintenance' ? 'maintenance' : 'use_unit',
        companyId: c.id,
        filingState: 1,
      })
      .returning({ id: sysUser.id });
    await tx.insert(sysUserRole).values({
      userId: u.id,
      roleId: await roleIdByKey(tx, n.kind === 'maintenance' ? 'maintenance_admin' : 'use_admin'),
    });
    if (n.kind === 'maintenance') {
      await tx.insert(maintenanceUnitProfile).values({
        enterpriseId: c.id,
        licenceType: 'repair',
        licenceGrade: 'B',
        licenceNo: `TS34450${20 + newcomers.indexOf(n)}-2027`,
        licenceExpiry: addDays(day, 500),
      });
    } else {
      await tx.insert(useUnitProfile).values({
        enterpriseId: c.id,
        unitType: 'property',
        safetyDirector: DEMO_NEWCOMER_PEOPLE[6],
        safetyDirectorPhone: '13907710203',
      });
    }
    await file(tx, n.kind === 'maintenance' ? maintenanceUnitKind : buildingCompanyKind, c.id, {
      areaCode: '450103',
      companyId: c.id,
      submitter: u.id,
      reviewer: regulator,
      outcome: n.outcome,
      reason: n.reason,
    });
  }

  // ---------------------------------------------------------------- people
  let phoneSeq = 10;
  let idSeq = 100;
  const newPerson = async (p: {
    realName: string;
    type: 'maintenance_staff' | 'safety_officer';
    company: typeof wb1;
    role: string;
    certType: string | null;
    certExpiry: string | null;
    outcome: Outcome;
    reason?: string;
    existing?: string;
  }) => {
    let userId = p.existing ? uid(p.existing) : null;
    const idNumber = withIdCheck(
      `450103198${idSeq % 10}0${(idSeq % 9) + 1}1${idSeq % 10}${String(idSeq).padStart(3, '0')}`,
    );
    idSeq++;
    if (!userId) {
      const phone = `139077100${String(phoneSeq++).padStart(2, '0')}`;
      const [u] = await tx
        .insert(sysUser)
        .values({
          username: phone,
          realName: p.realName,
          phone,
          idNumber,
          passwordHash,
          userType: p.type,
          filingState: 1,
        })
        .returning({ id: sysUser.id });
      userId = u.id;
      await tx.insert(sysUserRole).values({
        userId,
        roleId: await roleIdByKey(
          tx,
          p.type === 'maintenance_staff' ? 'maintenance_staff' : 'safety_officer',
        ),
      });
    } else {
      await tx.update(sysUser).set({ idNumber }).where(eq(sysUser.id, userId));
    }
    await tx.insert(staffProfile).values({
      userId,
      companyId: p.company.id,
      role: p.role,
      position: p.role === 'staff' ? '维保工' : p.role === 'safety_director' ? '安全总监' : '安全员',
      idNumber,
      certType: p.certType,
      certNo: p.certType ? `TS${p.certType}${String(450100000 + idSeq)}` : null,
      certExpiry: p.certExpiry,
    });
    const adminOf =
      p.company.id === wb1.id
        ? 'wb_admin1'
        : p.company.id === wb2.id
          ? 'wb_admin2'
          : p.company.id === sy1.id
            ? 'sy_admin1'
            : 'sy_admin2';
    await file(tx, p.type === 'maintenance_staff' ? maintenanceUserKind : buildingUserKind, userId, {
      areaCode: p.company.areaCode,
      companyId: p.company.id,
      submitter: uid(adminOf),
      reviewer: reviewerOf(p.company.areaCode),
      outcome: p.outcome,
      reason: p.reason,
    });
    return userId;
  };
  const certDate = (k: number) =>
    k === 1 ? addDays(day, -45) : k === 2 ? addDays(day, 20) : addDays(day, 400 + k * 90);
  for (const [c, company] of [wb1, wb2].entries()) {
    for (let k = 0; k < (full ? 5 : company.id === wb1.id ? 1 : 0); k++) {
      await newPerson({
        realName: DEMO_WORKERS[c][k],
        type: 'maintenance_staff',
        company,
        role: 'staff',
        certType: 'T',
        certExpiry: certDate(k),
        outcome: 'passed',
        existing: company.id === wb1.id && k === 0 ? 'wb_staff1' : undefined,
      });
    }
  }
  if (full)
    await newPerson({
      realName: DEMO_WORKER_PENDING,
      type: 'maintenance_staff',
      company: wb1,
      role: 'staff',
      certType: 'T',
      certExpiry: addDays(day, 800),
      outcome: 'pending',
    });
  if (full)
    await newPerson({
      realName: DEMO_WORKER_REJECTED,
      type: 'maintenance_staff',
      company: wb1,
      role: 'staff',
      certType: 'T',
      certExpiry: addDays(day, 800),
      outcome: 'rejected',
      reason: '证书扫描件模糊，请重新上传',
    });
  // One worker of company 2 asked to leave (离职待审核).
  const [leaver] = await tx
    .select({ userId: staffProfile.userId })
    .from(staffProfile)
    .where(and(eq(staffProfile.companyId, wb2.id), eq(staffProfile.role, 'staff')))
    .orderBy(desc(staffProfile.userId))
    .limit(1);
  if (leaver && full) {
    await tx
      .update(staffProfile)
      .set({ leaveReason: '个人原因辞职', leaveDate: addDays(day, 10) })
      .where(eq(staffProfile.userId, leaver.userId));
    await submit(tx, staffLeaveKind, {
      subjectId: leaver.userId,
      actorId: uid('wb_admin2'),
      areaCode: wb2.areaCode,
      companyId: wb2.id,
      description: '个人原因辞职',
    });
  }

  const officers = new Map<number, number[]>();
  const officerSpecs: [typeof wb1, string, string, Outcome, string | undefined][] = [
    [sy1, DEMO_SAFETY[0].officers[0], 'safety_officer', 'passed', 'aq_officer1'],
    [sy1, DEMO_SAFETY[0].director, 'safety_director', 'passed', undefined],
    [sy1, DEMO_SAFETY[0].pending!, 'safety_officer', 'pending', undefined],
    [sy2, DEMO_SAFETY[1].officers[0], 'safety_officer', 'passed', undefined],
    [sy2, DEMO_SAFETY[1].officers[1], 'safety_officer', 'passed', undefined],
  ];
  for (const [company, realName, role, outcome, existing] of officerSpecs) {
    if (!full && !existing) continue;
    const id = await newPerson({
      realName,
      type: 'safety_officer',
      company,
      role,
      certType: 'A',
      certExpiry: addDays(day, 500),
      outcome,
      existing,
    });
    if (outcome === 'passed') officers.set(company.id, [...(officers.get(company.id) ?? []), id]);
  }
  // Each elevator of a use unit gets one of its officers; every fourth stays unassigned.
  for (const company of [sy1, sy2]) {
    const ids = officers.get(company.id) ?? [];
    const lifts = await tx
      .select({ id: lift.id })
      .from(lift)
      .where(eq(lift.useCompanyId, company.id))
      .orderBy(asc(lift.id));
    const rows = lifts
      .filter((_, i) => i % 4 !== 3)
      .map((e, i) => ({
        elevatorId: e.id,
        userId: ids[i % ids.length],
        companyId: company.id,
        assignedBy: uid(company.id === sy1.id ? 'sy_admin1' : 'sy_admin2'),
      }));
    for (let i = 0; i < rows.length && ids.length > 0; i += 500) {
      await tx.insert(elevatorSafetyOfficer).values(rows.slice(i, i + 500));
    }
  }

  // ---------------------------------------------------------------- contracts
  const pairs = await tx
    .select({
      id: lift.id,
      maintenanceCompanyId: lift.maintenanceCompanyId,
      useCompanyId: lift.useCompanyId,
    })
    .from(lift)
    .where(and(isNotNull(lift.maintenanceCompanyId), isNotNull(lift.useCompanyId)))
    .orderBy(asc(lift.maintenanceCompanyId), asc(lift.useCompanyId), asc(lift.id));
  // The hydraulic lifts (32xx: the registry seeds one) get a contract of their own, after the others.
  const spec = inspectionLiftsRelation(null).as('spec');
  const varieties = new Map(
    (
      await tx
        .select({ id: spec.id, variety: spec.variety })
        .from(spec)
        .where(or(like(spec.variety, '32%'), eq(spec.variety, '3430')))
    ).map((v) => [v.id, v.variety]),
  );
  const hydraulic = pairs.filter((p) => varieties.get(p.id)?.startsWith('32'));
  const groups = new Map<string, number[]>();
  for (const p of pairs.filter((x) => !hydraulic.includes(x))) {
    const key = `${p.maintenanceCompanyId}:${p.useCompanyId}`;
    groups.set(key, [...(groups.get(key) ?? []), p.id]);
  }
  const areaOf = new Map(companies.map((c) => [c.id, c.areaCode]));
  let k = 0;
  const year = day.slice(0, 4);
  for (const [key, lifts] of groups) {
    const [m, u] = key.split(':').map(Number);
    for (let i = 0; i < lifts.length; i += 20, k++) {
      const chunk = lifts.slice(i, i + 20);
      const expired = k % 9 === 1;
      const expiring = k % 9 === 5;
      const outcome: Outcome = k === 2 ? 'pending' : k === 3 ? 'rejected' : 'passed';
      const startDate = expired ? addDays(day, -400) : addDays(day, -200 - (k % 5) * 10);
      const endDate = expired
        ? addDays(day, -35)
        : expiring
          ? addDays(day, 18)
          : addDays(day, 165 + (k % 5) * 30);
      const [c] = await tx
        .insert(maintenanceContract)
        .values({
          contractNo: `WB-${year}-${String(k + 1).padStart(4, '0')}`,
          maintenanceCompanyId: m,
          useCompanyId: u,
          areaCode: areaOf.get(u) ?? null,
          startDate,
          endDate,
          planType: k % 4 === 3 ? 'MONTH' : 'HALF_MONTH',
          amount: chunk.length * (3600 + (k % 3) * 600),
          signDate: addDays(startDate, -10),
          remark: expired ? '合同已到期，待续签' : null,
          createdBy: uid(m === wb1.id ? 'wb_admin1' : 'wb_admin2'),
        })
        .returning({ id: maintenanceContract.id });
      await tx
        .insert(maintenanceContractElevator)
        .values(chunk.map((elevatorId) => ({ contractId: c.id, elevatorId })));
      await file(tx, contractKind, c.id, {
        areaCode: areaOf.get(u) ?? null,
        companyId: m,
        submitter: uid(m === wb1.id ? 'wb_admin1' : 'wb_admin2'),
        reviewer: reviewerOf(areaOf.get(u) ?? null),
        outcome,
        reason: '合同缺少双方盖章页，请补充',
      });
    }
  }

  // The hydraulic lift and a goods lift (杂物电梯, 3430) of the same two companies that has no open
  // contract today: one contract for both, from the day after the goods lift's last one ended (a lift
  // is in one open contract a day), so that the demo holds plans on appendices B and C of TSG T5002-2017.
  if (hydraulic.length > 0) {
    const { maintenanceCompanyId: m, useCompanyId: u } = hydraulic[0];
    let goods: { id: number; from: string } | null = null;
    for (const p of pairs) {
      if (goods) break;
      if (varieties.get(p.id) !== '3430' || p.maintenanceCompanyId !== m || p.useCompanyId !== u) continue;
      const [{ end }] = await tx
        .select({ end: max(maintenanceContractElevator.endDate) })
        .from(maintenanceContractElevator)
        .where(
          and(eq(maintenanceContractElevator.elevatorId, p.id), eq(maintenanceContractElevator.active, true)),
        );
      if (end === null || end < day)
        goods = { id: p.id, from: end === null ? addDays(day, -200) : addDays(end, 1) };
    }
    const lifts = [
      ...hydraulic.filter((p) => p.maintenanceCompanyId === m && p.useCompanyId === u).map((p) => p.id),
      ...(goods ? [goods.id] : []),
    ];
    const startDate = goods?.from ?? addDays(day, -200);
    const [c] = await tx
      .insert(maintenanceContract)
      .values({
        contractNo: `WB-${year}-${String(k + 1).padStart(4, '0')}`,
        maintenanceCompanyId: m!,
        useCompanyId: u!,
        areaCode: areaOf.get(u!) ?? null,
        startDate,
        endDate: addDays(day, 165),
        planType: 'HALF_MONTH',
        amount: lifts.length * 4800,
        signDate: addDays(startDate, -10),
        remark: '液压电梯、杂物电梯维保',
        createdBy: uid(m === wb1.id ? 'wb_admin1' : 'wb_admin2'),
      })
      .returning({ id: maintenanceContract.id });
    await tx
      .insert(maintenanceContractElevator)
      .values(lifts.map((elevatorId) => ({ contractId: c.id, elevatorId })));
    await file(tx, contractKind, c.id, {
      areaCode: areaOf.get(u!) ?? null,
      companyId: m,
      submitter: uid(m === wb1.id ? 'wb_admin1' : 'wb_admin2'),
      reviewer: reviewerOf(areaOf.get(u!) ?? null),
      outcome: 'passed',
    });
  }

  // ---------------------------------------------------------------- communities
  const combos = await tx
    .select({ name: lift.community, areaCode: lift.areaCode, areaName: sysArea.name, n: count() })
    .from(lift)
    .leftJoin(sysArea, eq(sysArea.code, lift.areaCode))
    .where(isNotNull(lift.community))
    .groupBy(lift.community, lift.areaCode, sysArea.name)
    .orderBy(desc(count()), asc(lift.community), asc(lift.areaCode))
    .limit(30);
  const districts = await tx
    .select({ code: sysArea.code, name: sysArea.name })
    .from(sysArea)
    .where(eq(sysArea.parentCode, '450100'));
  const communities: (typeof community.$inferInsert)[] = combos
    .filter((c) => c.name)
    .map((c) => ({
      name: c.name!,
      areaCode: c.areaCode,
      address: `南宁市${c.areaName ?? ''}${c.name}`,
      buildingCount: 6 + Math.floor(r() * 30),
    }));
  // More communities, each named after a place of its own district: no name in two districts.
  const taken = new Set(communities.map((c) => `${c.areaCode}\u0000${c.name}`));
  const named = districts.map((d) => ({
    d,
    names: communityNames(d.code, 16).filter((n) => !taken.has(`${d.code}\u0000${n}`)),
  }));
  for (let i = 0; communities.length < 30 && named.some((x) => x.names.length > 0); i++) {
    const { d, names } = named[i % named.length];
    const name = names.shift();
    if (!name) continue;
    communities.push({
      name,
      areaCode: d.code,
      address: `南宁市${d.name}${name}`,
      buildingCount: 4 + Math.floor(r() * 20),
    });
  }
  const managed = await tx
    .select({
      community: lift.community,
      areaCode: lift.areaCode,
      useCompanyId: lift.useCompanyId,
      n: count(),
    })
    .from(lift)
    .where(isNotNull(lift.useCompanyId))
    .groupBy(lift.community, lift.areaCode, lift.useCompanyId)
    .orderBy(desc(count()));
  for (const c of communities) {
    const m = managed.find((x) => x.community === c.name && x.areaCode === c.areaCode);
    c.useCompanyId = m?.useCompanyId ?? null;
    c.longitude = Number((108.25 + r() * 0.25).toFixed(6));
    c.latitude = Number((22.72 + r() * 0.18).toFixed(6));
    c.createdBy = admin;
  }
  if (communities.length > 0) await tx.insert(community).values(communities);

  // ---------------------------------------------------------------- maintenance incentive ratings
  const rated = await tx
    .select({
      id: lift.id,
      areaCode: lift.areaCode,
      maintenanceCompanyId: lift.maintenanceCompanyId,
      useCompanyId: lift.useCompanyId,
    })
    .from(lift)
    .where(and(isNotNull(lift.maintenanceCompanyId), isNotNull(lift.useCompanyId)))
    .orderBy(asc(lift.id))
    .limit(60);
  const months = [0, 1, 2].map((back) => {
    const d = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
    d.setUTCMonth(d.getUTCMonth() - back);
    return d.toISOString().slice(0, 7);
  });
  const comments = ['维保及时，记录规范', '响应迅速', '保养认真', '偶有延误', '服务态度好', null];
  const ratings: (typeof maintenanceRating.$inferInsert)[] = [];
  for (const [i, e] of rated.entries()) {
    // Every third elevator has not been rated this month yet.
    const from = i % 3 === 0 ? 1 : 0;
    for (const period of months.slice(from, from + 1 + Math.floor(r() * 2))) {
      const bias = e.maintenanceCompanyId === wb1.id ? 0.6 : 0.2;
      ratings.push({
        elevatorId: e.id,
        maintenanceCompanyId: e.maintenanceCompanyId!,
        useCompanyId: e.useCompanyId!,
        areaCode: e.areaCode,
        period,
        score: Math.min(5, 3 + Math.floor(r() * 2 + bias * 2)),
        comment: comments[Math.floor(r() * comments.length)],
        ratedBy: uid(e.useCompanyId === sy1.id ? 'sy_admin1' : 'sy_admin2'),
        createdAt: new Date(Math.min(Date.now(), Date.parse(`${period}-15T10:00:00+08:00`))),
      });
    }
  }
  if (ratings.length > 0) await tx.insert(maintenanceRating).values(ratings);
}
