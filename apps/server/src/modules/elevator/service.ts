import { type CallParsedInput, type ElevatorFields, type elevatorCalls, isReviewer } from '@ec/contract';
import { and, asc, eq, inArray, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/access.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { uniqueViolation } from '../../platform/db/sql.ts';
import { enterprise, sysArea } from '../../platform/db/tables.ts';
import { sentFields, versionedUpdate } from '../../platform/db/versioned.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { FILING } from '../../platform/workflow.ts';
import { selectElevators, toDetail } from './rows.ts';
import { elevatorScope } from './scope.ts';
import { bigrams } from './search.ts';
import { elevator, elevatorClaim } from './tables.ts';

const blank = <T>(v: T | '' | undefined | null): T | null => (v === '' || v === undefined ? null : v);

/** Column values from the form fields; blanks become NULL, codes upper-case, search grams derived. */
export function columnsOf(f: ElevatorFields) {
  const name = blank(f.name);
  const community = blank(f.community);
  return {
    registerCode: f.registerCode.toUpperCase(),
    deviceCode: blank(f.deviceCode)?.toUpperCase() ?? null,
    useCertNo: blank(f.useCertNo),
    rescueCode: blank(f.rescueCode),
    name,
    internalNo: blank(f.internalNo),
    factoryNo: blank(f.factoryNo),
    type: f.type,
    variety: blank(f.variety),
    useOccasion: blank(f.useOccasion),
    areaCode: f.areaCode,
    address: f.address,
    community,
    longitude: blank(f.longitude),
    latitude: blank(f.latitude),
    useCompanyId: blank(f.useCompanyId),
    manufacturer: blank(f.manufacturer),
    installer: blank(f.installer),
    brand: blank(f.brand),
    model: blank(f.model),
    ratedLoad: blank(f.ratedLoad),
    ratedSpeed: blank(f.ratedSpeed),
    floors: blank(f.floors),
    manufactureDate: blank(f.manufactureDate),
    installDate: blank(f.installDate),
    registerDate: blank(f.registerDate),
    lastInspectDate: blank(f.lastInspectDate),
    nextInspectDate: blank(f.nextInspectDate) ?? nextInspection(blank(f.lastInspectDate)),
    useStatus: f.useStatus ?? 1,
    searchGrams: bigrams(f.address, community, name),
  };
}

/** Periodic inspection is yearly (TSG T7001): the next date is one year after the last. */
export function nextInspection(last: string | null): string | null {
  if (!last) return null;
  const [y, m, d] = last.split('-').map(Number);
  const next = new Date(Date.UTC(y + 1, m - 1, d));
  // 29 February rolls to 28 February, not into March.
  if (next.getUTCMonth() !== m - 1) next.setUTCDate(0);
  return next.toISOString().slice(0, 10);
}

const UNIQUE_MESSAGES: Record<string, string> = {
  elevator_register_code_uq: '注册代码已存在',
  elevator_device_code_uq: '设备代码已存在',
  elevator_rescue_code_uq: '应急救援识别码已被其他电梯使用',
};

/** Runs a write and turns a duplicate identifier into a 409 that names it. */
export async function guardUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint !== null) throw conflict(UNIQUE_MESSAGES[constraint] ?? '数据重复，请检查后重试');
    throw err;
  }
}

/** Area and use company must exist; the use company must be a use unit. */
export async function checkReferences(db: Queryable, f: { areaCode: string; useCompanyId?: number | null }) {
  const [area] = await db.select({ code: sysArea.code }).from(sysArea).where(eq(sysArea.code, f.areaCode));
  if (!area)
    throw badRequest(`areaCode：未知的行政区划 ${f.areaCode}`, [
      { field: 'areaCode', message: '未知的行政区划' },
    ]);
  if (f.useCompanyId) {
    const [company] = await db
      .select({ id: enterprise.id })
      .from(enterprise)
      .where(and(eq(enterprise.id, f.useCompanyId), eq(enterprise.kind, 'use')));
    if (!company)
      throw badRequest('useCompanyId：使用单位不存在', [
        { field: 'useCompanyId', message: '使用单位不存在' },
      ]);
  }
}

/**
 * 404 unless the elevator lies within `reach` (usually elevatorScope); the check alone, without the
 * joins of a detail. A company's pending claim does not open an elevator: its detail, work orders,
 * companies and attachments are other parties' records; the claim calls (claims.ts) show the
 * claimant the lift's identity and address.
 */
export async function requireElevator(db: Queryable, id: number, reach: SQL) {
  const [row] = await db
    .select({ id: elevator.id })
    .from(elevator)
    .where(and(eq(elevator.id, id), reach));
  if (!row) throw notFound('电梯不存在或无权访问');
}

export async function getDetail(db: Queryable, user: AuthUser, id: number) {
  const [row] = await selectElevators(db).where(and(eq(elevator.id, id), elevatorScope(user)));
  if (!row) throw notFound('电梯不存在或无权访问');
  return toDetail(row);
}

/** The ids among `ids` that the user may change; any other id makes the whole call 404. */
export async function scopedIds(
  db: Queryable,
  user: AuthUser,
  ids: number[],
  { lock = false }: { lock?: boolean } = {},
): Promise<number[]> {
  const unique = [...new Set(ids)];
  const read = db
    .select({ id: elevator.id })
    .from(elevator)
    .where(and(inArray(elevator.id, unique), elevatorScope(user)));
  // Locked (in the caller's transaction), the lifts stay in scope until it ends: a change that
  // moves one out waits, or was committed first and the check sees it. In id order, so that two
  // writers of the same lifts (a claim locks its lifts too) wait for each other, never deadlock.
  const rows = lock ? await read.orderBy(asc(elevator.id)).for('update') : await read;
  if (rows.length !== unique.length) throw notFound('部分电梯不存在或无权访问');
  return unique;
}

/** A one-statement write to one lift in scope: its id and the caller's scope decide the row. */
const oneInScope = (user: AuthUser, id: number) => and(eq(elevator.id, id), elevatorScope(user));

/** 404 unless a write of one lift found it in scope (the statement's own check, not an earlier read). */
function wroteOne(rows: unknown[]) {
  if (rows.length === 0) throw notFound('电梯不存在或无权访问');
}

export async function createElevator(db: Queryable, user: AuthUser, f: ElevatorFields) {
  await checkReferences(db, f);
  if (user.dataScope === 'area' && !user.areaCodes.includes(f.areaCode)) {
    throw badRequest('只能在本辖区内新增电梯', [{ field: 'areaCode', message: '不在本辖区' }]);
  }
  const [row] = await guardUnique(() =>
    db
      .insert(elevator)
      .values({ ...columnsOf(f), createdBy: user.id })
      .returning({ id: elevator.id }),
  );
  return getDetail(db, user, row.id);
}

export async function updateElevator(
  db: Queryable,
  user: AuthUser,
  id: number,
  version: number | undefined,
  fields: ElevatorFields,
) {
  const current = await getDetail(db, user, id);
  // A partial update: a field the request did not send keeps its value.
  const [row] = await db.select().from(elevator).where(eq(elevator.id, id));
  const sent = sentFields(fields);
  const f = { ...(row as unknown as ElevatorFields), ...sent };
  // A new last inspection without a next date derives the next one, as on create.
  if (sent.lastInspectDate !== undefined && sent.nextInspectDate === undefined) f.nextInspectDate = undefined;
  await checkReferences(db, f);
  if (user.dataScope === 'area' && !user.areaCodes.includes(f.areaCode)) {
    throw badRequest('不能把电梯移到本辖区以外', [{ field: 'areaCode', message: '不在本辖区' }]);
  }
  // The version the writer saw (or, without one, the one just read) goes into the UPDATE's WHERE.
  await guardUnique(() =>
    versionedUpdate(
      db,
      elevator,
      eq(elevator.id, id),
      version ?? current.version,
      { ...columnsOf(f), updatedAt: new Date() },
      '电梯信息已被他人修改，请刷新后重试',
    ),
  );
  return getDetail(db, user, id);
}

/**
 * Deletes elevators in scope; refused while a claim on one of them awaits review. The lifts are
 * locked first: a claim submitted meanwhile (it locks them) is either seen here or waits
 * and then finds them gone, never deleted with them by the cascade.
 */
export async function deleteElevators(db: Queryable, user: AuthUser, ids: number[]) {
  const own = await scopedIds(db, user, ids, { lock: true });
  const pending = await db
    .select({ registerCode: elevator.registerCode })
    .from(elevatorClaim)
    .innerJoin(elevator, eq(elevator.id, elevatorClaim.elevatorId))
    .where(and(inArray(elevatorClaim.elevatorId, own), eq(elevatorClaim.state, FILING.pending)));
  if (pending.length > 0) {
    throw conflict(`以下电梯有待审核的认领，不能删除：${pending.map((p) => p.registerCode).join('、')}`);
  }
  const deleted = await db.delete(elevator).where(inArray(elevator.id, own)).returning({ id: elevator.id });
  return deleted.length;
}

export async function setStatus(db: Queryable, user: AuthUser, ids: number[], status: 0 | 1) {
  const own = await scopedIds(db, user, ids);
  // The scope again in the UPDATE: a lift moved out of it since the check is not written.
  const rows = await db
    .update(elevator)
    .set({ status, version: sql`${elevator.version} + 1`, updatedAt: new Date() })
    .where(and(inArray(elevator.id, own), ne(elevator.status, status), elevatorScope(user)))
    .returning({ id: elevator.id });
  return rows.length;
}

/** Runs one record's step of a batch; a refusal names the record's register code. */
async function forRecord<T>(registerCode: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    if (err instanceof AppError)
      throw new AppError(err.status, `电梯 ${registerCode}：${err.message}`, err.errors);
    throw err;
  }
}

/**
 * syncData: each record creates the elevator of its register code or replaces its registration
 * data. An existing elevator must be in the user's data scope (404 otherwise); only users who see
 * all elevators or an area may add new ones (a regulator only in its area). Run in a transaction:
 * one bad record stores none.
 */
export async function syncRecords(db: Queryable, user: AuthUser, records: ElevatorFields[]) {
  let created = 0;
  let updated = 0;
  const reviewer = isReviewer(user.dataScope);
  // The existing lifts locked in id order first (as updateMany's): the records then change them one
  // statement each, in the records' order, and a booking of advertising points on several of them
  // locks their points in lift order (ad lockPoints), so the two queue instead of deadlocking.
  const codes = records.map((r) => columnsOf(r).registerCode);
  if (codes.length > 1)
    await db
      .select({ id: elevator.id })
      .from(elevator)
      .where(inArray(elevator.registerCode, codes))
      .orderBy(asc(elevator.id))
      .for('update');
  for (const record of records) {
    const values = columnsOf(record);
    await forRecord(values.registerCode, async () => {
      if (user.dataScope === 'area' && !user.areaCodes.includes(values.areaCode))
        throw notFound('不在本辖区');
      await checkReferences(db, record);
      const [existing] = await db
        .select({ id: elevator.id, visible: sql<boolean>`${elevatorScope(user)}` })
        .from(elevator)
        .where(eq(elevator.registerCode, values.registerCode))
        // Locked until the sync commits: the scope it was found in holds for its write.
        .for('update');
      if (existing && !existing.visible) throw notFound('电梯不存在或无权访问');
      if (!existing && !reviewer)
        throw forbidden('平台上没有该电梯，只有平台管理员或监管部门可以通过同步新增电梯');
      if (existing) {
        await guardUnique(() =>
          db
            .update(elevator)
            .set({ ...values, version: sql`${elevator.version} + 1`, updatedAt: new Date() })
            .where(eq(elevator.id, existing.id)),
        );
        updated++;
      } else {
        await guardUnique(() => db.insert(elevator).values({ ...values, createdBy: user.id }));
        created++;
      }
    });
  }
  return { created, updated };
}

/**
 * Sets the same fields on several lifts in scope (a use unit must be one); the number changed. Run
 * in the call's transaction: the lifts are locked in id order first, so that two batch edits of the
 * same lifts (or a batch of points added to them, which locks them in that order too) wait for each
 * other instead of deadlocking, whatever order their ids came in.
 */
export async function updateMany(
  db: Queryable,
  user: AuthUser,
  { ids, ...fields }: CallParsedInput<typeof elevatorCalls.updateBatch>,
) {
  const own = await scopedIds(db, user, ids, { lock: true });
  if (fields.useCompanyId) {
    const [c] = await db
      .select({ id: enterprise.id })
      .from(enterprise)
      .where(and(eq(enterprise.id, fields.useCompanyId), eq(enterprise.kind, 'use')));
    if (!c) throw notFound('使用单位不存在');
  }
  const rows = await db
    .update(elevator)
    .set({ ...fields, version: sql`${elevator.version} + 1`, updatedAt: new Date() })
    .where(inArray(elevator.id, own))
    .returning({ id: elevator.id });
  return rows.length;
}

export async function setSupervisionCode(db: Queryable, user: AuthUser, id: number, code: string) {
  wroteOne(
    await db
      .update(elevator)
      .set({
        supervisionCode: code.toUpperCase(),
        version: sql`${elevator.version} + 1`,
        updatedAt: new Date(),
      })
      .where(oneInScope(user, id))
      .returning({ id: elevator.id }),
  );
}

/**
 * Changes a lift's registration data from the supervision system (syncModify); a new last inspection
 * without a next date derives the next one. Answers the lift's detail.
 */
export async function syncOne(
  db: Queryable,
  user: AuthUser,
  { id, ...fields }: CallParsedInput<typeof elevatorCalls.syncModify>,
) {
  const set = {
    ...fields,
    ...(fields.lastInspectDate && !fields.nextInspectDate
      ? { nextInspectDate: nextInspection(fields.lastInspectDate) }
      : {}),
  };
  wroteOne(
    await db
      .update(elevator)
      .set({ ...set, version: sql`${elevator.version} + 1`, updatedAt: new Date() })
      .where(oneInScope(user, id))
      .returning({ id: elevator.id }),
  );
  return getDetail(db, user, id);
}

/** last + 1 year in SQL, as nextInspection (29 February rolls to 28 February). */
const nextFromLast = sql`(${elevator.lastInspectDate} + interval '1 year')::date`;

/**
 * Derives one lift's next inspection from its last one (kept when there is no last); its detail. One
 * statement from the row as it stands (a last date written meanwhile is the one it derives from),
 * and a new version, so that an edit form opened before it refuses to write the old date back.
 */
export async function refreshInspectTime(db: Queryable, user: AuthUser, id: number) {
  wroteOne(
    await db
      .update(elevator)
      .set({
        nextInspectDate: sql`coalesce(${nextFromLast}, ${elevator.nextInspectDate})`,
        version: sql`${elevator.version} + 1`,
        updatedAt: new Date(),
      })
      .where(oneInScope(user, id))
      .returning({ id: elevator.id }),
  );
  return getDetail(db, user, id);
}

/**
 * Next inspection = last inspection + 1 year, for every elevator within `scope` that has a last
 * date: a regulator's call for its scope, and the daily job (index.ts) for all of them.
 */
export async function refreshAllInspectTimes(db: Queryable, scope: SQL) {
  const rows = await db
    .update(elevator)
    .set({ nextInspectDate: nextFromLast, version: sql`${elevator.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        scope,
        isNotNull(elevator.lastInspectDate),
        sql`${elevator.nextInspectDate} is distinct from ${nextFromLast}`,
      ),
    )
    .returning({ id: elevator.id });
  return rows.length;
}
