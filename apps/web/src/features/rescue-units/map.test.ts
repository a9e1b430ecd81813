import { gridRing, type LngLat, ringSelfIntersects } from '@ec/contract';
import { NANNING_BOUNDS, NANNING_DISTRICTS } from '@ec/contract/geo/nanning-districts';
import { describe, expect, it } from 'vitest';
import { project, URBAN_VIEW, unproject } from './map.ts';

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
});
