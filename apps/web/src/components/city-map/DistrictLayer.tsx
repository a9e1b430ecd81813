import type { LngLat } from '@ec/contract';
import { NANNING_DISTRICTS, NANNING_ZONES } from '@ec/contract/geo/nanning-districts';
import { pointsOf, project, type View } from './projection.ts';

/** A district (or a functional zone) as a click gives it. */
export interface District {
  adcode: string;
  name: string;
}

/**
 * Nanning's districts from the project's one GeoJSON copy (@ec/contract/geo/nanning-districts),
 * drawn in a map's SVG: outlines and names, optionally shaded by a value per district (darker =
 * more), one of them selected, clickable. Over them the five functional zones (NANNING_ZONES:
 * 高新区, 经开区…, non-statutory, each inside a district) as dashed outlines with their short names;
 * a click on a zone gives the zone (its 8-digit area code and full name) as a district's click does.
 */
export function DistrictLayer({
  view,
  zoom = 1,
  shade,
  selected,
  onClick,
  dashed = false,
}: {
  view: View;
  /** Labels keep their size on screen as the map zooms. */
  zoom?: number;
  /** A value per area code; the largest gets the darkest fill. */
  shade?: Record<string, number>;
  selected?: string | null;
  onClick?: (d: District) => void;
  dashed?: boolean;
}) {
  const max = shade ? Math.max(1, ...Object.values(shade)) : 1;
  /** A district's or a zone's click handler (none when the map takes no clicks). */
  const clickOf = (d: District) =>
    onClick
      ? (e: { stopPropagation(): void }) => {
          e.stopPropagation();
          onClick(d);
        }
      : undefined;
  return (
    <g data-testid="map-districts">
      {NANNING_DISTRICTS.features.map((f) => {
        const { adcode, name, center, urban } = f.properties;
        const [x, y] = project(view, center);
        const value = shade?.[adcode];
        const active = selected === adcode;
        const fill =
          value !== undefined
            ? `rgba(22, 119, 255, ${(0.08 + 0.5 * (value / max)).toFixed(3)})`
            : urban
              ? '#fbfdf7'
              : '#f4f4f4';
        return (
          // biome-ignore lint/a11y/noStaticElementInteractions: the districts are also listed beside the map where a page lets one pick them
          <g
            key={adcode}
            data-testid={`map-district-${adcode}`}
            data-name={name}
            onClick={clickOf({ adcode, name })}
            style={{ cursor: onClick ? 'pointer' : undefined }}
          >
            <polygon
              points={pointsOf(view, f.geometry.coordinates[0] as LngLat[])}
              fill={fill}
              stroke={active ? '#1677ff' : '#a0aec0'}
              strokeWidth={active ? 2.5 : 1.2}
              strokeDasharray={dashed && !active ? '4 3' : undefined}
              vectorEffect="non-scaling-stroke"
            />
            <text
              x={x}
              y={y}
              fontSize={13 / zoom}
              fill={dashed ? '#94a3b8' : '#475569'}
              textAnchor="middle"
              pointerEvents="none"
            >
              {name}
            </text>
          </g>
        );
      })}
      <g data-testid="map-zones">
        {NANNING_ZONES.features.map((f) => {
          const { adcode, name, short, center } = f.properties;
          const [x, y] = project(view, center);
          const active = selected === adcode;
          return (
            // biome-ignore lint/a11y/noStaticElementInteractions: a zone is also an option of the pages' area pickers
            <g
              key={adcode}
              data-testid={`map-zone-${adcode}`}
              data-name={name}
              onClick={clickOf({ adcode, name })}
              style={{ cursor: onClick ? 'pointer' : undefined }}
              pointerEvents={onClick ? undefined : 'none'}
            >
              <title>{`${name}（功能区，位于${districtName(f.properties.parent)}）`}</title>
              <polygon
                points={pointsOf(view, f.geometry.coordinates[0] as LngLat[])}
                fill="#722ed1"
                fillOpacity={active ? 0.16 : 0.05}
                stroke={active ? '#1677ff' : '#9254de'}
                strokeWidth={active ? 2.5 : 1.2}
                strokeDasharray={active ? undefined : '5 3'}
                vectorEffect="non-scaling-stroke"
              />
              <text
                x={x}
                y={y}
                fontSize={11 / zoom}
                fill={dashed ? '#a78bfa' : '#6d28d9'}
                textAnchor="middle"
                pointerEvents="none"
              >
                {short}
              </text>
            </g>
          );
        })}
      </g>
    </g>
  );
}

const districtName = (adcode: string) =>
  NANNING_DISTRICTS.features.find((f) => f.properties.adcode === adcode)?.properties.name ?? adcode;
