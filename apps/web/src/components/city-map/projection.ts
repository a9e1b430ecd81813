import type { LngLat } from '@ec/contract';
import { NANNING_DISTRICTS, zoneOf } from '@ec/contract/geo/nanning-districts';

/**
 * The offline map's projection: longitude and latitude to SVG units (equirectangular, longitude
 * shrunk by the cosine of Nanning's latitude so that shapes keep their proportions), and back; the
 * zoom and pan of a map as a box in those units; which district a point lies in; where a figure
 * counted per area goes.
 */
export interface View {
  minLng: number;
  maxLng: number;
  minLat: number;
  maxLat: number;
}

/** The urban districts and a margin: where the grids and the lifts are. */
export const URBAN_VIEW: View = { minLng: 108.0, maxLng: 108.85, minLat: 22.55, maxLat: 23.02 };

/** Every district and county of Nanning. */
export const CITY_VIEW: View = { minLng: 107.3, maxLng: 109.65, minLat: 22.2, maxLat: 24.05 };

const SCALE = 1000;
const COS = Math.cos((22.8 * Math.PI) / 180);

export const project = (v: View, [lng, lat]: LngLat): [number, number] => [
  (lng - v.minLng) * COS * SCALE,
  (v.maxLat - lat) * SCALE,
];

export const unproject = (v: View, [x, y]: [number, number]): LngLat => [
  Number((x / (COS * SCALE) + v.minLng).toFixed(6)),
  Number((v.maxLat - y / SCALE).toFixed(6)),
];

export const viewBox = (v: View) =>
  `0 0 ${(v.maxLng - v.minLng) * COS * SCALE} ${(v.maxLat - v.minLat) * SCALE}`;

export const pointsOf = (v: View, ring: LngLat[]) =>
  ring
    .map((p) => project(v, p))
    .map(([x, y]) => `${x.toFixed(2)},${y.toFixed(2)}`)
    .join(' ');

export const centreOf = (ring: LngLat[]): LngLat => [
  ring.reduce((s, p) => s + p[0], 0) / ring.length,
  ring.reduce((s, p) => s + p[1], 0) / ring.length,
];

/** The part of a map shown: a box in the SVG units of its base view. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export const baseBox = (v: View): Box => ({
  x: 0,
  y: 0,
  w: (v.maxLng - v.minLng) * COS * SCALE,
  h: (v.maxLat - v.minLat) * SCALE,
});

export const MAX_ZOOM = 64;

/** How far a box is zoomed in from its base view (1 = all of it). */
export const zoomOf = (base: Box, box: Box) => base.w / box.w;

/**
 * The box zoomed by `factor` (> 1 in) around the point `at` (SVG units), which stays where it is on
 * the screen; never further out than the base box nor in than MAX_ZOOM.
 */
export function zoomBox(base: Box, box: Box, factor: number, at: [number, number]): Box {
  const w = Math.min(base.w, Math.max(base.w / MAX_ZOOM, box.w / factor));
  const k = w / box.w;
  const h = box.h * k;
  return clampBox(base, { x: at[0] - (at[0] - box.x) * k, y: at[1] - (at[1] - box.y) * k, w, h });
}

/** The box moved by (dx, dy) SVG units, kept over the base box. */
export const panBox = (base: Box, box: Box, dx: number, dy: number): Box =>
  clampBox(base, { ...box, x: box.x + dx, y: box.y + dy });

function clampBox(base: Box, b: Box): Box {
  const x = Math.min(Math.max(b.x, base.x - b.w / 2), base.x + base.w - b.w / 2);
  const y = Math.min(Math.max(b.y, base.y - b.h / 2), base.y + base.h - b.h / 2);
  return { ...b, x, y };
}

/** The longitudes and latitudes a box shows (for loading the points inside it). */
export function boxBounds(v: View, b: Box): View {
  const [minLng, maxLat] = unproject(v, [b.x, b.y]);
  const [maxLng, minLat] = unproject(v, [b.x + b.w, b.y + b.h]);
  return { minLng, maxLng, minLat, maxLat };
}

/** Ray casting: whether [lng, lat] lies inside a closed ring. */
export function insideRing(ring: LngLat[], [x, y]: LngLat): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The district (area code) a point lies in, by the shipped outlines; null outside all of them. */
export function districtAt(p: LngLat): string | null {
  for (const f of NANNING_DISTRICTS.features)
    if (insideRing(f.geometry.coordinates[0] as LngLat[], p)) return f.properties.adcode;
  return null;
}

/** A point drawn on a map: one lift, one advertising screen… coloured by its state. */
export interface MapPoint {
  id: number | string;
  lng: number;
  lat: number;
  /** Its fill; otherwise the colour of its state in the map's legend, otherwise blue. */
  colour?: string;
  state?: string;
  label?: string;
}

/** What stands for many points when the map is zoomed out: a district's or a grid cell's count. */
export interface MapAggregate {
  id: string;
  lng: number;
  lat: number;
  count: number;
  label?: string;
  /** The district it counts, when it counts one (a click on it is a click on the district). */
  adcode?: string;
}

/** Points counted per district, placed at the district's label. */
export function aggregateByDistrict(points: MapPoint[]): MapAggregate[] {
  const counts = new Map<string, number>();
  for (const p of points) {
    const code = districtAt([p.lng, p.lat]);
    if (code) counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  return NANNING_DISTRICTS.features
    .filter((f) => counts.has(f.properties.adcode))
    .map((f) => ({
      id: f.properties.adcode,
      adcode: f.properties.adcode,
      lng: f.properties.center[0],
      lat: f.properties.center[1],
      count: counts.get(f.properties.adcode) ?? 0,
      label: f.properties.name,
    }));
}

/**
 * Where a figure is drawn: one that counts a functional zone (高新区… an 8-digit area code, see
 * NANNING_ZONES) at the zone's centre, under its dashed outline's name, whatever position it came
 * with (its lifts' mean could sit on its district's figure, and a zone's lifts without coordinates
 * would have none of their own); any other where it came.
 */
export function placeAggregate(a: MapAggregate): MapAggregate {
  const zone = a.adcode ? zoneOf(a.adcode) : undefined;
  if (!zone) return a;
  const [lng, lat] = zone.properties.center;
  return { ...a, lng, lat, label: a.label ?? zone.properties.name };
}

/** Points counted per square cell of `cellDeg` degrees, placed at the mean of the cell's points. */
export function aggregateByGrid(points: MapPoint[], cellDeg: number): MapAggregate[] {
  const cells = new Map<string, { n: number; lng: number; lat: number }>();
  for (const p of points) {
    const key = `${Math.floor(p.lng / cellDeg)}:${Math.floor(p.lat / cellDeg)}`;
    const c = cells.get(key) ?? { n: 0, lng: 0, lat: 0 };
    c.n += 1;
    c.lng += p.lng;
    c.lat += p.lat;
    cells.set(key, c);
  }
  return [...cells].map(([key, c]) => ({ id: key, lng: c.lng / c.n, lat: c.lat / c.n, count: c.n }));
}
