/** What other modules may ask of the rescue domain (they never read its tables). */
import { CASE_SOURCE } from '@ec/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { rowsOf } from '../../platform/db/sql.ts';
import { alarm } from './cases/flow.ts';
import { repairOrder, rescueCase, signingRecord } from './tables.ts';

/**
 * A trapped-passenger alarm from a monitoring device (IoT, source 3): opens a 困人 case for the lift,
 * or joins the lift's open one (`joined`), in the caller's transaction. The same intake as
 * `POST /pc/rescueCase/alarm`.
 */
export async function openAlarmCase(
  db: Queryable,
  input: { elevatorId: number; deviceCode: string; description?: string; trapped?: number },
): Promise<{ caseId: number; joined: boolean }> {
  const { case: c, joined } = await alarm(db, {
    source: CASE_SOURCE.iot,
    elevatorId: input.elevatorId,
    deviceId: input.deviceCode,
    trapped: input.trapped,
    description: input.description,
  });
  return { caseId: c.id, joined };
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
