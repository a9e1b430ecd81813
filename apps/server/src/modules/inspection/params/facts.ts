import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/client.ts';
import { liftSpecs } from '../../elevator/api.ts';
import { inspectionTechParam } from './tables.ts';

/** What a quote is computed from (DOMAIN.md §3.3): the variety and the sizes that add surcharges. */
export interface QuoteFacts {
  variety: string | null;
  stops: number | null;
  riseM: number | null;
  lengthM: number | null;
  ratedLoad: number | null;
}

/**
 * A lift's quote facts for one organisation: its technical parameters where the organisation
 * recorded them, else the registry's variety, floors and load (rise and length are only in the
 * parameters). Null when the lift does not exist. The caller has decided the user may see the lift.
 */
export async function quoteFacts(
  q: Queryable,
  orgId: number,
  elevatorId: number,
): Promise<QuoteFacts | null> {
  const [params] = await q
    .select()
    .from(inspectionTechParam)
    .where(and(eq(inspectionTechParam.orgId, orgId), eq(inspectionTechParam.elevatorId, elevatorId)));
  const lift = await liftSpecs(q, elevatorId);
  if (!lift) return null;
  return {
    variety: params?.variety ?? lift.variety,
    stops: params?.stops ?? lift.floors,
    riseM: params?.riseM ?? null,
    lengthM: params?.lengthM ?? null,
    ratedLoad: params?.ratedLoad ?? lift.ratedLoad,
  };
}
