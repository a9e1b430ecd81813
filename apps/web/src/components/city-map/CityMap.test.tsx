import { NANNING_ZONES } from '@ec/contract/geo/nanning-districts';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mount, unmountAll } from '../../test/dom.tsx';
import { CityMap, type District } from './CityMap.tsx';
import { NanningMap } from './NanningMap.tsx';
import { project, URBAN_VIEW } from './projection.ts';

afterEach(unmountAll);

const svgClick = (el: Element) =>
  act(async () => void el.dispatchEvent(new MouseEvent('click', { bubbles: true })));

const q = (testId: string) => document.querySelector(`[data-testid="${testId}"]`);

describe('the city map and the functional zones', () => {
  it('draws each zone as a dashed outline with its short name over the districts', async () => {
    await mount(<CityMap aggregates={[]} />);
    const districts = q('map-districts');
    const zones = q('map-zones');
    expect(zones).not.toBeNull();
    // The zones come after (over) the districts, which stay the twelve statutory ones.
    expect(districts?.querySelectorAll('[data-testid^="map-district-"]').length).toBe(12);
    expect(zones?.querySelectorAll('[data-testid^="map-zone-"]').length).toBe(5);
    for (const f of NANNING_ZONES.features) {
      const g = q(`map-zone-${f.properties.adcode}`);
      expect(g?.getAttribute('data-name')).toBe(f.properties.name);
      expect(g?.querySelector('polygon')?.getAttribute('stroke-dasharray')).toBeTruthy();
      const label = g?.querySelector('text');
      expect(label?.textContent).toBe(f.properties.short);
      const [x, y] = project(URBAN_VIEW, f.properties.center);
      expect(Number(label?.getAttribute('x'))).toBeCloseTo(x);
      expect(Number(label?.getAttribute('y'))).toBeCloseTo(y);
    }
  });

  it("draws a zone-coded figure at the zone's centre and opens the zone's list on a click", async () => {
    const wuxiang = NANNING_ZONES.features.find((f) => f.properties.adcode === '45010054');
    const onDistrictClick = vi.fn((_: District) => undefined);
    await mount(
      <CityMap
        aggregates={[
          // The server's position for it (its lifts' mean, or the city's centre without any).
          { id: '45010054', adcode: '45010054', lng: 108.37, lat: 22.82, count: 7, label: '五象新区' },
          { id: '450103', adcode: '450103', lng: 108.42, lat: 22.8, count: 9, label: '青秀区' },
        ]}
        onDistrictClick={onDistrictClick}
      />,
    );
    const figure = q('map-aggregate-45010054');
    expect(figure?.textContent).toBe('7');
    const [x, y] = project(URBAN_VIEW, wuxiang?.properties.center as [number, number]);
    const circle = figure?.querySelector('circle');
    expect(Number(circle?.getAttribute('cx'))).toBeCloseTo(x);
    // Figures sit 14 units under their label (zoom 1).
    expect(Number(circle?.getAttribute('cy'))).toBeCloseTo(y + 14);
    // A district's figure stays where the server put it.
    const qingxiu = q('map-aggregate-450103')?.querySelector('circle');
    expect(Number(qingxiu?.getAttribute('cx'))).toBeCloseTo(project(URBAN_VIEW, [108.42, 22.8])[0]);

    await svgClick(q('map-zone-45010054') as Element);
    expect(onDistrictClick).toHaveBeenLastCalledWith({ adcode: '45010054', name: '五象新区' });
    await svgClick(figure as Element);
    expect(onDistrictClick).toHaveBeenLastCalledWith({ adcode: '45010054', name: '五象新区' });
    await svgClick(q('map-district-450108') as Element);
    expect(onDistrictClick).toHaveBeenLastCalledWith({ adcode: '450108', name: '良庆区' });
    expect(onDistrictClick).toHaveBeenCalledTimes(3);
  });

  it('outlines the selected zone like a selected district', async () => {
    await mount(<CityMap aggregates={[]} selectedDistrict="45010051" />);
    const polygon = q('map-zone-45010051')?.querySelector('polygon');
    expect(polygon?.getAttribute('stroke')).toBe('#1677ff');
    expect(polygon?.getAttribute('stroke-dasharray')).toBeNull();
    expect(q('map-zone-45010052')?.querySelector('polygon')?.getAttribute('stroke')).not.toBe('#1677ff');
  });

  it('shows the zones on the rescue grids map without catching its clicks', async () => {
    await mount(<NanningMap grids={[]} />);
    const zone = q('map-zone-45010055');
    expect(zone?.querySelector('text')?.textContent).toBe('临空经济区');
    expect(zone?.getAttribute('pointer-events')).toBe('none');
  });
});
