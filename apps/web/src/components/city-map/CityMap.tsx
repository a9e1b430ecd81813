import { MinusOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { type District, DistrictLayer } from './DistrictLayer.tsx';
import {
  aggregateByDistrict,
  aggregateByGrid,
  type Box,
  baseBox,
  boxBounds,
  type MapAggregate,
  type MapPoint,
  placeAggregate,
  project,
  URBAN_VIEW,
  type View,
  zoomBox,
  zoomOf,
} from './projection.ts';

export type { District } from './DistrictLayer.tsx';
export type { MapAggregate, MapPoint, View } from './projection.ts';

/** A state's colour and name in the legend (and the fill of the points in that state). */
export interface MapLegendItem {
  state: string;
  label: string;
  colour: string;
}

/** What a map shows now: its longitudes and latitudes, its zoom, whether points are drawn one by one. */
export interface MapViewState {
  bounds: View;
  zoom: number;
  showPoints: boolean;
}

const DEFAULT_COLOUR = '#1677ff';

/**
 * The offline city map (no tiles, no key, no network): Nanning's districts from the project's one
 * GeoJSON copy, zoom (wheel, buttons) and pan (drag). Zoomed in past `pointsFrom`, each point is drawn
 * coloured by its state (`legend`); further out, aggregates stand for them: the server's when given,
 * otherwise counted here per district (`aggregate="district"`) or per grid cell (`"grid"`). A click on
 * a district, an aggregate or a point goes to the page (`onDistrictClick`, `onPointClick`). The
 * functional zones (NANNING_ZONES) lie over the districts as dashed outlines; a click on one, or on a
 * figure counted by a zone's area code (drawn at the zone's centre), is a click on that area too.
 * Generic: lifts on the data map, advertising screens on theirs.
 */
export function CityMap({
  points = [],
  aggregates,
  aggregate = 'district',
  pointsFrom = 3,
  view = URBAN_VIEW,
  shade,
  selectedDistrict,
  legend = [],
  onDistrictClick,
  onPointClick,
  onViewChange,
  height = 520,
  label = '南宁市电梯分布地图',
  testId = 'city-map',
  dark = false,
  children,
}: {
  points?: MapPoint[];
  /** The zoomed-out figures from the server (e.g. per district for the whole city); else counted from `points`. */
  aggregates?: MapAggregate[];
  aggregate?: 'district' | 'grid';
  /** The zoom (1 = the whole view) from which points are drawn one by one. */
  pointsFrom?: number;
  view?: View;
  /** A value per area code that shades the districts. */
  shade?: Record<string, number>;
  selectedDistrict?: string | null;
  legend?: MapLegendItem[];
  onDistrictClick?: (d: District) => void;
  onPointClick?: (p: MapPoint) => void;
  /** After every zoom or pan (e.g. to load the points inside the shown box). */
  onViewChange?: (v: MapViewState) => void;
  height?: number | string;
  label?: string;
  testId?: string;
  /** Colours for a dark background (the wall screen). */
  dark?: boolean;
  children?: ReactNode;
}) {
  const base = useMemo(() => baseBox(view), [view]);
  const [box, setBox] = useState<Box>(base);
  const svg = useRef<SVGSVGElement>(null);
  const drag = useRef<{ x: number; y: number; box: Box; moved: boolean } | null>(null);
  const zoom = zoomOf(base, box);
  const showPoints = zoom >= pointsFrom;

  useEffect(() => setBox(base), [base]);

  const viewChange = useRef(onViewChange);
  viewChange.current = onViewChange;
  useEffect(() => {
    viewChange.current?.({ bounds: boxBounds(view, box), zoom, showPoints });
  }, [view, box, zoom, showPoints]);

  /** Screen pixels → the SVG's units. */
  const toSvg = (clientX: number, clientY: number): [number, number] | null => {
    const m = svg.current?.getScreenCTM();
    if (!m) return null;
    const p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
    return [p.x, p.y];
  };

  // The wheel zooms the map, not the page (a passive React listener could not prevent the scroll).
  useEffect(() => {
    const el = svg.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const at = toSvg(e.clientX, e.clientY);
      if (at) setBox((b) => zoomBox(base, b, e.deltaY < 0 ? 1.25 : 0.8, at));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  });

  const zoomAtCentre = (factor: number) =>
    setBox((b) => zoomBox(base, b, factor, [b.x + b.w / 2, b.y + b.h / 2]));

  const colourOf = useMemo(() => {
    const byState = new Map(legend.map((l) => [l.state, l.colour]));
    return (p: MapPoint) => p.colour ?? (p.state ? byState.get(p.state) : undefined) ?? DEFAULT_COLOUR;
  }, [legend]);

  const shownAggregates = useMemo(() => {
    if (showPoints) return [];
    if (aggregates) return aggregates.map(placeAggregate);
    return aggregate === 'grid' ? aggregateByGrid(points, 0.04 / zoom) : aggregateByDistrict(points);
  }, [showPoints, aggregates, aggregate, points, zoom]);

  const visiblePoints = useMemo(() => {
    if (!showPoints) return [];
    const b = boxBounds(view, box);
    return points.filter(
      (p) => p.lng >= b.minLng && p.lng <= b.maxLng && p.lat >= b.minLat && p.lat <= b.maxLat,
    );
  }, [showPoints, points, view, box]);

  const maxCount = Math.max(1, ...shownAggregates.map((a) => a.count));
  const unit = 1 / zoom;
  const ink = dark ? '#e2e8f0' : '#1f2937';

  const onPointerDown = (e: React.PointerEvent<SVGSVGElement>) => {
    drag.current = { x: e.clientX, y: e.clientY, box, moved: false };
  };
  const onPointerMove = (e: React.PointerEvent<SVGSVGElement>) => {
    const d = drag.current;
    if (!d || !svg.current) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < 4) return;
    if (!d.moved) svg.current.setPointerCapture?.(e.pointerId);
    d.moved = true;
    const k = d.box.w / svg.current.getBoundingClientRect().width;
    const next = { ...d.box, x: d.box.x - dx * k, y: d.box.y - dy * k };
    setBox(zoomBox(base, next, 1, [next.x, next.y]));
  };
  const onPointerUp = () => {
    // A drag is not a click: keep `moved` until the click event that follows has been ignored.
    setTimeout(() => {
      drag.current = null;
    }, 0);
  };
  const dragged = () => drag.current?.moved === true;

  return (
    <div style={{ position: 'relative', height }} data-testid={testId} data-zoom={zoom.toFixed(2)}>
      <svg
        ref={svg}
        viewBox={`${box.x} ${box.y} ${box.w} ${box.h}`}
        style={{
          width: '100%',
          height: '100%',
          display: 'block',
          background: dark ? '#0b1e3a' : '#eef4fb',
          border: dark ? '1px solid #1e3a5f' : '1px solid #d9d9d9',
          borderRadius: 6,
          touchAction: 'none',
          userSelect: 'none',
        }}
        role="img"
        aria-label={label}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        <title>{label}</title>
        <DistrictLayer
          view={view}
          zoom={zoom}
          shade={shade}
          selected={selectedDistrict}
          onClick={onDistrictClick && ((d) => !dragged() && onDistrictClick(d))}
        />
        {shownAggregates.map((a) => {
          const [x, y] = project(view, [a.lng, a.lat]);
          const r = (9 + 16 * Math.sqrt(a.count / maxCount)) * unit;
          const click = a.adcode && onDistrictClick;
          return (
            // biome-ignore lint/a11y/noStaticElementInteractions: the same district is clickable on the map and in the page's table
            <g
              key={a.id}
              data-testid={`map-aggregate-${a.id}`}
              onClick={
                click
                  ? (e) => {
                      e.stopPropagation();
                      if (!dragged()) onDistrictClick({ adcode: a.adcode as string, name: a.label ?? '' });
                    }
                  : undefined
              }
              style={{ cursor: click ? 'pointer' : undefined }}
            >
              <circle
                cx={x}
                cy={y + 14 * unit}
                r={r}
                fill="#fa8c16"
                fillOpacity={0.75}
                stroke="#fff"
                strokeWidth={unit}
              />
              <text
                x={x}
                y={y + 14 * unit}
                dy="0.35em"
                fontSize={11 * unit}
                fontWeight={600}
                textAnchor="middle"
                fill="#fff"
                pointerEvents="none"
              >
                {a.count.toLocaleString('zh-CN')}
              </text>
            </g>
          );
        })}
        {visiblePoints.map((p) => {
          const [x, y] = project(view, [p.lng, p.lat]);
          return (
            // biome-ignore lint/a11y/noStaticElementInteractions: a point's record is also reachable from the page's lists
            <circle
              key={p.id}
              data-testid={`map-point-${p.id}`}
              cx={x}
              cy={y}
              r={4 * unit}
              fill={colourOf(p)}
              stroke="#fff"
              strokeWidth={0.8 * unit}
              style={{ cursor: onPointClick ? 'pointer' : undefined }}
              onClick={
                onPointClick
                  ? (e) => {
                      e.stopPropagation();
                      if (!dragged()) onPointClick(p);
                    }
                  : undefined
              }
            >
              {p.label && <title>{p.label}</title>}
            </circle>
          );
        })}
        {children}
      </svg>
      <Space
        direction="vertical"
        size={4}
        style={{ position: 'absolute', right: 8, top: 8 }}
        className="no-print"
      >
        <Button size="small" icon={<PlusOutlined />} aria-label="放大" onClick={() => zoomAtCentre(1.6)} />
        <Button
          size="small"
          icon={<MinusOutlined />}
          aria-label="缩小"
          onClick={() => zoomAtCentre(1 / 1.6)}
        />
        <Button size="small" icon={<ReloadOutlined />} aria-label="复位" onClick={() => setBox(base)} />
      </Space>
      {legend.length > 0 && (
        <div
          style={{
            position: 'absolute',
            left: 8,
            bottom: 8,
            padding: '4px 8px',
            borderRadius: 4,
            background: dark ? 'rgba(11,30,58,0.85)' : 'rgba(255,255,255,0.9)',
            color: ink,
            fontSize: 12,
          }}
          data-testid={`${testId}-legend`}
        >
          {showPoints
            ? legend.map((l) => (
                <span key={l.state} style={{ marginInlineEnd: 10, whiteSpace: 'nowrap' }}>
                  <span
                    style={{
                      display: 'inline-block',
                      width: 9,
                      height: 9,
                      borderRadius: 5,
                      background: l.colour,
                      marginInlineEnd: 4,
                    }}
                  />
                  {l.label}
                </span>
              ))
            : `放大至 ${pointsFrom} 倍显示单台，当前为${aggregates || aggregate === 'district' ? '各区' : '网格'}汇总`}
        </div>
      )}
    </div>
  );
}
