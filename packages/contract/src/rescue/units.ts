import { z } from 'zod';
import { defineCall } from '../call.ts';
import { idField, isCreditCode, pageOf, paging, requiredText, text } from '../common.ts';
import { dateField, deleteCall, phoneInput, version } from '../fields.ts';
import { NANNING_BOUNDS } from '../geo/nanning-districts.ts';
import { addDays, formatDate, SHANGHAI_OFFSET_MS } from '../rules.ts';
import { RESCUE_PERMISSIONS } from './rules.ts';

/*
 * Rescue units and grids (DOMAIN.md §4.2, level 2 of a dispatch): the rescue units (enterprises of
 * kind 'rescue'), their teams (救援队伍, jiuYuanDui), staff and duty rosters, the grids drawn on the
 * offline Nanning map and assigned to units, which grid contains a point or a lift, and the grid
 * board. Designed paths under /pc/rescue/ (the spec names the pages, not the calls).
 */

const R = '/pc/rescue';
const P = RESCUE_PERMISSIONS;
const domain = 'rescue';

/** 班次: 1 白班 08:00–20:00, 2 夜班 20:00–次日 08:00 (Asia/Shanghai). */
export const DUTY_SHIFT = { day: 1, night: 2 } as const;
export const DUTY_SHIFT_LABEL: Record<number, string> = { 1: '白班', 2: '夜班' };
export const DUTY_SHIFT_HOURS = { dayStarts: 8, nightStarts: 20 } as const;

/**
 * The roster entry on duty at an instant: 08–20 is that day's 白班; 20–24 that day's 夜班; 00–08
 * the previous day's 夜班.
 */
export function dutyAt(now: Date = new Date()): { day: string; shift: number } {
  const hour = new Date(now.getTime() + SHANGHAI_OFFSET_MS).getUTCHours();
  const today = formatDate(now);
  if (hour < DUTY_SHIFT_HOURS.dayStarts) return { day: addDays(today, -1), shift: DUTY_SHIFT.night };
  if (hour < DUTY_SHIFT_HOURS.nightStarts) return { day: today, shift: DUTY_SHIFT.day };
  return { day: today, shift: DUTY_SHIFT.night };
}

/** The Monday of the week a date falls in (`yyyy-MM-dd`). */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

// ---------------------------------------------------------------- grid rings

export type LngLat = [number, number];

const cross = (o: LngLat, a: LngLat, b: LngLat) =>
  (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
function segmentsCross(a: LngLat, b: LngLat, c: LngLat, d: LngLat): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  const on = (p: LngLat, q: LngLat, r: LngLat) =>
    cross(p, q, r) === 0 &&
    r[0] >= Math.min(p[0], q[0]) &&
    r[0] <= Math.max(p[0], q[0]) &&
    r[1] >= Math.min(p[1], q[1]) &&
    r[1] <= Math.max(p[1], q[1]);
  return on(c, d, a) || on(c, d, b) || on(a, b, c) || on(a, b, d);
}

/** Whether a ring's edges cross or touch anywhere but at the vertices they share (a bow-tie). */
export function ringSelfIntersects(ring: LngLat[]): boolean {
  const n = ring.length;
  for (let i = 0; i < n; i++) {
    const a = ring[i];
    const b = ring[(i + 1) % n];
    for (let j = i + 1; j < n; j++) {
      // Neighbouring edges share a vertex; that is not a crossing.
      if (j === i || (j + 1) % n === i || j === (i + 1) % n) continue;
      if (segmentsCross(a, b, ring[j], ring[(j + 1) % n])) return true;
    }
  }
  return false;
}

/** The signed area of a ring (degrees², for telling a degenerate ring). */
export const ringArea = (ring: LngLat[]) =>
  ring.reduce((s, p, i) => {
    const q = ring[(i + 1) % ring.length];
    return s + p[0] * q[1] - q[0] * p[1];
  }, 0) / 2;

/** Whether a point lies on one of a ring's edges. */
export function onRingEdge(ring: LngLat[], p: LngLat): boolean {
  return ring.some((a, i) => {
    const b = ring[(i + 1) % ring.length];
    const span = Math.abs(b[0] - a[0]) + Math.abs(b[1] - a[1]);
    return (
      Math.abs(cross(a, b, p)) <= 1e-12 * Math.max(1, span) &&
      p[0] >= Math.min(a[0], b[0]) - 1e-12 &&
      p[0] <= Math.max(a[0], b[0]) + 1e-12 &&
      p[1] >= Math.min(a[1], b[1]) - 1e-12 &&
      p[1] <= Math.max(a[1], b[1]) + 1e-12
    );
  });
}

/**
 * Whether two rings share some of their inside (grids that merely share an edge do not): edges
 * that properly cross, or a vertex, an edge's midpoint or the centre of one strictly inside the
 * other. `contains` is the inclusive point-in-ring test (the server's geo.ts ringContains).
 */
export function ringsOverlap(
  a: LngLat[],
  b: LngLat[],
  contains: (ring: LngLat[], p: LngLat) => boolean,
): boolean {
  const proper = (p: LngLat, q: LngLat, r: LngLat, s: LngLat) => {
    const d1 = cross(r, s, p);
    const d2 = cross(r, s, q);
    const d3 = cross(p, q, r);
    const d4 = cross(p, q, s);
    return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
  };
  for (let i = 0; i < a.length; i++)
    for (let j = 0; j < b.length; j++)
      if (proper(a[i], a[(i + 1) % a.length], b[j], b[(j + 1) % b.length])) return true;
  const strictlyIn = (ring: LngLat[], p: LngLat) => contains(ring, p) && !onRingEdge(ring, p);
  const probes = (r: LngLat[]): LngLat[] => [
    ...r,
    ...r.map(
      (p, i): LngLat => [(p[0] + r[(i + 1) % r.length][0]) / 2, (p[1] + r[(i + 1) % r.length][1]) / 2],
    ),
    [r.reduce((s, p) => s + p[0], 0) / r.length, r.reduce((s, p) => s + p[1], 0) / r.length],
  ];
  return (
    probes(a).some((p) => strictlyIn(b, p) && (contains(a, p) || a.includes(p))) ||
    probes(b).some((p) => strictlyIn(a, p) && (contains(b, p) || b.includes(p)))
  );
}

const lng = z.coerce
  .number({ error: '经度应为数字' })
  .min(NANNING_BOUNDS.minLng, `经度应在南宁市范围内（${NANNING_BOUNDS.minLng}–${NANNING_BOUNDS.maxLng}）`)
  .max(NANNING_BOUNDS.maxLng, `经度应在南宁市范围内（${NANNING_BOUNDS.minLng}–${NANNING_BOUNDS.maxLng}）`);
const lat = z.coerce
  .number({ error: '纬度应为数字' })
  .min(NANNING_BOUNDS.minLat, `纬度应在南宁市范围内（${NANNING_BOUNDS.minLat}–${NANNING_BOUNDS.maxLat}）`)
  .max(NANNING_BOUNDS.maxLat, `纬度应在南宁市范围内（${NANNING_BOUNDS.minLat}–${NANNING_BOUNDS.maxLat}）`);
const point = z.tuple([lng, lat], { error: '网格顶点应为 [经度, 纬度]' });

/**
 * A grid's outline: at least three points in Nanning, [longitude, latitude]. A closed ring (the last
 * point repeating the first) is accepted and stored open; repeated points, a ring without area and
 * a ring whose edges cross are refused.
 */
export const gridRing = z
  .array(point, { error: '请绘制网格范围' })
  .max(201, '网格顶点不能超过 200 个')
  .transform((r) => {
    const n = r.length;
    return n > 1 && r[0][0] === r[n - 1][0] && r[0][1] === r[n - 1][1] ? r.slice(0, -1) : r;
  })
  .superRefine((value, ctx) => {
    const r = value as LngLat[];
    const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (r.length < 3) return fail('网格至少需要 3 个顶点');
    if (new Set(r.map((p) => `${p[0]},${p[1]}`)).size !== r.length) return fail('网格顶点不能重复');
    if (ringSelfIntersects(r)) return fail('网格边界不能自相交');
    if (Math.abs(ringArea(r)) < 1e-10) return fail('网格面积为零，请重新绘制');
  });

// ---------------------------------------------------------------- units

export const rescueUnitRow = z.object({
  id: z.number().int(),
  name: z.string(),
  creditCode: z.string().nullable(),
  areaCode: z.string().nullable(),
  areaName: z.string().nullable(),
  address: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  teamCount: z.number().int(),
  staffCount: z.number().int(),
  gridCount: z.number().int(),
  /** Open cases dispatched to the unit or in its grids. */
  openCases: z.number().int(),
  /** The row's last change: sent back with a save, a stale one is refused (409). */
  updateTime: z.string(),
});
export type RescueUnitRow = z.infer<typeof rescueUnitRow>;

export const rescueTeamRow = z.object({
  id: z.number().int(),
  unitId: z.number().int(),
  unitName: z.string(),
  name: z.string(),
  leaderName: z.string().nullable(),
  phone: z.string().nullable(),
  areaCode: z.string().nullable(),
  address: z.string().nullable(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  vehicles: z.number().int(),
  remark: z.string().nullable(),
  staffCount: z.number().int(),
  version: z.number().int(),
});
export type RescueTeamRow = z.infer<typeof rescueTeamRow>;

export const rescueStaffRow = z.object({
  id: z.number().int(),
  unitId: z.number().int(),
  unitName: z.string(),
  teamId: z.number().int().nullable(),
  teamName: z.string().nullable(),
  name: z.string(),
  phone: z.string(),
  position: z.string().nullable(),
  certNo: z.string().nullable(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  enabled: z.boolean(),
  version: z.number().int(),
});
export type RescueStaffRow = z.infer<typeof rescueStaffRow>;

export const rescueGridRow = z.object({
  id: z.number().int(),
  name: z.string(),
  unitId: z.number().int().nullable(),
  unitName: z.string().nullable(),
  areaCode: z.string().nullable(),
  areaName: z.string().nullable(),
  ring: z.array(z.tuple([z.number(), z.number()])),
  color: z.string().nullable(),
  remark: z.string().nullable(),
  version: z.number().int(),
  createTime: z.string(),
});
export type RescueGridRow = z.infer<typeof rescueGridRow>;

export const rescueUnitDetail = rescueUnitRow.extend({
  legalPerson: z.string().nullable(),
  teams: z.array(rescueTeamRow),
  staff: z.array(rescueStaffRow),
  grids: z.array(rescueGridRow),
});
export type RescueUnitDetail = z.infer<typeof rescueUnitDetail>;

export const unitFields = z.object({
  id: idField('救援单位').optional(),
  updateTime: text(30).optional(),
  name: requiredText('单位名称', 100),
  creditCode: z
    .string({ error: '统一社会信用代码不能为空' })
    .trim()
    .toUpperCase()
    .refine(isCreditCode, '统一社会信用代码不正确'),
  areaCode: requiredText('所属区域', 12).regex(/^\d{6}$/, '所属区域不正确'),
  address: text(200).nullable().optional(),
  legalPerson: text(50).nullable().optional(),
  contactName: text(50).nullable().optional(),
  /** Sent back as the detail showed it (masked) keeps the stored number. */
  contactPhone: phoneInput({ label: '联系电话', maskedOk: true }).nullable().optional(),
});
export type UnitFields = z.input<typeof unitFields>;
export type UnitValues = z.output<typeof unitFields>;

export const teamFields = z.object({
  id: idField('救援队伍').optional(),
  version: version.optional(),
  unitId: idField('救援单位'),
  name: requiredText('队伍名称', 100),
  leaderName: text(50).nullable().optional(),
  /** Sent back as the detail showed it (masked) keeps the stored number. */
  phone: phoneInput({ label: '联系电话', maskedOk: true }).nullable().optional(),
  areaCode: text(12).nullable().optional(),
  address: text(200).nullable().optional(),
  longitude: lng.nullable().optional(),
  latitude: lat.nullable().optional(),
  vehicles: z.coerce
    .number({ error: '车辆数应为数字' })
    .int('车辆数应为整数')
    .min(0, '车辆数不能为负数')
    .max(999, '车辆数不能超过 999')
    .default(0),
  remark: text(500).nullable().optional(),
});
export type TeamFields = z.input<typeof teamFields>;
export type TeamValues = z.output<typeof teamFields>;

export const rescuerFields = z.object({
  id: idField('救援人员').optional(),
  version: version.optional(),
  unitId: idField('救援单位'),
  teamId: idField('救援队伍').nullable().optional(),
  name: requiredText('姓名', 50),
  // A mobile shown masked (138****1234) may come back unchanged: the stored one is kept.
  phone: phoneInput({ label: '手机号', maskedOk: true, mobile: true }),
  position: text(50).nullable().optional(),
  certNo: text(50).nullable().optional(),
  /** The unit's sign-in account this rescuer uses (accepts cases with it). */
  userId: idField('登录账号').nullable().optional(),
  enabled: z.boolean().optional(),
});
export type RescuerFields = z.input<typeof rescuerFields>;
export type RescuerValues = z.output<typeof rescuerFields>;

const shift = z.coerce
  .number({ error: '请选择班次' })
  .int()
  .refine((v) => v === 1 || v === 2, '班次应为白班或夜班');

export const dutyEntry = z.object({
  id: z.number().int(),
  staffId: z.number().int(),
  staffName: z.string(),
  day: z.string(),
  shift: z.number().int(),
});
export type DutyEntry = z.infer<typeof dutyEntry>;

export const dutyWeek = z.object({
  unitId: z.number().int(),
  unitName: z.string(),
  /** Monday of the week. */
  weekStart: z.string(),
  days: z.array(z.string()),
  staff: z.array(z.object({ id: z.number().int(), name: z.string(), teamName: z.string().nullable() })),
  entries: z.array(dutyEntry),
});
export type DutyWeek = z.infer<typeof dutyWeek>;

export const gridFields = z.object({
  id: idField('救援网格').optional(),
  version: version.optional(),
  name: requiredText('网格名称', 50),
  unitId: idField('救援单位').nullable().optional(),
  ring: gridRing,
  color: text(20)
    .regex(/^(#[0-9a-fA-F]{6})?$/, '颜色应为 #RRGGBB')
    .nullable()
    .optional(),
  remark: text(500).nullable().optional(),
});
export type GridFields = z.input<typeof gridFields>;
export type GridValues = z.output<typeof gridFields>;

export const gridSaved = z.object({
  grid: rescueGridRow,
  /** Grids the saved one overlaps (allowed: a point in both belongs to the older grid). */
  overlaps: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type GridSaved = z.infer<typeof gridSaved>;

export const gridHit = z.object({
  gridId: z.number().int().nullable(),
  gridName: z.string().nullable(),
  unitId: z.number().int().nullable(),
  unitName: z.string().nullable(),
  unitPhone: z.string().nullable(),
  longitude: z.number(),
  latitude: z.number(),
});
export type GridHitRow = z.infer<typeof gridHit>;

export const gridBoardCard = z.object({
  gridId: z.number().int(),
  gridName: z.string(),
  areaName: z.string().nullable(),
  color: z.string().nullable(),
  ring: z.array(z.tuple([z.number(), z.number()])),
  unitId: z.number().int().nullable(),
  unitName: z.string().nullable(),
  unitPhone: z.string().nullable(),
  onDuty: z.array(
    z.object({ id: z.number().int(), name: z.string(), phone: z.string(), teamName: z.string().nullable() }),
  ),
  /** Lifts whose coordinates fall in the grid (a lift on a shared edge counts in the older grid). */
  liftCount: z.number().int(),
  openCases: z.array(
    z.object({
      id: z.number().int(),
      caseNo: z.string(),
      status: z.number().int(),
      statusLabel: z.string(),
      address: z.string().nullable(),
      alarmAt: z.string(),
    }),
  ),
});
export type GridBoardCard = z.infer<typeof gridBoardCard>;

export const gridBoard = z.object({
  /** The roster entry the on-duty staff are from. */
  day: z.string(),
  shift: z.number().int(),
  shiftLabel: z.string(),
  cards: z.array(gridBoardCard),
  /** Lifts with coordinates in no grid (in the viewer's districts). */
  uncoveredLifts: z.number().int(),
  now: z.string(),
});
export type GridBoard = z.infer<typeof gridBoard>;

const unitId = idField('救援单位');

export const rescueUnitCalls = {
  unitList: defineCall({
    domain,
    method: 'GET',
    path: `${R}/unit/list`,
    permission: P.unitList,
    summary: '救援单位列表',
    input: z.object({ ...paging, keyword: text(50).optional(), areaCode: text(12).optional() }),
    output: pageOf(rescueUnitRow),
  }),
  unitDetail: defineCall({
    domain,
    method: 'GET',
    path: `${R}/unit/detail/{id}`,
    permission: P.unitList,
    summary: '救援单位详情',
    input: z.object({ id: unitId }),
    output: rescueUnitDetail,
  }),
  unitSave: defineCall({
    domain,
    method: 'POST',
    path: `${R}/unit/save`,
    permission: P.unitEdit,
    summary: '新增或修改救援单位',
    input: unitFields,
    output: rescueUnitDetail,
  }),
  teamList: defineCall({
    domain,
    method: 'GET',
    path: `${R}/team/list`,
    permission: P.unitList,
    summary: '救援队伍列表',
    input: z.object({ ...paging, unitId: unitId.optional(), keyword: text(50).optional() }),
    output: pageOf(rescueTeamRow),
  }),
  teamSave: defineCall({
    domain,
    method: 'POST',
    path: `${R}/team/save`,
    permission: P.unitEdit,
    summary: '新增或修改救援队伍',
    input: teamFields,
    output: rescueTeamRow,
  }),
  teamDelete: deleteCall(domain, `${R}/team/delete`, P.unitEdit, '删除救援队伍'),
  staffList: defineCall({
    domain,
    method: 'GET',
    path: `${R}/staff/list`,
    permission: P.unitList,
    summary: '救援人员列表',
    input: z.object({
      ...paging,
      unitId: unitId.optional(),
      teamId: idField('救援队伍').optional(),
      keyword: text(50).optional(),
    }),
    output: pageOf(rescueStaffRow),
  }),
  staffSave: defineCall({
    domain,
    method: 'POST',
    path: `${R}/staff/save`,
    permission: P.unitEdit,
    summary: '新增或修改救援人员',
    input: rescuerFields,
    output: rescueStaffRow,
  }),
  staffDelete: deleteCall(domain, `${R}/staff/delete`, P.unitEdit, '删除救援人员'),
  /** The unit's sign-in accounts a rescuer may be linked to. */
  staffAccounts: defineCall({
    domain,
    method: 'GET',
    path: `${R}/staff/accounts`,
    permission: P.unitList,
    summary: '救援单位的登录账号',
    input: z.object({ unitId }),
    output: z.array(z.object({ id: z.number().int(), username: z.string(), realName: z.string() })),
  }),
  dutyWeek: defineCall({
    domain,
    method: 'GET',
    path: `${R}/duty/week`,
    permission: P.unitList,
    summary: '救援单位一周值班表',
    input: z.object({ unitId, weekStart: dateField('周开始日期').optional() }),
    output: dutyWeek,
  }),
  dutyAdd: defineCall({
    domain,
    method: 'POST',
    path: `${R}/duty/add`,
    permission: P.unitEdit,
    summary: '排班',
    input: z.object({ staffId: idField('救援人员'), day: dateField('值班日期'), shift }),
    output: dutyEntry,
  }),
  /** Sets who of a unit is on one day's shift (adds and removes so that it is exactly `staffIds`). */
  dutySet: defineCall({
    domain,
    method: 'POST',
    path: `${R}/duty/set`,
    permission: P.unitEdit,
    summary: '设置某日某班值班人员',
    input: z.object({
      unitId,
      day: dateField('值班日期'),
      shift,
      staffIds: z.array(idField('救援人员')).max(100, '一个班次最多 100 人'),
    }),
    output: z.array(dutyEntry),
  }),
  dutyDelete: deleteCall(domain, `${R}/duty/delete`, P.unitEdit, '删除排班'),
  gridList: defineCall({
    domain,
    method: 'GET',
    path: `${R}/grid/list`,
    permission: P.unitList,
    summary: '救援网格列表',
    input: z.object({
      ...paging,
      unitId: unitId.optional(),
      keyword: text(50).optional(),
      areaCode: text(12).optional(),
    }),
    output: pageOf(rescueGridRow),
  }),
  gridDetail: defineCall({
    domain,
    method: 'GET',
    path: `${R}/grid/detail/{id}`,
    permission: P.unitList,
    summary: '救援网格详情',
    input: z.object({ id: idField('救援网格') }),
    output: rescueGridRow,
  }),
  gridSave: defineCall({
    domain,
    method: 'POST',
    path: `${R}/grid/save`,
    permission: P.unitEdit,
    summary: '新增或修改救援网格',
    input: gridFields,
    output: gridSaved,
  }),
  gridDelete: deleteCall(domain, `${R}/grid/delete`, P.unitEdit, '删除救援网格'),
  /** The grid (and its unit) containing a point, or a lift by its coordinates. */
  gridOf: defineCall({
    domain,
    method: 'GET',
    path: `${R}/grid/gridOf`,
    permission: P.unitList,
    summary: '查询点位或电梯所在网格',
    input: z
      .object({ longitude: lng.optional(), latitude: lat.optional(), elevatorId: idField('电梯').optional() })
      .refine(
        (v) => v.elevatorId !== undefined || (v.longitude !== undefined && v.latitude !== undefined),
        '请提供经纬度或电梯',
      ),
    output: gridHit,
  }),
  board: defineCall({
    domain,
    method: 'GET',
    path: `${R}/grid/board`,
    permission: P.unitList,
    summary: '救援网格看板',
    input: z.object({ areaCode: text(12).optional(), unitId: unitId.optional() }),
    output: gridBoard,
  }),
};
