import type { LngLat } from '@ec/contract';
import { type MouseEvent, type ReactNode, useRef } from 'react';
import { DistrictLayer } from './DistrictLayer.tsx';
import { centreOf, pointsOf, project, URBAN_VIEW, unproject, type View, viewBox } from './projection.ts';

export interface MapGrid {
  id: number;
  name: string;
  ring: LngLat[];
  colour: string;
  /** Shown under the name when the grid is selected (e.g. the unit). */
  caption?: string | null;
}

/**
 * The offline map of Nanning with areas drawn on it (the rescue grids): the shipped district outlines
 * (DistrictLayer, no tiles, no network) with the grids on top. `onPick` receives the clicked point's [lng, lat] (for
 * drawing); `draft` is the outline being drawn.
 */
export function NanningMap({
  grids,
  selected,
  onSelect,
  onPick,
  draft,
  view = URBAN_VIEW,
  height = 520,
  children,
}: {
  grids: MapGrid[];
  selected?: number | null;
  onSelect?: (id: number) => void;
  onPick?: (p: LngLat) => void;
  draft?: LngLat[];
  view?: View;
  height?: number;
  children?: ReactNode;
}) {
  const svg = useRef<SVGSVGElement>(null);
  const pick = (e: MouseEvent<SVGSVGElement>) => {
    if (!onPick || !svg.current) return;
    const m = svg.current.getScreenCTM();
    if (!m) return;
    const pt = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    onPick(unproject(view, [pt.x, pt.y]));
  };
  const r = 2.2;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: drawing picks points with the pointer; the grids are listed and edited beside the map
    <svg
      ref={svg}
      viewBox={viewBox(view)}
      style={{
        width: '100%',
        height,
        background: '#eef4fb',
        border: '1px solid #d9d9d9',
        borderRadius: 6,
        cursor: onPick ? 'crosshair' : 'default',
      }}
      onClick={pick}
      role="img"
      aria-label="南宁市救援网格地图"
      data-testid="nanning-map"
    >
      <title>南宁市救援网格地图</title>
      <DistrictLayer view={view} dashed />
      {grids.map((g) => {
        const [x, y] = project(view, centreOf(g.ring));
        const active = g.id === selected;
        return (
          // biome-ignore lint/a11y/noStaticElementInteractions: the grids are also listed beside the map
          <g
            key={g.id}
            data-testid={`map-grid-${g.id}`}
            onClick={(e) => {
              if (!onSelect || onPick) return;
              e.stopPropagation();
              onSelect(g.id);
            }}
            style={{ cursor: onSelect && !onPick ? 'pointer' : undefined }}
          >
            <polygon
              points={pointsOf(view, g.ring)}
              fill={g.colour}
              fillOpacity={active ? 0.45 : 0.25}
              stroke={g.colour}
              strokeWidth={active ? 3 : 1.5}
            />
            <text x={x} y={y} fontSize={11} textAnchor="middle" fill="#1f2937" pointerEvents="none">
              {g.name}
            </text>
            {g.caption && active && (
              <text x={x} y={y + 13} fontSize={9} textAnchor="middle" fill="#4b5563" pointerEvents="none">
                {g.caption}
              </text>
            )}
          </g>
        );
      })}
      {draft && draft.length > 0 && (
        <g data-testid="map-draft">
          <polygon
            points={pointsOf(view, draft)}
            fill="#f5222d"
            fillOpacity={0.15}
            stroke="#f5222d"
            strokeWidth={1.5}
            strokeDasharray="5 3"
          />
          {draft.map((p) => {
            const [x, y] = project(view, p);
            return <circle key={`${p[0]},${p[1]}`} cx={x} cy={y} r={r} fill="#f5222d" />;
          })}
        </g>
      )}
      {children}
    </svg>
  );
}
