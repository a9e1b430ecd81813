/** What other modules may ask of the rescue domain (they never read its tables). */
import { CASE_SOURCE } from '@ec/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { preparedRows, rowsOf } from '../../platform/db/sql.ts';
import { type AlarmAuthority, addAlarmAuthority } from './cases/alarm-authority.ts';
import { alarm } from './cases/flow.ts';
import { addLeaseGuard, type LeaseGuard } from './signing/lease-guards.ts';
import { repairOrder, rescueCase, signingElevator, signingRecord } from './tables.ts';

export type { LeasedLift, LeaseGuard } from './signing/lease-guards.ts';

/**
 * A trapped-passenger alarm from a monitoring device: opens a 困人 case for the lift, or joins the
 * lift's open one (`joined`), in the caller's transaction. The same intake as
 * `POST /pc/rescueCase/alarm`. Its source is 物联网, or 一键呼救 when the device relays the car's
 * alarm button (`button`).
 */
export async function openAlarmCase(
  db: Queryable,
  input: { elevatorId: number; deviceCode: string; description?: string; trapped?: number; button?: boolean },
): Promise<{ caseId: number; joined: boolean }> {
  const { case: c, joined } = await alarm(db, {
    source: input.button ? CASE_SOURCE.alarmButton : CASE_SOURCE.iot,
    elevatorId: input.elevatorId,
    deviceId: input.deviceCode,
    trapped: input.trapped,
    description: input.description,
  });
  return { caseId: c.id, joined };
}

/**
 * Registers who may post `POST /pc/rescueCase/alarm` for a lift besides the platform (AlarmAuthority):
 * the IoT module vouches for a merchant on the lifts its devices are bound to.
 */
export function vouchForAlarms(authority: AlarmAuthority): void {
  addAlarmAuthority(authority);
}

// ---------------------------------------------------------------- for the advertising settlement

/**
 * The share (percent) each use unit's lease (租赁签约, kind 2) with an advertising operator grants,
 * for a settlement period [start, end]: a subquery with the columns use_company_id, share; per use
 * unit the lease in effect during the period that names a share (the latest started, when
 * renewals overlap it). A unit without one is absent (the settlement's parameter applies).
 */
export function leaseSharesSource(operatorId: number, start: string, end: string): SQL {
  return sql`(select distinct on (s.use_company_id) s.use_company_id, s.share
    from ${signingRecord} s
    where s.kind = 2 and s.partner_id = ${operatorId} and s.share is not null
      and s.start_date <= ${end}::date and s.end_date >= ${start}::date
    order by s.use_company_id, s.start_date desc, s.id desc)`;
}

// ---------------------------------------------------------------- for the advertising bookings

/**
 * The (operator, lift, use unit) triples whose leases (租赁签约, kind 2: `partner_id` the operator,
 * the lift in `signing_elevator`, signed by the use unit) cover every day of [start, end], renewals
 * joined: a subquery with the columns partner_id, elevator_id, use_company_id (a triple may repeat);
 * `partnerId` keeps one operator's. A lease covering the whole range answers by a plain join; only
 * leases covering part of it are grouped (`range_agg` of their date ranges `@>` the range), so the
 * usual case sorts nothing. Read once into a hash, e.g.
 * `((point.company_id, point.elevator_id, point.use_company_id) in (…)) is true`.
 */
export function leasedLiftsSource(start: string, end: string, partnerId?: number | null): SQL {
  const lease = sql`ls.kind = 2 ${partnerId == null ? sql`and ls.partner_id is not null` : sql`and ls.partner_id = ${partnerId}`}`;
  return sql`(select ls.partner_id, le.elevator_id, ls.use_company_id
    from ${signingRecord} ls join ${signingElevator} le on le.signing_id = ls.id
    where ${lease} and ls.start_date <= ${start}::date and ls.end_date >= ${end}::date
    union all
    select ls.partner_id, le.elevator_id, ls.use_company_id
    from ${signingRecord} ls join ${signingElevator} le on le.signing_id = ls.id
    where ${lease} and ls.start_date <= ${end}::date and ls.end_date >= ${start}::date
      and not (ls.start_date <= ${start}::date and ls.end_date >= ${end}::date)
    group by ls.partner_id, le.elevator_id, ls.use_company_id
    having range_agg(daterange(ls.start_date, ls.end_date, '[]')) @> daterange(${start}::date, ${end}::date, '[]'))`;
}

/**
 * The widest range around [start, end] that leases cover exactly as they cover [start, end]: from
 * the latest lease boundary (a lease's first day, or the day after its last) on or before `start`,
 * to the day before the earliest boundary after `end`, among the leases (kind 2) to `partnerId`
 * (every operator's when null). No lease begins or ends inside [from, start] nor inside [end, to],
 * so each (operator, lift, use unit) has the same leases on every day of either stretch, and
 * `leasedLiftsSource(from, to, partnerId)` keeps exactly the triples `leasedLiftsSource(start, end,
 * partnerId)` does: a count under the lease condition written with this range is the same for
 * every range inside one stretch between boundaries, and may be remembered under it. Where no
 * boundary lies on that side, the side is kept (no lease covers such a day anyway). Four probes of
 * the leases' date indexes (signing_record_lease_start_idx, signing_record_lease_end_idx).
 */
export async function leaseStretchOf(
  db: Queryable,
  start: string,
  end: string,
  partnerId?: number | null,
): Promise<{ start: string; end: string }> {
  const lease = sql`kind = 2 and ${partnerId == null ? sql`partner_id is not null` : sql`partner_id = ${partnerId}`}`;
  const [row] = await preparedRows<{ start: string | null; end: string | null }>(
    db,
    sql`select
      greatest(
        (select max(start_date) from ${signingRecord} where ${lease} and start_date <= ${start}::date),
        (select max(end_date) + 1 from ${signingRecord} where ${lease} and end_date < ${start}::date)
      )::text as "start",
      (least(
        (select min(start_date) from ${signingRecord} where ${lease} and start_date > ${end}::date),
        (select min(end_date) + 1 from ${signingRecord} where ${lease} and end_date >= ${end}::date)
      ) - 1)::text as "end"`,
  );
  return { start: row?.start ?? start, end: row?.end ?? end };
}

/**
 * The same condition for one point, probed (for a page of a few points): a boolean SQL, true when
 * leases of lift `lift` by use unit `unit` to operator `partner` (SQL of the outer row) cover every
 * day of [start, end]. Reads the unit's leases (signing_record_use_idx) and their link to the lift
 * (signing_elevator_uq), a row or two: a lease covering the range alone, else the overlapping ones
 * grouped.
 */
export function leaseCovers(partner: SQL, lift: SQL, unit: SQL, start: string, end: string): SQL {
  return sql`coalesce((select range_agg(daterange(lp.start_date, lp.end_date, '[]'))
      from ${signingRecord} lp join ${signingElevator} lq on lq.signing_id = lp.id and lq.elevator_id = ${lift}
      where lp.use_company_id = ${unit} and lp.kind = 2 and lp.partner_id = ${partner}
        and lp.start_date <= ${end}::date and lp.end_date >= ${start}::date)
    @> daterange(${start}::date, ${end}::date, '[]'), false)`;
}

/**
 * Of `needs` (a relation: a CTE's name or a parenthesised subquery with the columns k, partner_id,
 * elevator_id, use_company_id, start_date, end_date), the keys `k` whose lift is not leased by the
 * use unit to the operator on every day of [start_date, end_date] (leases joined as in
 * leasedLiftsSource; a need without a use unit is never covered): a subquery with the column k.
 */
export function leaseGaps(needs: SQL): SQL {
  return sql`(select ln.k from ${needs} ln left join (
      select lw.k, range_agg(daterange(ls.start_date, ls.end_date, '[]')) as cover
      from ${needs} lw
        join ${signingElevator} le on le.elevator_id = lw.elevator_id
        join ${signingRecord} ls on ls.id = le.signing_id
      where ls.kind = 2 and ls.partner_id = lw.partner_id and ls.use_company_id = lw.use_company_id
        and ls.start_date <= lw.end_date and ls.end_date >= lw.start_date
      group by lw.k) lc on lc.k = ln.k
    where lc.cover is null or not lc.cover @> daterange(ln.start_date, ln.end_date, '[]'))`;
}

/**
 * Locks `for share`, in id order, every lease that may cover one of `needs` (the relation of
 * leaseGaps), so that an edit or a delete of those leases waits for the caller's transaction, and
 * the caller's next statement (leaseGaps) reads them as they stay until it commits. A lease write
 * locks its rows `for update` first and asks the guards (guardLeaseChanges) after writing.
 */
export async function lockLeasesFor(db: Queryable, needs: SQL): Promise<void> {
  await db.execute(sql`select ls.id from ${signingRecord} ls
    where ls.kind = 2 and ls.id in (
      select le.signing_id from ${needs} lw
        join ${signingElevator} le on le.elevator_id = lw.elevator_id
        join ${signingRecord} lr on lr.id = le.signing_id
      where lr.partner_id = lw.partner_id and lr.use_company_id = lw.use_company_id
        and lr.start_date <= lw.end_date and lr.end_date >= lw.start_date)
    order by ls.id for share`);
}

/**
 * Registers a check run by every lease write that takes coverage away (LeaseGuard): the advertising
 * module refuses to let a lease shrink under a booking that needs it.
 */
export function guardLeaseChanges(guard: LeaseGuard): void {
  addLeaseGuard(guard);
}

// ---------------------------------------------------------------- for the statistics module

/**
 * Every case as the statistics rollups read it: a subquery with the columns id, case_no, kind,
 * status, source, elevator_id, area_code, address, maintenance_company_id, use_company_id,
 * agent_id, trapped, freed, alarm_at, dispatched_at, accepted_at, arrived_at, freed_at, closed_at,
 * cause, cause_detail, updated_at; `changedAfter` keeps those changed after that instant.
 */
export function caseStatsSource(changedAfter?: Date | null): SQL {
  return sql`(select id, case_no, kind, status, source, elevator_id, area_code, address,
      maintenance_company_id, use_company_id, agent_id, trapped, freed, alarm_at, dispatched_at,
      accepted_at, arrived_at, freed_at, closed_at, cause, cause_detail, updated_at
    from ${rescueCase}
    ${changedAfter ? sql`where ${rescueCase.updatedAt} > ${changedAfter.toISOString()}::timestamptz` : sql``})`;
}

/**
 * Every repair (故障报修) as the statistics rollups read it: id, elevator_id, area_code,
 * maintenance_company_id, use_company_id, hitch_type, status, created_at, updated_at.
 */
export function repairStatsSource(changedAfter?: Date | null): SQL {
  return sql`(select id, elevator_id, area_code, maintenance_company_id, use_company_id, hitch_type,
      status, created_at, updated_at
    from ${repairOrder}
    ${changedAfter ? sql`where ${repairOrder.updatedAt} > ${changedAfter.toISOString()}::timestamptz` : sql``})`;
}

/** The agents' names by user id (the 坐席 statistics' labels). */
export async function agentNames(q: Queryable, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await q.execute(
    sql`select u.id, coalesce(nullif(u.real_name, ''), u.username) as name from sys_user u
      where u.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
  );
  return new Map(rowsOf<{ id: number; name: string }>(rows).map((r) => [Number(r.id), r.name]));
}
