import { LIFT_MAP_STATE_LABEL, type MapInput, type MapOutput, statsDesignedCalls } from '@ec/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  CityMap,
  type District,
  type MapAggregate,
  type MapPoint,
  type MapViewState,
} from '../../../components/city-map/CityMap.tsx';
import { call } from '../../../lib/api.ts';

/** The colour of each lift state on the maps and the screen (LIFT_MAP_STATE). */
export const LIFT_STATE_COLOUR: Record<number, string> = {
  1: '#f5222d',
  2: '#fa8c16',
  3: '#faad14',
  4: '#8c8c8c',
  5: '#52c41a',
};

export const LIFT_LEGEND = Object.entries(LIFT_MAP_STATE_LABEL).map(([state, label]) => ({
  state,
  label,
  colour: LIFT_STATE_COLOUR[Number(state)],
}));

/** The map's zoom from which the lifts are asked for one by one (the server's MAP_POINT_ZOOM). */
const POINTS_FROM = 3;

/** The server's zoom for the map's: per district zoomed out, the lifts themselves zoomed in. */
export function serverZoom(v: MapViewState): number {
  return v.showPoints ? 14 : 1;
}

/** The answer's aggregates as the map draws them (districts, or grid cells when the server chose them). */
export function aggregatesOf(d: MapOutput): MapAggregate[] {
  if (d.mode === 'grid')
    return d.cells.map((c) => ({ id: `${c.lng},${c.lat}`, lng: c.lng, lat: c.lat, count: c.lifts }));
  return d.districts.map((x) => ({
    id: x.areaCode,
    adcode: x.areaCode,
    lng: x.lng,
    lat: x.lat,
    count: x.lifts,
    label: x.areaName,
  }));
}

export const pointsOf = (d: MapOutput): MapPoint[] =>
  d.points.map(([id, lng, lat, state]) => ({
    id,
    lng,
    lat,
    state: String(state),
    label: LIFT_MAP_STATE_LABEL[state],
  }));

/**
 * The lifts on the offline city map, read from the statistics' map call for the shown box: per
 * district when zoomed out, each lift coloured by its state when zoomed in (grid cells when the
 * server finds too many). A click on a district or a lift goes to the page.
 */
export function LiftMap({
  filters,
  onDistrictClick,
  onLiftClick,
  selectedDistrict,
  height,
  dark,
  refetchMs,
}: {
  filters: Omit<MapInput, 'minLng' | 'maxLng' | 'minLat' | 'maxLat' | 'zoom'>;
  onDistrictClick?: (d: District) => void;
  onLiftClick?: (id: number) => void;
  selectedDistrict?: string | null;
  height?: number | string;
  dark?: boolean;
  refetchMs?: number;
}) {
  const [view, setView] = useState<MapViewState | null>(null);
  const input: MapInput | null = useMemo(() => {
    if (!view) return null;
    const zoom = serverZoom(view);
    // Zoomed out the whole city is asked (the districts' counts do not depend on the box).
    return zoom === 1 ? { ...filters, zoom } : { ...filters, zoom, ...view.bounds };
  }, [view, filters]);
  const answer = useQuery({
    queryKey: ['stats', 'map', input],
    enabled: !!input,
    placeholderData: keepPreviousData,
    refetchInterval: refetchMs,
    queryFn: ({ signal }) => call(statsDesignedCalls.mapPoints, input as MapInput, { signal, silent: true }),
  });
  const data = answer.data;
  const points = useMemo(() => (data && data.mode === 'points' ? pointsOf(data) : []), [data]);
  const aggregates = useMemo(() => (data && data.mode !== 'points' ? aggregatesOf(data) : undefined), [data]);
  const shade = useMemo(
    () => (data ? Object.fromEntries(data.districts.map((x) => [x.areaCode, x.lifts])) : undefined),
    [data],
  );
  return (
    <CityMap
      points={points}
      aggregates={view?.showPoints ? undefined : (aggregates ?? [])}
      pointsFrom={POINTS_FROM}
      legend={LIFT_LEGEND}
      shade={shade}
      selectedDistrict={selectedDistrict}
      onDistrictClick={onDistrictClick}
      onPointClick={onLiftClick ? (p) => onLiftClick(Number(p.id)) : undefined}
      onViewChange={(v) =>
        setView((old) =>
          old && old.showPoints === v.showPoints && (!v.showPoints || sameBounds(old, v)) ? old : v,
        )
      }
      height={height}
      dark={dark}
      label="南宁市电梯分布地图"
      testId="lift-map"
    />
  );
}

const sameBounds = (a: MapViewState, b: MapViewState) =>
  a.bounds.minLng === b.bounds.minLng &&
  a.bounds.maxLng === b.bounds.maxLng &&
  a.bounds.minLat === b.bounds.minLat &&
  a.bounds.maxLat === b.bounds.maxLat;
