/**
 * Area tree for Nanning (南宁市, 450100), the platform's city.
 *
 * Spec: the area list is built from regional data; city code 450100 receives five extra
 * sub-district entries and one county label is renamed to a city label.
 * - Statutory county-level units follow GB/T 2260 / 民政部 current codes (DOMAIN.md §8).
 * - The renamed label is 横县 → 横州市 (county-level city since 2021; old code 450127, now 450181).
 *   Likewise 武鸣县 450122 became 武鸣区 450110 in 2015.
 * - The five extra entries are non-statutory functional zones. They have no official codes, so they
 *   use 8-digit codes (450100 + 2 digits) that can never collide with 6-digit GB/T 2260 codes.
 */

export interface AreaNode {
  value: string;
  label: string;
  children?: AreaNode[];
}

export const CITY_CODE = '450100';

export const areaTree: AreaNode[] = [
  {
    value: CITY_CODE,
    label: '南宁市',
    children: [
      { value: '450102', label: '兴宁区' },
      { value: '450103', label: '青秀区' },
      { value: '450105', label: '江南区' },
      { value: '450107', label: '西乡塘区' },
      { value: '450108', label: '良庆区' },
      { value: '450109', label: '邕宁区' },
      { value: '450110', label: '武鸣区' }, // formerly 武鸣县 450122
      { value: '450123', label: '隆安县' },
      { value: '450124', label: '马山县' },
      { value: '450125', label: '上林县' },
      { value: '450126', label: '宾阳县' },
      { value: '450181', label: '横州市' }, // the renamed county: formerly 横县 450127
      // Five extra functional zones (non-statutory, locally assigned 8-digit codes).
      { value: '45010051', label: '南宁高新技术产业开发区' },
      { value: '45010052', label: '南宁经济技术开发区' },
      { value: '45010053', label: '广西-东盟经济技术开发区' },
      { value: '45010054', label: '五象新区' },
      { value: '45010055', label: '南宁临空经济示范区' },
    ],
  },
];

function buildIndex(nodes: AreaNode[], index: Map<string, string>): Map<string, string> {
  for (const node of nodes) {
    index.set(node.value, node.label);
    if (node.children) buildIndex(node.children, index);
  }
  return index;
}

const areaIndex: ReadonlyMap<string, string> = buildIndex(areaTree, new Map());

/** Chinese label of an area code (city, county-level unit or functional zone). */
export function areaLabel(code: string): string | undefined {
  return areaIndex.get(code);
}

export function isKnownArea(code: string): boolean {
  return areaIndex.has(code);
}
