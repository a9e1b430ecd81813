/*
 * Plane geometry on [longitude, latitude] rings (GeoJSON order, WGS-84 degrees): which polygon a point
 * lies in, a ring's bounding box. Small distances only (a city): no projection.
 */

/** A polygon's outer ring; closed or not (the first point may or may not be repeated last). */
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
