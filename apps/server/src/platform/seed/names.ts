import { pick, rng } from './random.ts';

/**
 * Plausible, varied demo names from a small deterministic generator: the same names on every
 * machine, never "张WB1", "联系人" or "李维保". People are a surname (weighted as in Guangxi, where
 * 黄, 韦, 李, 陆 and 覃 lead) and one or two given-name characters; communities are named after a
 * place of their own district, so that no community name appears in two districts.
 */
const SURNAMES: [string, number][] = [
  ['黄', 9],
  ['韦', 8],
  ['李', 7],
  ['陈', 6],
  ['陆', 5],
  ['覃', 5],
  ['梁', 5],
  ['刘', 5],
  ['张', 5],
  ['王', 5],
  ['莫', 4],
  ['杨', 4],
  ['蒙', 3],
  ['农', 3],
  ['廖', 3],
  ['周', 3],
  ['吴', 3],
  ['罗', 3],
  ['蓝', 2],
  ['苏', 2],
  ['谢', 2],
  ['潘', 2],
  ['卢', 2],
  ['邓', 2],
  ['唐', 2],
  ['何', 2],
  ['甘', 1],
  ['欧阳', 1],
];
const GIVEN = [
  ...'伟芳娜敏静丽强磊军洋勇艳杰娟涛明超兰霞平刚华建国志海峰宁春燕晓婷俊凯嘉欣雨婧思源涵宇航浩然文博铭瑞琳璐颖彬斌桂秋红玉振东德成荣光永福庆林松柏云清',
];

/** `count` different person names, the same for the same seed. */
export function personNames(seed: number, count: number): string[] {
  const r = rng(seed);
  const out = new Set<string>();
  while (out.size < count) {
    const [surname] = pick(r, SURNAMES);
    const first = GIVEN[Math.floor(r() * GIVEN.length)];
    const second = r() < 0.65 ? GIVEN[Math.floor(r() * GIVEN.length)] : '';
    if (second === first) continue;
    out.add(surname + first + second);
  }
  return [...out];
}

/** Places of each Nanning district that residential communities are named after. */
const PLACES: Record<string, string[]> = {
  '450102': ['朝阳', '邕江', '长堽', '民生', '望仙坡', '三塘', '昆仑', '五塘', '兴宁'],
  '450103': ['凤岭', '琅东', '金湖', '竹溪', '青山', '埌西', '佛子岭', '东葛', '茶花园', '南湖'],
  '450105': ['星光', '亭洪', '白沙', '福建园', '沙井', '那洪', '壮锦', '淡村', '亭子', '江南'],
  '450107': ['明秀', '北湖', '秀厢', '相思湖', '安吉', '心圩', '西津', '鲁班', '友爱', '秀灵'],
  '450108': ['五象', '玉洞', '大沙田', '良庆', '平乐', '银海', '那马', '龙堤'],
  '450109': ['蒲庙', '龙岗', '新江', '那楼', '百济', '中和'],
  '450110': ['灵源', '香山', '城厢', '双桥', '太平', '标营', '府城'],
};
const SUFFIXES = [
  '花园',
  '苑',
  '小区',
  '名都',
  '华庭',
  '家园',
  '雅居',
  '公馆',
  '新城',
  '御景湾',
  '豪庭',
  '山庄',
  '名苑',
  '丽景',
  '一品',
  '时代广场',
];

/**
 * `count` community names of the district `areaCode`, each made of one of its places and a
 * suffix, the same for the same seed; none for a district without places here.
 */
export function communityNames(areaCode: string, count: number, seed = 1): string[] {
  const places = PLACES[areaCode] ?? [];
  if (places.length === 0) return [];
  const r = rng(seed * 100_003 + Number(areaCode));
  const out = new Set<string>();
  const max = places.length * SUFFIXES.length;
  while (out.size < Math.min(count, max)) {
    out.add(places[Math.floor(r() * places.length)] + SUFFIXES[Math.floor(r() * SUFFIXES.length)]);
  }
  return [...out];
}
