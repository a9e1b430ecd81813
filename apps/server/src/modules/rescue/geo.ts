import { and, asc, gte, lte } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { rescueGrid } from './tables.ts';

export type Ring = [number, number][];

const EPSILON = 1e-12;

/** Whether p lies on the segment a–b (within floating-point noise). */
function onSegment(p: [number, number], a: [number, number], b: [number, number]): boolean {
  const cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
  if (Math.abs(cross) > EPSILON * Math.max(1, Math.abs(b[0] - a[0]) + Math.abs(b[1] - a[1]))) return false;
  return (
    p[0] >= Math.min(a[0], b[0]) - EPSILON &&
    p[0] <= Math.max(a[0], b[0]) + EPSILON &&
    p[1] >= Math.min(a[1], b[1]) - EPSILON &&
    p[1] <= Math.max(a[1], b[1]) + EPSILON
  );
}

/**
 * Whether a point ([longitude, latitude]) is inside a polygon ring or on its edge: a lift on the
 * line between two grids belongs to both, and `gridOfPoint` then picks the older grid. Ray casting
 * with half-open edges, so that a ray through a vertex counts once.
 */
export function ringContains(ring: Ring, p: [number, number]): boolean {
  const n = ring.length;
  if (n < 3) return false;
  let inside = false;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const a = ring[i];
    const b = ring[j];
    if (onSegment(p, a, b)) return true;
    if (a[1] > p[1] !== b[1] > p[1]) {
      const x = ((b[0] - a[0]) * (p[1] - a[1])) / (b[1] - a[1]) + a[0];
      if (p[0] < x) inside = !inside;
    }
  }
  return inside;
}

/** The bounding box of a ring, as the grid table keeps it beside the ring. */
export function boundsOf(ring: Ring) {
  const lngs = ring.map((p) => p[0]);
  const lats = ring.map((p) => p[1]);
  return {
    minLng: Math.min(...lngs),
    maxLng: Math.max(...lngs),
    minLat: Math.min(...lats),
    maxLat: Math.max(...lats),
  };
}

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
