/**
 * Binding a claimed code to a lift of the claimer and unbinding it; the codes' history; the lifts the
 * binding and signboard pages choose from. The lift's code is the registry's `rescue_code` (its
 * unique index: one lift per code), written through elevator/api.ts.
 */
import {
  type CallParsedInput,
  type CodeLiftRow,
  type CodeRecordRow,
  type emergencyCodeCalls,
  formatDateTime,
  type Page,
  parseShanghaiTime,
  shanghaiToday,
} from '@ec/contract';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { paginate } from '../../../platform/db/paginate.ts';
import { likePattern, uniqueViolation } from '../../../platform/db/sql.ts';
import { enterprise } from '../../../platform/db/tables.ts';
import { conflict, forbidden, notFound } from '../../../platform/errors.ts';
import {
  bindRescueCode,
  liftByCode,
  liftFacts,
  liftInScope,
  liftsRelation,
  unbindRescueCodeOf,
} from '../../elevator/api.ts';
import { emergencyCode, emergencyCodeRecord } from '../tables.ts';
import { addRecords } from './pool.ts';
import { claimerOf, recordScope } from './scope.ts';

type Calls = typeof emergencyCodeCalls;

const lift = liftsRelation().as('lift');

async function recordRow(db: Queryable, id: number): Promise<CodeRecordRow> {
  const [row] = await selectRecords(db).where(eq(emergencyCodeRecord.id, id));
  return toRecordRow(row);
}

/**
 * Binds a code the caller's company claimed to one of its lifts. The code's row is locked first, so
 * that a bind, an unbind and a void of one code follow each other; the lift's UPDATE binds only a
 * lift that has no code (a lift bound meanwhile is refused), and the registry's unique index refuses
 * a code another lift holds.
 */
export async function bindCode(db: Queryable, user: AuthUser, code: string, elevatorId: number) {
  const company = claimerOf(user);
  if (company === null) throw forbidden('只有使用单位或维保单位可以绑定应急码');
  const [row] = await db
    .select()
    .from(emergencyCode)
    .where(and(eq(emergencyCode.code, code), eq(emergencyCode.claimedBy, company)))
    .for('update');
  if (!row) throw notFound('应急码不存在或不是本单位认领的');
  if (row.voided) throw conflict(`应急码 ${code} 已作废，不能绑定`);
  if (row.validUntil && row.validUntil < shanghaiToday())
    throw conflict(`临时应急码 ${code} 已过期（有效期至 ${row.validUntil}），不能绑定`);
  const target = await liftInScope(db, user, elevatorId);
  if (!target) throw notFound('电梯不存在或无权访问');
  const holder = await liftByCode(db, code);
  if (holder) {
    if (holder.id === elevatorId) throw conflict(`该电梯已绑定应急码 ${code}`);
    throw conflict(`应急码 ${code} 已绑定到电梯 ${holder.registerCode}，请先解绑`);
  }
  let bound: boolean;
  try {
    bound = await bindRescueCode(db, elevatorId, code);
  } catch (err) {
    if (uniqueViolation(err) !== null) throw conflict(`应急码 ${code} 已被其他电梯使用`);
    throw err;
  }
  if (!bound) {
    const current = await liftByCodeOfLift(db, elevatorId);
    throw conflict(`该电梯已有应急码${current ? ` ${current}` : ''}，请先解绑后再绑定`);
  }
  const [record] = await addRecords(db, [code], '绑定', user, {
    companyId: company,
    elevatorId,
    registerCode: target.registerCode,
  });
  return recordRow(db, record.id);
}

async function liftByCodeOfLift(db: Queryable, elevatorId: number): Promise<string | null> {
  const [row] = await db.select({ code: lift.rescueCode }).from(lift).where(eq(lift.id, elevatorId));
  return row?.code ?? null;
}

/**
 * Takes a code off the lift that holds it: the code's claimer, or a regulator or the platform with
 * the permission who may open the lift. 404 for a code the caller may not act on.
 */
export async function unbindCode(db: Queryable, user: AuthUser, code: string) {
  const company = claimerOf(user);
  const [row] = await db.select().from(emergencyCode).where(eq(emergencyCode.code, code)).for('update');
  const holder = await liftByCode(db, code);
  const mayAct =
    company !== null
      ? row?.claimedBy === company && holder !== null && (await liftInScope(db, user, holder.id)) !== null
      : holder !== null && (await liftInScope(db, user, holder.id)) !== null;
  if (!mayAct || !holder) {
    if (row && company !== null && row.claimedBy === company && !holder)
      throw conflict(`应急码 ${code} 未绑定电梯`);
    throw notFound('应急码不存在或不是本单位认领的');
  }
  if (!(await unbindRescueCodeOf(db, holder.id, code))) throw conflict(`应急码 ${code} 已不在该电梯上`);
  const [record] = await addRecords(db, [code], '解绑', user, {
    companyId: row?.claimedBy ?? company,
    elevatorId: holder.id,
    registerCode: holder.registerCode,
  });
  return recordRow(db, record.id);
}

/**
 * The registry's 解绑 (POST /pc/elevator/unbindingEmergencyCode, by lift; the registry's edit
 * permission): whoever may open the lift takes its code off, and the code's history records the
 * 解绑 as the 应急码 page's does. The call is the elevator domain's, implemented here because the
 * history is this module's (the registry writes the lift through its api.ts). The code's row is
 * locked as a bind or void of it would lock it; the UPDATE takes only the code the lift still holds.
 */
export async function unbindLiftCode(db: Queryable, user: AuthUser, elevatorId: number) {
  if (!(await liftInScope(db, user, elevatorId))) throw notFound('电梯不存在或无权访问');
  const lift = await liftFacts(db, elevatorId);
  const code = lift?.rescueCode;
  if (!lift || !code) throw conflict('该电梯没有绑定应急救援识别码');
  const [row] = await db
    .select({ claimedBy: emergencyCode.claimedBy })
    .from(emergencyCode)
    .where(eq(emergencyCode.code, code))
    .for('update');
  if (!(await unbindRescueCodeOf(db, lift.id, code))) throw conflict('该电梯没有绑定应急救援识别码');
  await addRecords(db, [code], '解绑', user, {
    companyId: row?.claimedBy ?? null,
    elevatorId: lift.id,
    registerCode: lift.registerCode,
  });
}

// ---------------------------------------------------------------- records

const recordLift = liftsRelation().as('record_lift');

function selectRecords(db: Queryable) {
  return db
    .select({
      record: emergencyCodeRecord,
      companyName: enterprise.name,
      address: recordLift.address,
      liftRegisterCode: recordLift.registerCode,
      liftCode: recordLift.rescueCode,
    })
    .from(emergencyCodeRecord)
    .leftJoin(enterprise, eq(enterprise.id, emergencyCodeRecord.companyId))
    .leftJoin(recordLift, eq(recordLift.id, emergencyCodeRecord.elevatorId));
}
type RecordSelected = Awaited<ReturnType<ReturnType<typeof selectRecords>['execute']>>[number];

const toRecordRow = (r: RecordSelected): CodeRecordRow => ({
  id: r.record.id,
  code: r.record.code,
  action: r.record.action,
  companyId: r.record.companyId,
  companyName: r.companyName,
  elevatorId: r.record.elevatorId,
  registerCode: r.record.registerCode ?? r.liftRegisterCode,
  address: r.address,
  userName: r.record.userName,
  at: formatDateTime(r.record.at),
  current: r.liftCode !== null && r.liftCode === r.record.code,
});

export function listRecords(
  db: Queryable,
  user: AuthUser,
  f: CallParsedInput<Calls['records']>,
): Promise<Page<CodeRecordRow>> {
  const actions = f.action ? f.action.split(',') : [];
  const from = f.dateFrom ? parseShanghaiTime(f.dateFrom) : null;
  const to = f.dateTo ? parseShanghaiTime(f.dateTo, true) : null;
  const keyword = f.keyword?.trim();
  const where = and(
    recordScope(user),
    actions.length ? inArray(emergencyCodeRecord.action, actions) : undefined,
    f.code ? sql`${emergencyCodeRecord.code} like ${`${f.code}%`}` : undefined,
    from ? gte(emergencyCodeRecord.at, from) : undefined,
    to ? lt(emergencyCodeRecord.at, to) : undefined,
    keyword
      ? or(
          eq(emergencyCodeRecord.registerCode, keyword),
          sql`exists (select 1 from ${lift} where ${lift.id} = ${emergencyCodeRecord.elevatorId}
            and ${lift.address} ilike ${likePattern(keyword)})`,
        )
      : undefined,
  );
  return paginate(
    db,
    f,
    ({ limit, offset }) =>
      selectRecords(db).where(where).orderBy(desc(emergencyCodeRecord.id)).limit(limit).offset(offset),
    { from: emergencyCodeRecord, where },
    toRecordRow,
  );
}

// ---------------------------------------------------------------- lifts

export function listCodeLifts(
  db: Queryable,
  user: AuthUser,
  f: CallParsedInput<Calls['lifts']>,
): Promise<Page<CodeLiftRow>> {
  const scoped = liftsRelation(user).as('scoped');
  const keyword = f.keyword?.trim();
  const where: SQL | undefined = and(
    f.bound === 'true' ? isNotNull(scoped.rescueCode) : undefined,
    f.bound === 'false' ? isNull(scoped.rescueCode) : undefined,
    keyword
      ? or(
          eq(scoped.registerCode, keyword),
          eq(scoped.rescueCode, keyword),
          sql`${scoped.address} ilike ${likePattern(keyword)}`,
        )
      : undefined,
  );
  return paginate(
    db,
    f,
    ({ limit, offset }) =>
      db
        .select({
          id: scoped.id,
          registerCode: scoped.registerCode,
          name: scoped.name,
          address: scoped.address,
          areaCode: scoped.areaCode,
          rescueCode: scoped.rescueCode,
        })
        .from(scoped)
        .where(where)
        .orderBy(asc(scoped.id))
        .limit(limit)
        .offset(offset),
    async () => {
      const [row] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(scoped)
        .where(where);
      return row?.n ?? 0;
    },
  );
}
