/**
 * 维保计划 and the lifts a company maintains (维保电梯资料). A plan is made per lift from its audited
 * contract; the daily job turns plans into orders ahead of their dates, in set-based SQL (one
 * statement per round for every due plan), once per day across nodes (the platform's scheduler).
 */
import {
  APPENDICES,
  type Appendix,
  addDays,
  appendicesOfLift,
  type CallParsedInput,
  ELEVATOR_TYPES,
  isReviewer,
  LIFT_VARIETY_LABEL,
  type LiftMaintenanceInfo,
  MAINTENANCE_PARAMS,
  type MaintainedLift,
  type maintenancePlanCalls,
  type Page,
  PLAN_FLAGS,
  type PlanFlag,
  shanghaiToday,
} from '@ec/contract';
import { type AnyColumn, and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../../platform/access.ts';
import { scopeCondition } from '../../platform/access.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { refusingConflicts } from '../../platform/db/conflicts.ts';
import { inArea, onPool, rowsOf } from '../../platform/db/sql.ts';
import { enterprise, sysUser } from '../../platform/db/tables.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { paramNumber } from '../../platform/params.ts';
import { STALE_MESSAGE } from '../../platform/workflow.ts';
import {
  companyInfo,
  inspectionLiftsRelation,
  liftSpecs,
  liftsRelation,
  requireLiftInScope,
} from '../elevator/api.ts';
import { contractOn, contractsOnRelation, filedWorkersOf } from '../parties/api.ts';
import {
  maintenanceContent,
  maintenanceLift,
  maintenanceOrder,
  maintenancePlan,
  ORDER_NO_SEQUENCE,
} from './tables.ts';

type Filters = CallParsedInput<typeof maintenancePlanCalls.queryList>;

const maintainer = alias(enterprise, 'plan_maintainer');
const useUnit = alias(enterprise, 'plan_use_unit');

/** The maintained lifts a user may see: a regulator its districts, a company its own (either side). */
function liftStateScope(user: AuthUser): SQL {
  if (isReviewer(user.dataScope)) return scopeCondition(user, { area: maintenanceLift.areaCode });
  if (user.companyId === null) return sql`false`;
  if (user.userType === 'maintenance' || user.userType === 'maintenance_staff')
    return eq(maintenanceLift.maintenanceCompanyId, user.companyId);
  if (user.userType === 'use_unit' || user.userType === 'safety_officer')
    return eq(maintenanceLift.useCompanyId, user.companyId);
  return sql`false`;
}

function selectLifts(db: Queryable, today: string, where: SQL | undefined) {
  // The registry's relation with the lift's variety (which appendix fits); every lift, the scope is
  // the maintenance state's own (liftStateScope).
  const lift = inspectionLiftsRelation(null).as('plan_lift');
  const contract = contractsOnRelation(today).as('plan_contract');
  return db
    .select({
      s: maintenanceLift,
      registerCode: lift.registerCode,
      elevatorName: lift.name,
      elevatorType: lift.type,
      variety: lift.variety,
      address: lift.address,
      plan: maintenancePlan,
      templateName: maintenanceContent.name,
      maintenanceCompanyName: maintainer.name,
      useCompanyName: useUnit.name,
      contractNo: contract.contractNo,
      contractEnd: contract.endDate,
      workers: sql<
        string[]
      >`coalesce((select array_agg(u.real_name order by array_position(${maintenancePlan.workerIds}, u.id))
        from ${sysUser} u where u.id = any(${maintenancePlan.workerIds})), '{}'::text[])`,
    })
    .from(maintenanceLift)
    .innerJoin(lift, eq(lift.id, maintenanceLift.elevatorId))
    .leftJoin(maintenancePlan, eq(maintenancePlan.elevatorId, maintenanceLift.elevatorId))
    .leftJoin(maintenanceContent, eq(maintenanceContent.id, maintenancePlan.contentId))
    .leftJoin(maintainer, eq(maintainer.id, maintenanceLift.maintenanceCompanyId))
    .leftJoin(useUnit, eq(useUnit.id, maintenanceLift.useCompanyId))
    .leftJoin(contract, eq(contract.elevatorId, maintenanceLift.elevatorId))
    .where(where);
}
type Joined = Awaited<ReturnType<typeof selectLifts>>[number];

const dayDiff = (a: string, b: string) => Math.round((Date.parse(a) - Date.parse(b)) / 86_400_000);

function toLift(r: Joined, today: string): MaintainedLift {
  const overdue = r.s.dueDate !== null && r.s.dueDate < today;
  const flags: PlanFlag[] = [];
  if (!r.plan) flags.push('no_plan');
  if (!r.contractNo) flags.push('no_contract');
  if (r.plan && r.plan.workerIds.length === 0) flags.push('no_workers');
  if (overdue) flags.push('overdue');
  return {
    elevatorId: r.s.elevatorId,
    registerCode: r.registerCode,
    elevatorName: r.elevatorName,
    elevatorType: r.elevatorType,
    variety: r.variety,
    address: r.address,
    areaCode: r.s.areaCode,
    maintenanceCompanyId: r.s.maintenanceCompanyId,
    maintenanceCompanyName: r.maintenanceCompanyName,
    useCompanyName: r.useCompanyName,
    contractNo: r.contractNo,
    contractEnd: r.contractEnd,
    planId: r.plan?.id ?? null,
    templateId: r.plan?.contentId ?? null,
    templateName: r.templateName,
    intervalDays: r.plan?.intervalDays ?? null,
    firstDate: r.plan?.firstDate ?? null,
    nextDate: r.plan?.nextDate ?? null,
    workerIds: r.plan?.workerIds ?? [],
    workers: r.workers,
    enabled: r.plan?.enabled ?? null,
    lastDoneDate: r.s.lastDoneDate,
    dueDate: r.s.dueDate,
    overdue,
    overdueDays: overdue && r.s.dueDate ? dayDiff(today, r.s.dueDate) : 0,
    flags,
    flagLabels: flags.map((f) => PLAN_FLAGS[f]),
    planVersion: r.plan?.version ?? null,
  };
}

export async function listMaintainedLifts(
  db: Queryable,
  user: AuthUser,
  f: Filters,
): Promise<Page<MaintainedLift>> {
  const today = shanghaiToday();
  const lift = liftsRelation().as('plan_lift');
  const conditions: (SQL | undefined)[] = [
    liftStateScope(user),
    f.maintenanceCompanyId ? eq(maintenanceLift.maintenanceCompanyId, f.maintenanceCompanyId) : undefined,
    f.areaCode ? inArea(maintenanceLift.areaCode, f.areaCode) : undefined,
    f.keyword
      ? sql`${maintenanceLift.elevatorId} in (select id from ${lift} where register_code = ${f.keyword} or address like ${`%${f.keyword.replace(/[\\%_]/g, '\\$&')}%`})`
      : undefined,
    f.flag === 'overdue' ? sql`${maintenanceLift.dueDate} < ${today}::date` : undefined,
    f.flag === 'no_plan'
      ? sql`not exists (select 1 from maintenance_plan mp where mp.elevator_id = "maintenance_lift"."elevator_id")`
      : undefined,
    f.flag === 'no_workers'
      ? sql`exists (select 1 from maintenance_plan mp where mp.elevator_id = "maintenance_lift"."elevator_id" and cardinality(mp.worker_ids) = 0)`
      : undefined,
    f.flag === 'no_contract'
      ? sql`not exists (select 1 from ${contractsOnRelation(today).as('c')} where c.contract_elevator_id = "maintenance_lift"."elevator_id")`
      : undefined,
  ];
  const where = and(...conditions);
  const [{ n }] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from ${maintenanceLift} where ${where ?? sql`true`}`),
  );
  const rows = await selectLifts(db, today, where)
    .orderBy(sql`${maintenanceLift.dueDate} asc nulls first`, asc(maintenanceLift.elevatorId))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  return { records: rows.map((r) => toLift(r, today)), total: Number(n), page: f.page, limit: f.limit };
}

/** One lift's maintenance state and plan (the elevator detail's 维保信息 too); 404 out of scope. */
export async function maintainedLift(
  db: Queryable,
  user: AuthUser,
  elevatorId: number,
): Promise<MaintainedLift | null> {
  await requireLiftInScope(db, user, elevatorId);
  const today = shanghaiToday();
  const [r] = await selectLifts(db, today, eq(maintenanceLift.elevatorId, elevatorId));
  return r ? toLift(r, today) : null;
}

/** The elevator detail's 维保信息: the lift's company, contract, plan and state, or its flags. */
export async function liftMaintenanceInfo(
  db: Queryable,
  user: AuthUser,
  elevatorId: number,
): Promise<LiftMaintenanceInfo> {
  const lift = await requireLiftInScope(db, user, elevatorId);
  const state = await maintainedLift(db, user, elevatorId);
  const maintenanceCompany = await companyInfo(db, lift.maintenanceCompanyId, user);
  if (state) return { ...state, maintenanceCompany };
  return {
    elevatorId,
    registerCode: lift.registerCode,
    elevatorName: lift.name,
    elevatorType: lift.type,
    variety: (await liftSpecs(db, elevatorId))?.variety ?? null,
    address: lift.address,
    areaCode: lift.areaCode,
    maintenanceCompanyId: lift.maintenanceCompanyId,
    maintenanceCompanyName: maintenanceCompany?.name ?? null,
    useCompanyName: null,
    contractNo: null,
    contractEnd: null,
    planId: null,
    templateId: null,
    templateName: null,
    intervalDays: null,
    firstDate: null,
    nextDate: null,
    workerIds: [],
    workers: [],
    enabled: null,
    lastDoneDate: null,
    dueDate: null,
    overdue: false,
    overdueDays: 0,
    flags: ['no_plan'],
    flagLabels: [PLAN_FLAGS.no_plan],
    planVersion: null,
    maintenanceCompany,
  };
}

export async function requireMaintainedLift(db: Queryable, user: AuthUser, elevatorId: number) {
  const lift = await maintainedLift(db, user, elevatorId);
  if (!lift) throw notFound('该电梯没有维保单位，没有维保计划');
  return lift;
}

/**
 * 新增或修改维保计划, by the lift's maintenance company: the lift needs an audited contract valid
 * on the first date, the template must be enabled and of the appendix that fits the lift's registered
 * variety (appendicesOfLift: 31xx A, 32xx B, 3430 C, 33xx D; without a variety an escalator D, a lift
 * A, B or C), the workers filed workers of the company. One
 * plan per lift (unique index); a change names the version it edits.
 */
export async function savePlan(
  db: Queryable,
  user: AuthUser,
  f: CallParsedInput<typeof maintenancePlanCalls.save>,
) {
  const lift = await requireLiftInScope(db, user, f.elevatorId);
  const company = lift.maintenanceCompanyId;
  if (company === null) throw conflict('该电梯没有维保单位，不能制定维保计划');
  if (user.userType !== 'maintenance' && user.dataScope !== 'all')
    throw forbidden('维保计划由电梯的维保单位制定');
  if (user.userType === 'maintenance' && user.companyId !== company)
    throw forbidden('只能为本单位维保的电梯制定计划');
  const contract = await contractOn(db, f.elevatorId, [f.firstDate, shanghaiToday()].sort()[1]);
  if (!contract) throw conflict('该电梯在首次维保日期没有审核通过的有效维保合同，不能制定维保计划');
  const [template] = await db
    .select({ enabled: maintenanceContent.enabled, appendix: maintenanceContent.appendix })
    .from(maintenanceContent)
    .where(eq(maintenanceContent.id, f.templateId));
  if (!template) throw badRequest('维保内容不存在');
  if (!template.enabled) throw badRequest('该维保内容已停用，请选择其他维保内容');
  const variety = (await liftSpecs(db, lift.id))?.variety ?? null;
  const fitting = appendicesOfLift({ type: lift.type, variety });
  if (!fitting.includes(template.appendix as Appendix)) {
    const kind =
      (variety && LIFT_VARIETY_LABEL[variety]) ??
      ELEVATOR_TYPES[lift.type as keyof typeof ELEVATOR_TYPES] ??
      '电梯';
    const of = (a: string) => `附件${a}（${APPENDICES[a as Appendix] ?? a}）`;
    const message = `该维保内容为${of(template.appendix)}的项目，不适用于${kind}，请选择${fitting.map(of).join('或')}的维保内容`;
    throw badRequest(message, [{ field: 'templateId', message }]);
  }
  const crew = await filedWorkersOf(db, company);
  const stranger = f.workerIds.find((id) => !crew.some((w) => w.userId === id));
  if (stranger !== undefined) throw badRequest('维保人员应为本单位已备案、在职的维保人员');
  const values = {
    elevatorId: f.elevatorId,
    maintenanceCompanyId: company,
    contentId: f.templateId,
    intervalDays: f.intervalDays,
    firstDate: f.firstDate,
    workerIds: [...new Set(f.workerIds)],
    enabled: f.enabled ?? true,
  };
  if (f.id === undefined) {
    await refusingConflicts(() => db.insert(maintenancePlan).values({ ...values, nextDate: f.firstDate }), {
      unique: '该电梯已有维保计划，请修改原计划',
    });
  } else {
    const updated = await db
      .update(maintenancePlan)
      .set({
        ...values,
        nextDate: sql`greatest(${maintenancePlan.nextDate}, ${f.firstDate}::date)`,
        version: sql`${maintenancePlan.version} + 1`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(maintenancePlan.id, f.id),
          eq(maintenancePlan.elevatorId, f.elevatorId),
          f.version === undefined ? undefined : eq(maintenancePlan.version, f.version),
        ),
      )
      .returning({ id: maintenancePlan.id });
    if (updated.length === 0) {
      const [exists] = await db
        .select({ id: maintenancePlan.id })
        .from(maintenancePlan)
        .where(and(eq(maintenancePlan.id, f.id), eq(maintenancePlan.elevatorId, f.elevatorId)));
      if (!exists) throw notFound('维保计划不存在');
      throw conflict(STALE_MESSAGE);
    }
  }
  await db
    .insert(maintenanceLift)
    .values({
      elevatorId: lift.id,
      maintenanceCompanyId: company,
      useCompanyId: lift.useCompanyId,
      areaCode: lift.areaCode,
      dueDate: f.firstDate,
    })
    .onConflictDoUpdate({
      target: maintenanceLift.elevatorId,
      set: {
        dueDate: sql`coalesce(${maintenanceLift.lastDoneDate} + 15, ${f.firstDate}::date)`,
        updatedAt: new Date(),
      },
    });
  return requireMaintainedLift(db, user, f.elevatorId);
}

/** Deletes plans of the caller's company (its orders stay). */
export async function deletePlans(db: Queryable, user: AuthUser, ids: number[]) {
  const own =
    user.dataScope === 'all'
      ? undefined
      : user.userType === 'maintenance' && user.companyId !== null
        ? eq(maintenancePlan.maintenanceCompanyId, user.companyId)
        : sql`false`;
  const deleted = await db
    .delete(maintenancePlan)
    .where(and(inArray(maintenancePlan.id, ids), own))
    .returning({ id: maintenancePlan.id });
  if (deleted.length === 0) throw notFound('维保计划不存在或无权删除');
  return { deleted: deleted.length };
}

/**
 * The appendix of a registered variety in SQL, as `appendixOfVariety` decides it (3430 C, 32xx B,
 * 33xx D, the other 31xx–34xx A); null for a missing or unknown code.
 */
export const appendixOfVarietySql = (variety: SQL | AnyColumn) => sql<string | null>`case
  when ${variety} is null or ${variety} !~ '^3[1-4][0-9][0-9]$' then null
  when ${variety} = '3430' then 'C'
  when ${variety} like '32%' then 'B'
  when ${variety} like '33%' then 'D'
  else 'A' end`;

/**
 * Plans made before the appendix rule (savePlan: a plan's template fits the lift's registered
 * variety) may hold another appendix's template: the demo and the first installations planned every
 * lift (直梯) on appendix A, hydraulic (32xx) and goods lifts (3430) too. The upgrade moves such a plan
 * to the enabled template of its lift's appendix (the newest, as a new plan's default), keeping its
 * interval, dates and workers, and raises its version (an editor who read it before gets 409). Orders
 * already made keep the template version they were made with; the plan job makes the next ones on
 * the new template. A lift without a known variety, or whose appendix has no enabled template, keeps
 * its plan. One set-based UPDATE in the start's transaction, run once per installation (the
 * maintenance module's start seeder, runOnce under PLAN_TEMPLATE_UPGRADE: it reads every plan with
 * its lift, too much for every start); a second run changes nothing. Returns the plans moved.
 */
/** upgradePlanTemplates' key in upgrade_done (runOnce). */
export const PLAN_TEMPLATE_UPGRADE = 'maintenance.plan-template-by-appendix';

export async function upgradePlanTemplates(db: Queryable): Promise<number> {
  const lift = inspectionLiftsRelation(null).as('upgrade_lift');
  const moved = rowsOf<{ id: number }>(
    await db.execute(sql`
      with fitting as (
        select distinct on (appendix) id, appendix from ${maintenanceContent}
        where enabled order by appendix, id desc
      ), misfit as (
        select p.id, f.id as content_id
        from ${maintenancePlan} p
        join ${maintenanceContent} c on c.id = p.content_id
        join ${lift} on upgrade_lift.id = p.elevator_id
        join fitting f on f.appendix = ${appendixOfVarietySql(sql`upgrade_lift.variety`)}
        where c.appendix <> f.appendix
      )
      update ${maintenancePlan} p set content_id = m.content_id, version = p.version + 1, updated_at = now()
      from misfit m where p.id = m.id
      returning p.id`),
  );
  return moved.length;
}

/** Plans per round of the plan job: a round is one transaction (its locks and trigger queue bounded). */
export const GENERATE_ROUND = 20_000;

/**
 * Rounds of the plan job at once on PostgreSQL, each on a connection of its own: a round's cost is
 * the database's per-row work (the order's indexes and foreign-key checks, the plan's update), one
 * core's worth, so two rounds use both cores of a small server. One on PGlite or in a transaction.
 */
export const GENERATE_WORKERS = 2;

/**
 * Makes the orders of every enabled plan due by `today + ahead` days (the parameter by default),
 * whose lift is still maintained by the plan's company under a contract valid today and which has
 * workers. A plan behind by more than one interval restarts at today (missed visits show as 超期,
 * not as back-dated orders). Returns the number of orders made. It works in bounded rounds of
 * set-based SQL, each in its own transaction (a savepoint when `db` is already one): a
 * round locks up to `round` due plans by id (skipping plans another run holds), makes their orders
 * and moves them on. On the pool, `workers` rounds run at once: each claims the next plans by id in
 * turn (the claims are serialised, the rounds' work is not), and a failed round stops the others
 * after their own. A run that stops half way leaves every finished round done and the rest due, so
 * the next run resumes; two runs at once (the job's once-per-period slot aside) skip each other's
 * locked plans, and the (plan, date) key keeps one order per plan and date whatever happens. Plans
 * due again within the window (a long look-ahead) are taken by another pass. The job's creation step
 * is no log row: the 维保日志 shows it from the order's created_at (orderRecords).
 */
export async function generateOrders(
  db: Queryable,
  today = shanghaiToday(),
  ahead?: number,
  round = GENERATE_ROUND,
  workers = onPool(db) ? GENERATE_WORKERS : 1,
): Promise<number> {
  const days =
    ahead ??
    (await paramNumber(db, MAINTENANCE_PARAMS.generateAheadDaysKey, MAINTENANCE_PARAMS.generateAheadDays));
  const horizon = addDays(today, days);
  await db.execute(sql`update ${maintenancePlan} set next_date = ${today}::date
    where enabled and next_date < ${today}::date - interval_days`);
  let made = 0;
  // Passes over the due plans in id order; each pass a plan at most once. A pass that moves no plan
  // ends the run (what is left is not due, has no contract or workers, or is another run's).
  for (let pass = 0; pass < 40; pass++) {
    let after = 0;
    let moved = 0;
    let end = false;
    // The claim of the next round's plans, one worker at a time (each claim starts after the last).
    let claims: Promise<unknown> = Promise.resolve();
    const claimNext = (tx: Queryable) => {
      const claim = claims.then(async () => {
        if (end) return [];
        const due = await dueRound(tx, horizon, after, round);
        if (due.length === 0) end = true;
        else after = Number(due[due.length - 1].id);
        return due;
      });
      claims = claim.catch(() => undefined);
      return claim;
    };
    const work = async () => {
      while (!end) {
        const r = await db.transaction(async (tx) => {
          const due = await claimNext(tx);
          return due.length === 0 ? { made: 0, moved: 0 } : generateRound(tx, today, horizon, due);
        });
        made += r.made;
        moved += r.moved;
      }
    };
    const done = await Promise.allSettled(
      Array.from({ length: Math.max(1, workers) }, () =>
        work().catch((err) => {
          end = true;
          throw err;
        }),
      ),
    );
    const failed = done.find((d) => d.status === 'rejected');
    if (failed) throw failed.reason;
    if (moved === 0) break;
  }
  return made;
}

/** The next `limit` due plans after plan id `after`, locked for the round (others' locked plans skipped). */
async function dueRound(tx: Queryable, horizon: string, after: number, limit: number) {
  return rowsOf<{ id: number; elevator_id: number }>(
    await tx.execute(sql`select id, elevator_id from ${maintenancePlan}
      where enabled and next_date <= ${horizon}::date and cardinality(worker_ids) > 0 and id > ${after}
      order by id limit ${limit} for update skip locked`),
  );
}

/** One round of generateOrders: the orders of the round's plans (`dueRound`), and the plans moved on. */
async function generateRound(
  tx: Queryable,
  today: string,
  horizon: string,
  due: { id: number; elevator_id: number }[],
) {
  const ids = sql.param(`{${due.map((d) => d.id).join(',')}}`);
  const lifts = sql.param(`{${due.map((d) => d.elevator_id).join(',')}}`);
  // The round's contracts sorted in memory; the lifts' array reaches into the contracts' relation
  // (a condition on its DISTINCT ON column), so only this round's contracts are read.
  await tx.execute(sql`set local work_mem = '64MB'`);
  const lift = liftsRelation().as('l');
  const contract = contractsOnRelation(today).as('gen_contract');
  const [row] = rowsOf<{ made: number; moved: number }>(
    await tx.execute(sql`
      with due as (
        select p.id, p.elevator_id, p.maintenance_company_id, p.content_id, p.next_date, p.visit_seq + 1 as seq,
               p.worker_ids, c.version as content_version, l.use_company_id, l.area_code
        from ${maintenancePlan} p
        join ${lift} on l.id = p.elevator_id and l.maintenance_company_id = p.maintenance_company_id
        join ${maintenanceContent} c on c.id = p.content_id
        where p.id = any(${ids}::int[]) and p.enabled and p.next_date <= ${horizon}::date
          and p.elevator_id in (select gen_contract.contract_elevator_id from ${contract}
            where gen_contract.contract_elevator_id = any(${lifts}::int[]))
      ), crews as (
        -- The workers' names once per crew, not once per order.
        select w.worker_ids, (select array_agg(u.real_name order by array_position(w.worker_ids, u.id))
          from ${sysUser} u where u.id = any(w.worker_ids)) as names
        from (select distinct worker_ids from due) w
      ), made as (
        insert into ${maintenanceOrder} (order_no, elevator_id, plan_id, maintenance_company_id, use_company_id, area_code,
          kind, status, plan_date, content_id, content_version, worker_ids, workers)
        select 'WB' || to_char(d.next_date, 'YYYYMMDD') || ${ORDER_NO_SEQUENCE},
          d.elevator_id, d.id, d.maintenance_company_id, d.use_company_id, d.area_code,
          case when d.seq % 24 = 0 then 4 when d.seq % 12 = 0 then 3 when d.seq % 6 = 0 then 2 else 1 end,
          0, d.next_date, d.content_id, d.content_version, d.worker_ids,
          coalesce(c.names, '{}'::text[])
        from due d
        left join crews c on c.worker_ids = d.worker_ids
        on conflict (plan_id, plan_date) where plan_id is not null do nothing
        returning plan_id
      ), moved as (
        -- A plan moves on when its order for the date exists: made now, or made before.
        update ${maintenancePlan} p set next_date = p.next_date + p.interval_days, visit_seq = p.visit_seq + 1
        from due d
        where p.id = d.id and (d.id in (select plan_id from made) or exists (
          select 1 from ${maintenanceOrder} o where o.plan_id = d.id and o.plan_date = d.next_date))
        returning p.id
      )
      select (select count(*) from made)::int as made, (select count(*) from moved)::int as moved`),
  );
  return { made: Number(row?.made ?? 0), moved: Number(row?.moved ?? 0) };
}
