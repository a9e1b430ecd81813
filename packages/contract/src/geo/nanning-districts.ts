/*
 * The districts and counties of Nanning (南宁市) as GeoJSON, for the offline maps (救援网格, the
 * statistics' district maps): the project's ONE copy; import it from '@ec/contract/geo/nanning-districts'.
 *
 * Provenance: drawn by hand for this project (no openly licensed boundary data was found to ship),
 * as simplified approximate polygons around each district's real position, the Yong river (邕江)
 * as the line between the districts north and south of it. They are good for a schematic map and
 * for telling which district a grid mostly lies in; they are NOT surveyed boundaries. Coordinates
 * are [longitude, latitude] (WGS-84 degrees, GeoJSON order), rings closed. Neighbouring districts
 * share their border vertices. Replace the file with surveyed data when the authority provides it.
 */

export interface DistrictFeature {
  type: 'Feature';
  properties: {
    /** The district's area code (GB/T 2260), as sys_area and the lifts' area_code spell it. */
    adcode: string;
    name: string;
    /** Where its label goes: [longitude, latitude]. */
    center: [number, number];
    /** 市辖区 (urban district) or 县/县级市. */
    urban: boolean;
  };
  geometry: { type: 'Polygon'; coordinates: [number, number][][] };
}

export interface DistrictCollection {
  type: 'FeatureCollection';
  features: DistrictFeature[];
}

const district = (
  adcode: string,
  name: string,
  center: [number, number],
  urban: boolean,
  ring: [number, number][],
): DistrictFeature => ({
  type: 'Feature',
  properties: { adcode, name, center, urban },
  geometry: { type: 'Polygon', coordinates: [[...ring, ring[0]]] },
});

export const NANNING_DISTRICTS: DistrictCollection = {
  type: 'FeatureCollection',
  features: [
    district('450102', '兴宁区', [108.4, 22.93], true, [
      [108.3, 22.8],
      [108.38, 22.81],
      [108.42, 22.86],
      [108.5, 22.93],
      [108.5, 23.02],
      [108.4, 23.05],
      [108.33, 22.98],
      [108.33, 22.88],
    ]),
    district('450103', '青秀区', [108.58, 22.82], true, [
      [108.38, 22.81],
      [108.45, 22.79],
      [108.55, 22.74],
      [108.75, 22.7],
      [108.78, 22.82],
      [108.65, 22.95],
      [108.5, 22.93],
      [108.42, 22.86],
    ]),
    district('450105', '江南区', [108.15, 22.7], true, [
      [107.95, 22.8],
      [107.92, 22.68],
      [108.05, 22.58],
      [108.2, 22.58],
      [108.3, 22.68],
      [108.33, 22.76],
      [108.3, 22.8],
      [108.2, 22.8],
    ]),
    district('450107', '西乡塘区', [108.15, 22.89], true, [
      [107.95, 22.8],
      [108.2, 22.8],
      [108.3, 22.8],
      [108.33, 22.88],
      [108.33, 22.98],
      [108.2, 23.0],
      [108.05, 22.98],
      [107.95, 22.9],
    ]),
    district('450108', '良庆区', [108.38, 22.58], true, [
      [108.3, 22.8],
      [108.33, 22.76],
      [108.3, 22.68],
      [108.2, 22.58],
      [108.25, 22.45],
      [108.4, 22.38],
      [108.5, 22.5],
      [108.48, 22.65],
      [108.45, 22.79],
      [108.38, 22.81],
    ]),
    district('450109', '邕宁区', [108.66, 22.6], true, [
      [108.45, 22.79],
      [108.48, 22.65],
      [108.5, 22.5],
      [108.65, 22.45],
      [108.85, 22.55],
      [108.9, 22.68],
      [108.75, 22.7],
      [108.55, 22.74],
    ]),
    district('450110', '武鸣区', [108.25, 23.22], true, [
      [107.95, 22.9],
      [108.05, 22.98],
      [108.2, 23.0],
      [108.33, 22.98],
      [108.4, 23.05],
      [108.5, 23.02],
      [108.55, 23.2],
      [108.5, 23.45],
      [108.25, 23.55],
      [108.05, 23.45],
      [107.95, 23.25],
      [107.9, 23.05],
    ]),
    district('450123', '隆安县', [107.65, 23.12], false, [
      [107.95, 22.8],
      [107.95, 22.9],
      [107.9, 23.05],
      [107.95, 23.25],
      [107.6, 23.4],
      [107.35, 23.15],
      [107.5, 22.9],
    ]),
    district('450124', '马山县', [108.12, 23.75], false, [
      [108.05, 23.45],
      [108.25, 23.55],
      [108.35, 23.8],
      [108.1, 24.0],
      [107.85, 23.8],
      [107.95, 23.55],
    ]),
    district('450125', '上林县', [108.58, 23.6], false, [
      [108.25, 23.55],
      [108.5, 23.45],
      [108.85, 23.55],
      [108.8, 23.75],
      [108.5, 23.75],
      [108.35, 23.8],
    ]),
    district('450126', '宾阳县', [108.8, 23.25], false, [
      [108.5, 23.45],
      [108.55, 23.2],
      [108.5, 23.02],
      [108.65, 22.95],
      [108.95, 23.05],
      [109.1, 23.3],
      [108.85, 23.55],
    ]),
    district('450181', '横州市', [109.2, 22.75], false, [
      [108.78, 22.82],
      [108.75, 22.7],
      [108.9, 22.68],
      [108.85, 22.55],
      [109.1, 22.45],
      [109.5, 22.6],
      [109.45, 22.95],
      [109.1, 23.05],
      [108.95, 23.05],
      [108.65, 22.95],
    ]),
  ],
};

/**
 * The box a point of Nanning lies in (a little wider than the districts above): a grid's points and
 * a gridOf query outside it are refused.
 */
export const NANNING_BOUNDS = { minLng: 107.2, maxLng: 109.7, minLat: 22.1, maxLat: 24.2 } as const;

/** The urban districts (市辖区) where the demo lifts stand and the grids must cover. */
export const URBAN_DISTRICT_CODES = NANNING_DISTRICTS.features
  .filter((f) => f.properties.urban)
  .map((f) => f.properties.adcode);
