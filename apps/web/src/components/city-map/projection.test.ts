import { areaTree, CITY_CODE, gridRing, type LngLat, ringSelfIntersects } from '@ec/contract';
import { NANNING_BOUNDS, NANNING_DISTRICTS, NANNING_ZONES } from '@ec/contract/geo/nanning-districts';
import { describe, expect, it } from 'vitest';
import {
  aggregateByDistrict,
  aggregateByGrid,
  baseBox,
  boxBounds,
  districtAt,
  insideRing,
  placeAggregate,
  project,
  URBAN_VIEW,
  unproject,
  zoomBox,
  zoomOf,
} from './projection.ts';

describe('the offline map of Nanning', () => {
  it('turns a clicked point back into the longitude and latitude it was drawn at', () => {
    for (const p of [
      [108.32, 22.81],
      [108.0, 23.02],
      [108.85, 22.55],
    ] as LngLat[]) {
      const [lng, lat] = unproject(URBAN_VIEW, project(URBAN_VIEW, p));
      expect(lng).toBeCloseTo(p[0], 5);
      expect(lat).toBeCloseTo(p[1], 5);
    }
    // North is up: a point further north is higher on the map (smaller y).
    expect(project(URBAN_VIEW, [108.3, 22.9])[1]).toBeLessThan(project(URBAN_VIEW, [108.3, 22.7])[1]);
  });

  it('ships closed, simple district outlines inside the box of Nanning', () => {
    expect(NANNING_DISTRICTS.features.map((f) => f.properties.adcode)).toEqual(
      expect.arrayContaining(['450102', '450103', '450105', '450107', '450108', '450109', '450110']),
    );
    for (const f of NANNING_DISTRICTS.features) {
      const ring = f.geometry.coordinates[0];
      expect(ring[0], f.properties.name).toEqual(ring.at(-1));
      const open = ring.slice(0, -1);
      expect(ringSelfIntersects(open), f.properties.name).toBe(false);
      expect(gridRing.safeParse(ring).success, f.properties.name).toBe(true);
      for (const [lng, lat] of open) {
        expect(lng).toBeGreaterThanOrEqual(NANNING_BOUNDS.minLng);
        expect(lng).toBeLessThanOrEqual(NANNING_BOUNDS.maxLng);
        expect(lat).toBeGreaterThanOrEqual(NANNING_BOUNDS.minLat);
        expect(lat).toBeLessThanOrEqual(NANNING_BOUNDS.maxLat);
      }
    }
  });

  it('ships the five functional zones of areas.ts, each a closed outline inside its parent district', () => {
    const city = areaTree.find((n) => n.value === CITY_CODE);
    const zoneCodes = (city?.children ?? []).map((n) => n.value).filter((c) => c.length === 8);
    expect(zoneCodes).toEqual(['45010051', '45010052', '45010053', '45010054', '45010055']);
    expect(NANNING_ZONES.features.map((f) => f.properties.adcode)).toEqual(zoneCodes);
    const label = new Map((city?.children ?? []).map((n) => [n.value, n.label]));
    const districts = new Map(NANNING_DISTRICTS.features.map((f) => [f.properties.adcode, f]));
    for (const f of NANNING_ZONES.features) {
      const { adcode, name, center, parent } = f.properties;
      expect(name).toBe(label.get(adcode));
      const ring = f.geometry.coordinates[0] as LngLat[];
      expect(ring[0], name).toEqual(ring.at(-1));
      const open = ring.slice(0, -1);
      expect(open.length, name).toBeGreaterThanOrEqual(3);
      expect(ringSelfIntersects(open), name).toBe(false);
      expect(gridRing.safeParse(ring).success, name).toBe(true);
      const home = districts.get(parent);
      expect(home, `${name}'s parent ${parent}`).toBeDefined();
      const parentRing = home?.geometry.coordinates[0] as LngLat[];
      // Every vertex inside the parent, and no edge of the zone crossing the parent's border.
      for (const v of open) expect(insideRing(parentRing, v), `${name} ${v}`).toBe(true);
      for (let i = 0; i < open.length; i++)
        for (let j = 0; j + 1 < parentRing.length; j++)
          expect(
            crosses(open[i], open[(i + 1) % open.length], parentRing[j], parentRing[j + 1]),
            `${name} edge ${i} × ${parent} edge ${j}`,
          ).toBe(false);
      expect(insideRing(ring, center), `${name}'s label`).toBe(true);
      expect(districtAt(center), `${name}'s label`).toBe(parent);
    }
    // The districts stay the statutory twelve: nothing that sums them counts a zone.
    expect(NANNING_DISTRICTS.features.every((f) => f.properties.adcode.length === 6)).toBe(true);
  });

  it("draws a figure counted by a zone's code at the zone's centre, any other where it came", () => {
    const gaoxin = NANNING_ZONES.features[0].properties;
    const placed = placeAggregate({ id: 'z', adcode: gaoxin.adcode, lng: 108.37, lat: 22.82, count: 3 });
    expect([placed.lng, placed.lat]).toEqual(gaoxin.center);
    expect(placed.count).toBe(3);
    expect(placed.label).toBe(gaoxin.name);
    const district = { id: 'd', adcode: '450103', lng: 108.42, lat: 22.8, count: 2, label: '青秀区' };
    expect(placeAggregate(district)).toEqual(district);
    const cell = { id: 'c', lng: 108.2, lat: 22.7, count: 1 };
    expect(placeAggregate(cell)).toEqual(cell);
  });

  it('zooms around the pointer and never out past the whole view', () => {
    const base = baseBox(URBAN_VIEW);
    const at: [number, number] = [base.w / 4, base.h / 3];
    const inBox = zoomBox(base, base, 2, at);
    expect(zoomOf(base, inBox)).toBeCloseTo(2);
    // The point under the pointer stays at the same place of the box.
    expect((at[0] - inBox.x) / inBox.w).toBeCloseTo(at[0] / base.w);
    expect((at[1] - inBox.y) / inBox.h).toBeCloseTo(at[1] / base.h);
    expect(zoomOf(base, zoomBox(base, inBox, 0.1, at))).toBe(1);
    const b = boxBounds(URBAN_VIEW, inBox);
    expect(b.minLng).toBeGreaterThan(URBAN_VIEW.minLng - 1e-6);
    expect(b.maxLat).toBeLessThan(URBAN_VIEW.maxLat + 1e-6);
  });

  it('tells the district a point lies in and counts points per district and per cell', () => {
    const qingxiu = NANNING_DISTRICTS.features.find((f) => f.properties.adcode === '450103');
    expect(districtAt(qingxiu?.properties.center as LngLat)).toBe('450103');
    expect(districtAt([100, 10])).toBeNull();
    const points = NANNING_DISTRICTS.features.flatMap((f, i) =>
      Array.from({ length: i + 1 }, (_, k) => ({
        id: `${f.properties.adcode}-${k}`,
        lng: f.properties.center[0],
        lat: f.properties.center[1],
      })),
    );
    const counts = aggregateByDistrict(points);
    for (const [i, f] of NANNING_DISTRICTS.features.entries())
      expect(counts.find((a) => a.adcode === f.properties.adcode)?.count, f.properties.name).toBe(i + 1);
    const cells = aggregateByGrid(points, 0.05);
    expect(cells.reduce((s, c) => s + c.count, 0)).toBe(points.length);
  });
});

/** Whether segments pq and rs cross or touch. */
function crosses(p: LngLat, q: LngLat, r: LngLat, s: LngLat): boolean {
  const side = (a: LngLat, b: LngLat, c: LngLat) =>
    Math.sign((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]));
  return side(r, s, p) * side(r, s, q) <= 0 && side(p, q, r) * side(p, q, s) <= 0;
}
