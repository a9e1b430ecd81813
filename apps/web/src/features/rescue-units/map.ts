import type { LngLat } from '@ec/contract';

/**
 * The offline map's projection: longitude and latitude to SVG units (equirectangular, longitude
 * shrunk by the cosine of Nanning's latitude so that shapes keep their proportions), and back.
 */
export interface View {
  minLng: number;
  maxLng: number;
  minLat: number;
  maxLat: number;
}

/** The urban districts and a margin: where the grids are drawn. */
export const URBAN_VIEW: View = { minLng: 108.0, maxLng: 108.85, minLat: 22.55, maxLat: 23.02 };

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

/** A colour per unit (the grid's own colour first). */
const PALETTE = ['#1677ff', '#52c41a', '#fa8c16', '#722ed1', '#eb2f96', '#13c2c2', '#faad14', '#2f54eb'];
export const unitColour = (unitId: number | null, own?: string | null) =>
  own || (unitId === null ? '#8c8c8c' : PALETTE[unitId % PALETTE.length]);
