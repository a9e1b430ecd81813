/**
 * The maintenance state of each bound lift (maintenance_lift): the day of its last submitted visit
 * and the day the next one is due (15 days later, 特种设备安全监察条例第31条). A lift is 超期 the day
 * after its due date. The submit updates its own lift; the daily job refreshes the whole table from
 * the registry (who maintains which lift, where) and records the day's overdue counts.
 */
import { formatDate, OVERDUE_AFTER_DAYS, shanghaiToday } from '@ec/contract';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { areaRange, rowsOf } from '../../platform/db/sql.ts';
import { liftsRelation } from '../elevator/api.ts';
import { maintenanceLift, maintenanceOrder, maintenanceOverdueDaily, maintenancePlan } from './tables.ts';

type Order = typeof maintenanceOrder.$inferSelect;

/** A visit was submitted: the lift's last visit moves to its day (never backwards). */
export async function markDone(db: Queryable, o: Order) {
  const day = formatDate(o.signOutAt ?? new Date());
  await db
    .insert(maintenanceLift)
    .values({
      elevatorId: o.elevatorId,
      maintenanceCompanyId: o.maintenanceCompanyId,
      useCompanyId: o.useCompanyId,
      areaCode: o.areaCode,
      lastDoneDate: day,
      dueDate: sql`(${day}::date + ${OVERDUE_AFTER_DAYS}::int)`,
    })
    .onConflictDoUpdate({
      target: maintenanceLift.elevatorId,
      set: {
        lastDoneDate: sql`greatest(${maintenanceLift.lastDoneDate}, ${day}::date)`,
        dueDate: sql`(greatest(${maintenanceLift.lastDoneDate}, ${day}::date) + ${OVERDUE_AFTER_DAYS}::int)`,
        updatedAt: new Date(),
      },
    });
}

/**
 * Rebuilds the table from the registry: every lift bound to a maintenance company, its last
 * submitted visit (from the orders) and its due date (the last visit + 15 days, or the plan's first
 * date when it has none yet); lifts no longer bound leave it.
 */
export async function refreshLiftStates(db: Queryable) {
  const lift = liftsRelation().as('l');
  await db.execute(sql`
    insert into ${maintenanceLift} (elevator_id, maintenance_company_id, use_company_id, area_code, last_done_date, due_date, updated_at)
    select l.id, l.maintenance_company_id, l.use_company_id, l.area_code, d.last_done,
           coalesce(d.last_done + ${OVERDUE_AFTER_DAYS}::int, p.first_date), now()
    from ${lift}
    left join lateral (
      select max((o.sign_out_at at time zone 'Asia/Shanghai')::date) as last_done
      from ${maintenanceOrder} o
      where o.elevator_id = l.id and o.sign_out_at is not null and o.status in (3, 4, 5)
    ) d on true
    left join ${maintenancePlan} p on p.elevator_id = l.id
    where l.maintenance_company_id is not null
    on conflict (elevator_id) do update set
      maintenance_company_id = excluded.maintenance_company_id,
      use_company_id = excluded.use_company_id,
      area_code = excluded.area_code,
      last_done_date = excluded.last_done_date,
      due_date = excluded.due_date,
      updated_at = now()`);
  await db.execute(sql`
    delete from ${maintenanceLift} m
    where not exists (select 1 from ${lift} where l.id = m.elevator_id and l.maintenance_company_id is not null)`);
}

/** The day's overdue counts per district and company (for the statistics), replacing that day's. */
export async function recordOverdueDay(db: Queryable, day = shanghaiToday()) {
  await db.execute(sql`delete from ${maintenanceOverdueDaily} where day = ${day}`);
  await db.execute(sql`
    insert into ${maintenanceOverdueDaily} (day, area_code, maintenance_company_id, lifts, overdue)
    select ${day}::date, coalesce(area_code, ''), maintenance_company_id, count(*)::int,
           count(*) filter (where due_date < ${day}::date)::int
    from ${maintenanceLift}
    where maintenance_company_id is not null
    group by 2, 3`);
}

/** Overdue lifts of a district (its code or a prefix of it) today. */
export async function overdueCount(db: Queryable, areaCode: string, day = shanghaiToday()): Promise<number> {
  const { from, to } = areaRange(areaCode);
  const rows = await db.execute(sql`
    select count(*)::int as n from ${maintenanceLift}
    where area_code >= ${from} and area_code < ${to} and due_date < ${day}::date`);
  return Number(rowsOf<{ n: number }>(rows)[0]?.n ?? 0);
}
