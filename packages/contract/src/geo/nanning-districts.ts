/*
 * The districts and counties of Nanning (南宁市) as GeoJSON, for the offline maps (救援网格, the
 * statistics' district maps), and the five functional zones over them (NANNING_ZONES below): the
 * project's ONE copy; import it from '@ec/contract/geo/nanning-districts'.
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
 * The five functional zones (功能区) that areas.ts lists beside the districts, with its locally
 * assigned 8-digit codes (DOMAIN.md §8): non-statutory, each lying inside one statutory district
 * (`parent`). A separate collection so that nothing that sums or tiles the districts counts a zone's
 * ground twice; the maps draw them as a dashed overlay.
 *
 * Provenance: drawn by hand like the districts above, as small approximate polygons around each
 * zone's real position (高新区 north-west of the centre in 西乡塘区, 经开区 south-west in 江南区,
 * 东盟经开区 south of 武鸣 town, 五象新区 south of the Yong river in 良庆区, 临空经济示范区 around
 * Wuxu airport 吴圩机场 in 江南区); each lies wholly inside its parent's polygon. NOT surveyed
 * boundaries: a schematic overlay and a place for a zone's figures, nothing is located by them.
 */
export interface ZoneFeature {
  type: 'Feature';
  properties: {
    /** The zone's local 8-digit area code (areas.ts), as the lifts' area_code spells it. */
    adcode: string;
    /** Its full name (areas.ts's label). */
    name: string;
    /** The short name the map labels it with. */
    short: string;
    /** Where its label and its figures go: [longitude, latitude]. */
    center: [number, number];
    /** The statutory district it lies in (NANNING_DISTRICTS' adcode). */
    parent: string;
  };
  geometry: { type: 'Polygon'; coordinates: [number, number][][] };
}

export interface ZoneCollection {
  type: 'FeatureCollection';
  features: ZoneFeature[];
}

const zone = (
  adcode: string,
  name: string,
  short: string,
  center: [number, number],
  parent: string,
  ring: [number, number][],
): ZoneFeature => ({
  type: 'Feature',
  properties: { adcode, name, short, center, parent },
  geometry: { type: 'Polygon', coordinates: [[...ring, ring[0]]] },
});

export const NANNING_ZONES: ZoneCollection = {
  type: 'FeatureCollection',
  features: [
    zone('45010051', '南宁高新技术产业开发区', '高新区', [108.26, 22.865], '450107', [
      [108.22, 22.84],
      [108.29, 22.84],
      [108.3, 22.88],
      [108.26, 22.9],
      [108.21, 22.88],
    ]),
    zone('45010052', '南宁经济技术开发区', '经开区', [108.21, 22.725], '450105', [
      [108.18, 22.7],
      [108.24, 22.69],
      [108.26, 22.73],
      [108.22, 22.76],
      [108.17, 22.74],
    ]),
    zone('45010053', '广西-东盟经济技术开发区', '东盟经开区', [108.19, 23.065], '450110', [
      [108.14, 23.04],
      [108.22, 23.03],
      [108.26, 23.07],
      [108.2, 23.1],
      [108.13, 23.08],
    ]),
    zone('45010054', '五象新区', '五象新区', [108.39, 22.745], '450108', [
      [108.35, 22.72],
      [108.42, 22.71],
      [108.44, 22.75],
      [108.4, 22.78],
      [108.35, 22.76],
    ]),
    zone('45010055', '南宁临空经济示范区', '临空经济区', [108.16, 22.63], '450105', [
      [108.12, 22.6],
      [108.2, 22.6],
      [108.22, 22.64],
      [108.16, 22.66],
      [108.11, 22.64],
    ]),
  ],
};

/** The zone an area code names, if it names one. */
export const zoneOf = (adcode: string): ZoneFeature | undefined =>
  NANNING_ZONES.features.find((f) => f.properties.adcode === adcode);

/**
 * The box a point of Nanning lies in (a little wider than the districts above): a grid's points and
 * a gridOf query outside it are refused.
 */
export const NANNING_BOUNDS = { minLng: 107.2, maxLng: 109.7, minLat: 22.1, maxLat: 24.2 } as const;

/** The urban districts (市辖区) where the demo lifts stand and the grids must cover. */
export const URBAN_DISTRICT_CODES = NANNING_DISTRICTS.features
  .filter((f) => f.properties.urban)
  .map((f) => f.properties.adcode);
