import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../../../platform/access.ts';
import { reportScope } from './scope.ts';
import { inspectionReport as r } from './tables.ts';

/*
 * What other parts read of the reports (the bills: the reports their charges cover). The reports'
 * own scope decides which rows the user sees (scope.ts: a use unit and a regulator only the pushed
 * ones), so a part that joins this relation shows nothing the reports part would not.
 */

/** The reports the user sees, as a relation to join (`.as(name)`): one row per report. */
export function visibleReportsRelation(user: AuthUser) {
  return new QueryBuilder()
    .select({
      id: r.id,
      reportNo: r.reportNo,
      attempt: r.attempt,
      orderId: r.orderId,
      elevatorId: r.elevatorId,
      orgId: r.orgId,
      useUnitId: r.useUnitId,
      state: r.state,
      conclusion: r.conclusion,
      inspectedOn: r.inspectedOn,
      pushedAt: r.pushedAt,
    })
    .from(r)
    .where(reportScope(user));
}
