import { and, asc, gte, lte } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { rescueGrid } from './tables.ts';

// The ring geometry is the contract's (the demo lifts are placed with it too).
export { boundsOf, type Ring, ringContains } from '@ec/contract/geo/rings';

import { ringContains } from '@ec/contract/geo/rings';

export interface GridHit {
  gridId: number;
  gridName: string;
  unitId: number | null;
}

/**
 * The grid that contains a point (the oldest when grids overlap or the point is on a shared edge):
 * candidates by their bounding boxes (indexed), then the exact test on each ring.
 */
export async function gridOfPoint(
  q: Queryable,
  longitude: number,
  latitude: number,
): Promise<GridHit | null> {
  const candidates = await q
    .select({ id: rescueGrid.id, name: rescueGrid.name, unitId: rescueGrid.unitId, ring: rescueGrid.ring })
    .from(rescueGrid)
    .where(
      and(
        lte(rescueGrid.minLng, longitude),
        gte(rescueGrid.maxLng, longitude),
        lte(rescueGrid.minLat, latitude),
        gte(rescueGrid.maxLat, latitude),
      ),
    )
    .orderBy(asc(rescueGrid.id));
  const hit = candidates.find((g) => ringContains(g.ring, [longitude, latitude]));
  return hit ? { gridId: hit.id, gridName: hit.name, unitId: hit.unitId } : null;
}
