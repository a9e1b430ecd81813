import { type SQL, sql } from 'drizzle-orm';
import { inspectionReport } from './reports/tables.ts';

/*
 * What other modules read of periodic inspection (DOMAIN.md §3). Read functions only.
 */

/**
 * The inspection reports as a relation for the statistics' rollup (检验合格率, docs/statistics.md):
 * id, elevator_id, attempt, state, conclusion (合格 / 不合格 / 复检合格 / 复检不合格, null until
 * signed), inspected_on, signed_at, updated_at; only those changed after `changedAfter` when given.
 * `passed` is true for 合格 and 复检合格 (reports/conclusion.ts isPass).
 */
export function inspectionReportStatsSource(changedAfter?: Date | null): SQL {
  const r = inspectionReport;
  return sql`(select ${r.id} as id, ${r.elevatorId} as elevator_id, ${r.attempt} as attempt, ${r.state} as state,
      ${r.conclusion} as conclusion, ${r.conclusion} in ('合格', '复检合格') as passed,
      ${r.inspectedOn} as inspected_on, ${r.signedAt} as signed_at, ${r.updatedAt} as updated_at
    from ${r}
    ${changedAfter ? sql`where ${r.updatedAt} > ${changedAfter.toISOString()}::timestamptz` : sql``})`;
}
