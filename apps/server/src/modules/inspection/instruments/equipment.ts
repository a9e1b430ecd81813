import {
  addDays,
  CALIBRATION_KIND_LABEL,
  CALIBRATION_STATE_LABEL,
  type CallParsedInput,
  calibrationStateOf,
  EQUIPMENT_EXPIRING_DAYS,
  EQUIPMENT_STATE,
  EQUIPMENT_STATE_LABEL,
  type EquipmentDetail,
  type EquipmentRow,
  type equipmentCalls,
  formatDateTime,
  shanghaiToday,
  type UsableEquipment,
} from '@ec/contract';
import { and, asc, desc, eq, gt, gte, ilike, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { countRows, paginate } from '../../../platform/db/paginate.ts';
import { likePattern, uniqueViolation } from '../../../platform/db/sql.ts';
import { enterprise, sysUser } from '../../../platform/db/tables.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors.ts';
import { inspectionReport as report } from '../reports/tables.ts';
import { orgScope, ownOrg } from '../scope.ts';
import { inspectionEquipmentCalibration as cal, inspectionEquipment as eq_ } from './tables.ts';

type Filters = Omit<CallParsedInput<typeof equipmentCalls.query>, 'page' | 'limit'>;
type Values = CallParsedInput<typeof equipmentCalls.add>;
type Update = CallParsedInput<typeof equipmentCalls.update>;
type Stored = typeof eq_.$inferSelect;

const WHAT = '检验设备';
const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

function equipmentView(r: Stored, orgName: string, today = shanghaiToday()): EquipmentRow {
  const state = calibrationStateOf(r.validUntil, today);
  return {
    id: r.id,
    orgId: r.orgId,
    orgName,
    name: r.name,
    model: r.model,
    serialNo: r.serialNo,
    manufacturer: r.manufacturer,
    measuringRange: r.measuringRange,
    accuracy: r.accuracy,
    calibrationKind: r.calibrationKind,
    calibrationKindLabel: CALIBRATION_KIND_LABEL[r.calibrationKind] ?? '',
    calibratedOn: r.calibratedOn,
    validUntil: r.validUntil,
    certificateNo: r.certificateNo,
    institution: r.institution,
    state: r.state,
    stateLabel: EQUIPMENT_STATE_LABEL[r.state] ?? '',
    calibrationState: state,
    calibrationStateLabel: CALIBRATION_STATE_LABEL[state],
    daysLeft: r.validUntil ? daysBetween(today, r.validUntil) : null,
    note: r.note,
    version: r.version,
    updateTime: r.updatedAt.toISOString(),
  };
}

/** The rows the filters select, within the user's scope. */
function filtersWhere(user: AuthUser, f: Filters): SQL | undefined {
  const today = shanghaiToday();
  const soon = addDays(today, EQUIPMENT_EXPIRING_DAYS);
  const byState = {
    valid: gt(eq_.validUntil, soon),
    expiring: and(gte(eq_.validUntil, today), lte(eq_.validUntil, soon)),
    expired: lt(eq_.validUntil, today),
    none: isNull(eq_.validUntil),
  };
  const k = f.keyword ? likePattern(f.keyword) : null;
  return and(
    orgScope(user, eq_.orgId),
    k ? or(ilike(eq_.name, k), ilike(eq_.model, k), ilike(eq_.serialNo, k)) : undefined,
    f.state ? eq(eq_.state, f.state) : undefined,
    f.calibrationState ? byState[f.calibrationState] : undefined,
    f.orgId ? eq(eq_.orgId, f.orgId) : undefined,
  );
}

export async function listEquipment(
  q: Queryable,
  user: AuthUser,
  f: CallParsedInput<typeof equipmentCalls.query>,
) {
  const where = filtersWhere(user, f);
  const today = shanghaiToday();
  return paginate(
    q,
    f,
    (w) =>
      q
        .select({ e: eq_, orgName: enterprise.name })
        .from(eq_)
        .innerJoin(enterprise, eq(enterprise.id, eq_.orgId))
        .where(where)
        .orderBy(desc(eq_.id))
        .limit(w.limit)
        .offset(w.offset),
    { from: eq_, where },
    (r) => equipmentView(r.e, r.orgName, today),
  );
}

/** How many instruments of the filters the user sees (the list's count: the export's size). */
export const equipmentCount = (q: Queryable, user: AuthUser, f: Filters) =>
  countRows(q, eq_, filtersWhere(user, f));

/** Rows for the export, by ascending id after `afterId` (platform/excel.ts keysetBatches). */
export async function equipmentBatch(
  q: Queryable,
  user: AuthUser,
  f: Filters,
  afterId: number,
  size: number,
) {
  const today = shanghaiToday();
  const rows = await q
    .select({ e: eq_, orgName: enterprise.name })
    .from(eq_)
    .innerJoin(enterprise, eq(enterprise.id, eq_.orgId))
    .where(and(filtersWhere(user, f), gt(eq_.id, afterId)))
    .orderBy(asc(eq_.id))
    .limit(size);
  return rows.map((r) => equipmentView(r.e, r.orgName, today));
}

/** A visible instrument (404 otherwise), locked for a write when `lock`. */
async function visibleEquipment(q: Queryable, user: AuthUser, id: number, lock = false): Promise<Stored> {
  const query = q
    .select()
    .from(eq_)
    .where(and(eq(eq_.id, id), orgScope(user, eq_.orgId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('检验设备不存在或无权访问');
  return row;
}

export async function equipmentDetail(q: Queryable, user: AuthUser, id: number): Promise<EquipmentDetail> {
  const [row] = await q
    .select({ e: eq_, orgName: enterprise.name })
    .from(eq_)
    .innerJoin(enterprise, eq(enterprise.id, eq_.orgId))
    .where(and(eq(eq_.id, id), orgScope(user, eq_.orgId)));
  if (!row) throw notFound('检验设备不存在或无权访问');
  const history = await q
    .select({ c: cal, by: sysUser.realName })
    .from(cal)
    .leftJoin(sysUser, eq(sysUser.id, cal.recordedBy))
    .where(eq(cal.equipmentId, id))
    .orderBy(desc(cal.calibratedOn), desc(cal.id));
  return {
    ...equipmentView(row.e, row.orgName),
    calibrations: history.map(({ c, by }) => ({
      id: c.id,
      calibrationKind: c.calibrationKind,
      calibrationKindLabel: CALIBRATION_KIND_LABEL[c.calibrationKind] ?? '',
      calibratedOn: c.calibratedOn,
      validUntil: c.validUntil,
      certificateNo: c.certificateNo,
      institution: c.institution,
      recordedBy: by,
      recordTime: formatDateTime(c.createdAt),
    })),
  };
}

const columnsOf = (v: Values) => ({
  name: v.name,
  model: v.model || null,
  serialNo: v.serialNo,
  manufacturer: v.manufacturer || null,
  measuringRange: v.measuringRange || null,
  accuracy: v.accuracy || null,
  calibrationKind: v.calibrationKind,
  calibratedOn: v.calibratedOn || null,
  validUntil: v.validUntil || null,
  certificateNo: v.certificateNo || null,
  institution: v.institution || null,
  state: v.state,
  note: v.note || null,
});

function assertCalibratedOn(v: Values) {
  if (v.calibratedOn && v.calibratedOn > shanghaiToday())
    throw badRequest('检定日期不能晚于今天', [{ field: 'calibratedOn', message: '检定日期不能晚于今天' }]);
}

const serialTaken = (err: unknown, serialNo: string) =>
  uniqueViolation(err) === 'inspection_equipment_serial_uq'
    ? conflict(`出厂编号 ${serialNo} 已登记在本机构的其他检验设备上`)
    : err;

async function appendCalibration(q: Queryable, user: AuthUser, id: number, c: ReturnType<typeof columnsOf>) {
  if (!c.calibratedOn || !c.validUntil) return;
  await q.insert(cal).values({
    equipmentId: id,
    calibrationKind: c.calibrationKind,
    calibratedOn: c.calibratedOn,
    validUntil: c.validUntil,
    certificateNo: c.certificateNo,
    institution: c.institution,
    recordedBy: user.id,
  });
}

/** Adds an instrument of the user's organisation; its calibration, if given, opens the history. */
export async function addEquipment(q: Queryable, user: AuthUser, v: Values) {
  const orgId = ownOrg(user, WHAT);
  assertCalibratedOn(v);
  const c = columnsOf(v);
  let id: number;
  try {
    [{ id }] = await q
      .insert(eq_)
      .values({ ...c, orgId })
      .returning({ id: eq_.id });
  } catch (err) {
    throw serialTaken(err, v.serialNo);
  }
  await appendCalibration(q, user, id, c);
  return equipmentDetail(q, user, id);
}

/**
 * Changes an instrument, or records its calibration: new dates or a new certificate append a row to
 * the history. The save names the version its form showed; the UPDATE's WHERE holds it, and a
 * stale one changes nothing and is refused (409).
 */
export async function updateEquipment(q: Queryable, user: AuthUser, v: Update) {
  ownOrg(user, WHAT);
  const stored = await visibleEquipment(q, user, v.id);
  assertCalibratedOn(v);
  const c = columnsOf(v);
  let updated: { id: number }[];
  try {
    updated = await q
      .update(eq_)
      .set({ ...c, version: v.version + 1, updatedAt: new Date() })
      .where(and(eq(eq_.id, v.id), eq(eq_.orgId, stored.orgId), eq(eq_.version, v.version)))
      .returning({ id: eq_.id });
  } catch (err) {
    throw serialTaken(err, v.serialNo);
  }
  if (updated.length === 0) throw conflict('该检验设备已被他人修改，请刷新后重试');
  const recalibrated =
    c.calibratedOn !== stored.calibratedOn ||
    c.validUntil !== stored.validUntil ||
    c.certificateNo !== stored.certificateNo;
  if (recalibrated) await appendCalibration(q, user, v.id, c);
  return equipmentDetail(q, user, v.id);
}

/**
 * Deletes the user's organisation's instruments: all of `ids` or none (404 naming none of them). An
 * instrument a report names (its 检验设备, in any state: a signed or pushed report is a record of
 * the calibrated instruments used) is not deleted: the DELETE itself leaves it (`not exists` a report
 * naming it), and a batch with one is refused whole (409 naming each, the transaction rolls back).
 * The rows are locked first, so the DELETE's own snapshot sees every report written meanwhile: a
 * report that names an instrument reads it `for share` (usableInstruments), and waits for this.
 */
export async function deleteEquipment(q: Queryable, user: AuthUser, ids: number[]) {
  const orgId = ownOrg(user, WHAT);
  const wanted = [...new Set(ids)];
  const found = await q
    .select({ id: eq_.id })
    .from(eq_)
    .where(and(inArray(eq_.id, wanted), eq(eq_.orgId, orgId)))
    .orderBy(asc(eq_.id))
    .for('update');
  if (found.length !== wanted.length) throw notFound('检验设备不存在或无权访问');
  const deleted = await q
    .delete(eq_)
    .where(and(inArray(eq_.id, wanted), eq(eq_.orgId, orgId), sql`not exists (${reportsNaming(eq_.id)})`))
    .returning({ id: eq_.id });
  if (deleted.length !== wanted.length) throw await stillUsed(q, wanted);
  return { deleted: deleted.length };
}

/** The reports naming the instrument of the row (`id`, the instrument's column). */
const reportsNaming = (id: typeof eq_.id) =>
  sql`select 1 from ${report} where ${report.instrumentIds} @> array[${id}]::integer[]`;

/** The 409 of a delete: each instrument of `ids` a report names, with how many reports name it. */
async function stillUsed(q: Queryable, ids: number[]) {
  const used = await q
    .select({ name: eq_.name, serialNo: eq_.serialNo, reports: sql<number>`count(*)::int` })
    .from(eq_)
    .innerJoin(report, sql`${report.instrumentIds} @> array[${eq_.id}]::integer[]`)
    .where(inArray(eq_.id, ids))
    .groupBy(eq_.id)
    .orderBy(asc(eq_.id));
  const names = used.map((u) => `${u.name}（${u.serialNo}，${u.reports} 份报告）`);
  return conflict(
    `${names.length} 台检验设备已用于检验报告，不能删除（报告须保留所用设备的记录）：${names.join('、')}；不再使用的设备请将设备状态改为「停用」或「报废」`,
  );
}

const usableOn = (onDate: string) =>
  and(eq(eq_.state, EQUIPMENT_STATE.inUse), gte(eq_.validUntil, onDate), lte(eq_.calibratedOn, onDate));

/** The picker of a report: the instruments 在用 and within their calibration on `onDate`. */
export async function usableList(
  q: Queryable,
  user: AuthUser,
  f: CallParsedInput<typeof equipmentCalls.getList>,
): Promise<UsableEquipment[]> {
  const onDate = f.onDate ?? shanghaiToday();
  const rows = await q
    .select({
      id: eq_.id,
      name: eq_.name,
      model: eq_.model,
      serialNo: eq_.serialNo,
      validUntil: eq_.validUntil,
    })
    .from(eq_)
    .where(and(orgScope(user, eq_.orgId), f.orgId ? eq(eq_.orgId, f.orgId) : undefined, usableOn(onDate)))
    .orderBy(asc(eq_.name), asc(eq_.id))
    .limit(500);
  return rows.map((r) => ({ ...r, validUntil: r.validUntil ?? '' }));
}

/**
 * For part 2 (a report names its instruments): the instruments `ids` of organisation `orgId`, each
 * 在用 and within its calibration on `onDate`. An id not of the organisation is 404; an instrument
 * past its calibration or not in use is refused with a 409 naming each one. For the writes only: the
 * rows are locked for share until the transaction ends (deleteEquipment relies on it).
 */
export async function usableInstruments(q: Queryable, orgId: number, ids: number[], onDate: string) {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  // Locked for share: a delete (or a change of state or calibration) waits for the report written
  // with them, and a report waits for a delete under way, then finds the instrument gone (404).
  const rows = await q
    .select()
    .from(eq_)
    .where(and(inArray(eq_.id, wanted), eq(eq_.orgId, orgId)))
    .orderBy(asc(eq_.id))
    .for('share');
  if (rows.length !== wanted.length) throw notFound('检验设备不存在或不属于本机构');
  const problems = rows.flatMap((r) => {
    const label = `${r.name}（${r.serialNo}）`;
    if (r.state !== EQUIPMENT_STATE.inUse) return [`${label}${EQUIPMENT_STATE_LABEL[r.state] ?? '不在用'}`];
    if (!r.validUntil || !r.calibratedOn) return [`${label}未登记检定`];
    if (r.validUntil < onDate) return [`${label}检定已于 ${r.validUntil} 过期`];
    if (r.calibratedOn > onDate) return [`${label}检定日期 ${r.calibratedOn} 晚于检验日期`];
    return [];
  });
  if (problems.length > 0)
    throw conflict(`超过检定有效期或不在用的检验设备不能用于检验报告：${problems.join('；')}`);
  return rows;
}
