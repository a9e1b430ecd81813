/**
 * The city's pool of emergency codes: batches generated unique across the city, the pool's list,
 * claims by use units and maintenance companies, and voiding. Every rule that decides a write is a
 * statement of the database: the code's primary key (generation inserts with ON CONFLICT DO
 * NOTHING, in rounds, until the batch holds its quantity), the claim's conditional UPDATE … RETURNING
 * (one claimer wins a code), the void's condition that no lift holds the code.
 */
import {
  type CallParsedInput,
  CODE_STATE_LABEL,
  type CodeBatchRow,
  type CodeState,
  type EmergencyCodeRow,
  type emergencyCodeCalls,
  formatDateTime,
  isReviewer,
  type Page,
  shanghaiToday,
} from '@ec/contract';
import { type AnyColumn, and, asc, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { paginate } from '../../../platform/db/paginate.ts';
import { rowsOf } from '../../../platform/db/sql.ts';
import { enterprise, sysUser } from '../../../platform/db/tables.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { liftsRelation } from '../../elevator/api.ts';
import { emergencyCode, emergencyCodeBatch, emergencyCodeRecord } from '../tables.ts';
import { claimerOf, codeScope } from './scope.ts';

type Calls = typeof emergencyCodeCalls;
type Actor = Pick<AuthUser, 'id' | 'realName'> | null;

const lift = liftsRelation().as('lift');

/** A temporary code past its last day (Shanghai). */
const expiredSql = (validUntil: SQL | AnyColumn) =>
  sql<boolean>`coalesce(${validUntil} < ${shanghaiToday()}::date, false)`;

/** Codes a claim may take: in the pool, not void, not past their last day. */
const claimable = () =>
  and(
    isNull(emergencyCode.claimedBy),
    eq(emergencyCode.voided, false),
    sql`(${emergencyCode.validUntil} is null or ${emergencyCode.validUntil} >= ${shanghaiToday()}::date)`,
  );

// ---------------------------------------------------------------- generation

/** Rounds of random codes before generation gives up (the pool is close to the million codes). */
const MAX_ROUNDS = 40;
/** The advisory lock that runs generations one after another (see `generateCodes`). */
const GENERATION_LOCK = 0x656d_636f; // 'emco'

/**
 * Inserts `quantity` new random codes into a batch: six digits with leading zeros, never in the pool
 * nor on any lift. Each round draws more candidates than are missing, drops those some lift holds,
 * and inserts them with ON CONFLICT DO NOTHING (the pool's primary key refuses a code twice, whoever
 * inserted it first); the rounds go on until the batch holds its quantity. Generations take a
 * transaction advisory lock first: two batches inserting overlapping codes in different orders would
 * otherwise wait on each other's uncommitted keys (a deadlock); generation is an administrator's rare
 * act, so one at a time costs nothing.
 */
export async function insertCodes(
  db: Queryable,
  batch: { id: number; temporary: boolean; validUntil: string | null },
  quantity: number,
): Promise<number> {
  await db.execute(sql`select pg_advisory_xact_lock(${GENERATION_LOCK})`);
  let inserted = 0;
  for (let round = 0; round < MAX_ROUNDS && inserted < quantity; round++) {
    const missing = quantity - inserted;
    const draw = Math.ceil(missing * 1.2) + 16;
    const rows = rowsOf<{ code: string }>(
      await db.execute(sql`
        insert into ${emergencyCode} (code, batch_id, temporary, valid_until)
        select c, ${batch.id}, ${batch.temporary}, ${batch.validUntil}::date from (
          select distinct lpad(floor(random() * 1000000)::int::text, 6, '0') as c
          from generate_series(1, ${draw})
        ) candidates
        where not exists (select 1 from ${lift} where ${lift.rescueCode} = candidates.c)
        order by c
        limit ${missing}
        on conflict (code) do nothing
        returning code`),
    );
    inserted += rows.length;
  }
  if (inserted < quantity) throw conflict('可用的应急码不足，无法生成这么多，请减少数量');
  return inserted;
}

export async function generateBatch(
  db: Queryable,
  user: AuthUser | null,
  input: CallParsedInput<Calls['generate']>,
): Promise<CodeBatchRow> {
  // The pool is the city's: the platform generates it (a district's regulator voids and reads).
  if (user && user.dataScope !== 'all') throw forbidden('只有平台管理员可以生成应急码');
  const validUntil = input.temporary ? (input.validUntil ?? null) : null;
  if (validUntil && validUntil < shanghaiToday()) throw badRequest('validUntil：有效期至不能早于今天');
  const [created] = await db
    .insert(emergencyCodeBatch)
    .values({
      batchNo: sql`'TMP-' || md5(random()::text)`,
      quantity: input.quantity,
      temporary: input.temporary,
      validUntil,
      remark: input.remark || null,
      createdBy: user?.id ?? null,
    })
    .returning({ id: emergencyCodeBatch.id });
  // YJM + the Shanghai day + the batch id: readable, unique by the id.
  await db
    .update(emergencyCodeBatch)
    .set({
      batchNo: sql`${input.temporary ? 'LS' : 'YJ'} || to_char(now() at time zone 'Asia/Shanghai', 'YYYYMMDD') || '-' || lpad(${emergencyCodeBatch.id}::text, 4, '0')`,
    })
    .where(eq(emergencyCodeBatch.id, created.id));
  await insertCodes(db, { id: created.id, temporary: input.temporary, validUntil }, input.quantity);
  await db.execute(sql`
    insert into ${emergencyCodeRecord} (code, action, user_id, user_name)
    select code, '生成', ${user?.id ?? null}::int, ${user?.realName ?? '系统'}
    from ${emergencyCode} where batch_id = ${created.id} order by code`);
  return batchRow(db, user, created.id);
}

// ---------------------------------------------------------------- batches

/** Counts of a batch's codes: for a claimer, of its own codes only. */
function batchCounts(user: AuthUser | null) {
  const own = user && !isReviewer(user.dataScope) ? sql`and c.claimed_by = ${claimerOf(user) ?? 0}` : sql``;
  const base = sql`from ${emergencyCode} c where c.batch_id = ${emergencyCodeBatch.id} ${own}`;
  return {
    claimed: sql<number>`(select count(*) ${base} and c.claimed_by is not null)`.mapWith(Number),
    bound:
      sql<number>`(select count(*) ${base} and exists (select 1 from ${lift} where ${lift.rescueCode} = c.code))`.mapWith(
        Number,
      ),
    voided: sql<number>`(select count(*) ${base} and c.voided)`.mapWith(Number),
  };
}

function selectBatches(db: Queryable, user: AuthUser | null) {
  return db
    .select({
      batch: emergencyCodeBatch,
      createdByName: sysUser.realName,
      expired: expiredSql(emergencyCodeBatch.validUntil),
      ...batchCounts(user),
    })
    .from(emergencyCodeBatch)
    .leftJoin(sysUser, eq(sysUser.id, emergencyCodeBatch.createdBy));
}

type BatchSelected = Awaited<ReturnType<ReturnType<typeof selectBatches>['execute']>>[number];
const toBatchRow = (r: BatchSelected): CodeBatchRow => ({
  id: r.batch.id,
  batchNo: r.batch.batchNo,
  quantity: r.batch.quantity,
  temporary: r.batch.temporary,
  validUntil: r.batch.validUntil,
  expired: Boolean(r.expired),
  remark: r.batch.remark,
  createdByName: r.createdByName,
  createdAt: formatDateTime(r.batch.createdAt),
  claimed: r.claimed,
  bound: r.bound,
  voided: r.voided,
});

async function batchRow(db: Queryable, user: AuthUser | null, id: number) {
  const [row] = await selectBatches(db, user).where(eq(emergencyCodeBatch.id, id));
  return toBatchRow(row);
}

/** A claimer sees the batches it holds codes of; regulators and the platform every batch. */
function batchScope(user: AuthUser): SQL {
  if (isReviewer(user.dataScope)) return sql`true`;
  const company = claimerOf(user);
  if (company === null) return sql`false`;
  return sql`exists (select 1 from ${emergencyCode} c where c.batch_id = ${emergencyCodeBatch.id} and c.claimed_by = ${company})`;
}

export function listBatches(
  db: Queryable,
  user: AuthUser,
  f: CallParsedInput<Calls['batchList']>,
): Promise<Page<CodeBatchRow>> {
  const where = and(
    batchScope(user),
    f.temporary ? eq(emergencyCodeBatch.temporary, f.temporary === 'true') : undefined,
  );
  return paginate(
    db,
    f,
    ({ limit, offset }) =>
      selectBatches(db, user).where(where).orderBy(desc(emergencyCodeBatch.id)).limit(limit).offset(offset),
    { from: emergencyCodeBatch, where },
    toBatchRow,
  );
}

// ---------------------------------------------------------------- the pool

const claimer = enterprise;

function selectCodes(db: Queryable) {
  return db
    .select({
      code: emergencyCode,
      batchNo: emergencyCodeBatch.batchNo,
      claimedByName: claimer.name,
      elevatorId: lift.id,
      registerCode: lift.registerCode,
      address: lift.address,
      expired: expiredSql(emergencyCode.validUntil),
    })
    .from(emergencyCode)
    .leftJoin(emergencyCodeBatch, eq(emergencyCodeBatch.id, emergencyCode.batchId))
    .leftJoin(claimer, eq(claimer.id, emergencyCode.claimedBy))
    .leftJoin(lift, eq(lift.rescueCode, emergencyCode.code));
}
type CodeSelected = Awaited<ReturnType<ReturnType<typeof selectCodes>['execute']>>[number];

const stateOf = (r: CodeSelected): CodeState =>
  r.code.voided
    ? 'void'
    : r.elevatorId !== null
      ? 'bound'
      : r.code.claimedBy !== null
        ? 'claimed'
        : 'unclaimed';

const toCodeRow = (r: CodeSelected): EmergencyCodeRow => {
  const state = stateOf(r);
  return {
    code: r.code.code,
    batchId: r.code.batchId,
    batchNo: r.batchNo,
    temporary: r.code.temporary,
    validUntil: r.code.validUntil,
    expired: Boolean(r.expired),
    state,
    stateLabel: CODE_STATE_LABEL[state],
    claimedBy: r.code.claimedBy,
    claimedByName: r.claimedByName,
    claimedAt: r.code.claimedAt ? formatDateTime(r.code.claimedAt) : null,
    elevatorId: r.elevatorId,
    registerCode: r.registerCode,
    address: r.address,
    version: r.code.version,
  };
};

const boundSql = sql`exists (select 1 from ${lift} where ${lift.rescueCode} = ${emergencyCode.code})`;

function stateCondition(state: CodeState): SQL | undefined {
  switch (state) {
    case 'void':
      return eq(emergencyCode.voided, true);
    case 'bound':
      return and(eq(emergencyCode.voided, false), boundSql);
    case 'claimed':
      return and(eq(emergencyCode.voided, false), isNotNull(emergencyCode.claimedBy), sql`not ${boundSql}`);
    case 'unclaimed':
      return and(eq(emergencyCode.voided, false), isNull(emergencyCode.claimedBy), sql`not ${boundSql}`);
  }
}

export function listCodes(
  db: Queryable,
  user: AuthUser,
  f: CallParsedInput<Calls['list']>,
): Promise<Page<EmergencyCodeRow>> {
  const where = and(
    codeScope(user),
    f.code ? sql`${emergencyCode.code} like ${`${f.code}%`}` : undefined,
    f.batchId ? eq(emergencyCode.batchId, f.batchId) : undefined,
    f.state ? stateCondition(f.state) : undefined,
    f.companyId ? eq(emergencyCode.claimedBy, f.companyId) : undefined,
    f.temporary ? eq(emergencyCode.temporary, f.temporary === 'true') : undefined,
    f.expired === 'true' ? expiredSql(emergencyCode.validUntil) : undefined,
    f.expired === 'false' ? sql`not ${expiredSql(emergencyCode.validUntil)}` : undefined,
  );
  return paginate(
    db,
    f,
    ({ limit, offset }) =>
      selectCodes(db).where(where).orderBy(asc(emergencyCode.code)).limit(limit).offset(offset),
    { from: emergencyCode, where },
    toCodeRow,
  );
}

/** One code the user may see (its scope), or 404. */
export async function codeInScope(db: Queryable, user: AuthUser, code: string, lock = false) {
  const q = db
    .select()
    .from(emergencyCode)
    .where(and(eq(emergencyCode.code, code), codeScope(user)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('应急码不存在或不属于本单位');
  return row;
}

// ---------------------------------------------------------------- claims

/** Appends records of codes' history (in the caller's transaction). */
export async function addRecords(
  db: Queryable,
  codes: string[],
  action: string,
  actor: Actor,
  extra: { companyId?: number | null; elevatorId?: number | null; registerCode?: string | null } = {},
) {
  if (codes.length === 0) return [];
  return db
    .insert(emergencyCodeRecord)
    .values(
      codes.map((code) => ({
        code,
        action,
        companyId: extra.companyId ?? null,
        elevatorId: extra.elevatorId ?? null,
        registerCode: extra.registerCode ?? null,
        userId: actor?.id ?? null,
        userName: actor?.realName ?? '系统',
      })),
    )
    .returning({ id: emergencyCodeRecord.id });
}

/**
 * Claims codes for the caller's company: `quantity` free codes of the pool (the lowest first, rows
 * another claim is taking skipped), or the codes named. One UPDATE … WHERE claimed_by IS NULL …
 * RETURNING decides: of two companies claiming a code at once one gets it, the other a 409; a claim
 * that cannot be met in full changes nothing (its transaction rolls back).
 */
export async function claimCodes(
  db: Queryable,
  user: AuthUser,
  input: CallParsedInput<Calls['claim']>,
): Promise<{ codes: string[] }> {
  const company = claimerOf(user);
  if (company === null) throw forbidden('只有使用单位或维保单位可以认领应急码');
  return claimFor(db, company, user, input);
}

export async function claimFor(
  db: Queryable,
  company: number,
  actor: Actor,
  input: CallParsedInput<Calls['claim']>,
): Promise<{ codes: string[] }> {
  const set = {
    claimedBy: company,
    claimedAt: new Date(),
    version: sql`${emergencyCode.version} + 1`,
  };
  let codes: string[];
  if (input.codes) {
    const wanted = [...new Set(input.codes)].sort();
    const got = await db
      .update(emergencyCode)
      .set(set)
      .where(and(inArray(emergencyCode.code, wanted), claimable()))
      .returning({ code: emergencyCode.code });
    codes = got.map((r) => r.code).sort();
    if (codes.length < wanted.length) {
      const missed = wanted.filter((c) => !codes.includes(c));
      const known = await db
        .select({ code: emergencyCode.code })
        .from(emergencyCode)
        .where(inArray(emergencyCode.code, missed));
      const unknown = missed.filter((c) => !known.some((k) => k.code === c));
      if (unknown.length) throw notFound(`应急码不存在：${unknown.slice(0, 10).join('、')}`);
      throw conflict(`应急码已被认领、已作废或已过期：${missed.slice(0, 10).join('、')}`);
    }
  } else {
    const quantity = input.quantity ?? 0;
    // The free codes are picked once, in a CTE (an IN (subquery … FOR UPDATE) would be run again for
    // every row the UPDATE visits, and skip the rows it has just claimed: it would take them all).
    const got = rowsOf<{ code: string }>(
      await db.execute(sql`
        with picked as (
          select code from ${emergencyCode}
          where claimed_by is null and not voided
            and (valid_until is null or valid_until >= ${shanghaiToday()}::date)
            and temporary = ${input.temporary ?? false}
            ${input.batchId ? sql`and batch_id = ${input.batchId}` : sql``}
          order by code
          limit ${quantity}
          for update skip locked
        )
        update ${emergencyCode} e
        set claimed_by = ${company}, claimed_at = now(), version = e.version + 1
        from picked
        where e.code = picked.code and e.claimed_by is null
        returning e.code`),
    );
    codes = got.map((r) => r.code).sort();
    if (codes.length < quantity)
      throw conflict(
        `码池中可认领的${input.temporary ? '临时' : ''}应急码不足 ${quantity} 个（现有 ${codes.length} 个），请减少数量`,
      );
  }
  await addRecords(db, codes, '认领', actor, { companyId: company });
  return { codes };
}

// ---------------------------------------------------------------- void

/** Voids codes no lift holds (a bound code is unbound first; the platform only); 404 for a code the pool has not. */
export async function voidCodes(db: Queryable, user: AuthUser, codes: string[]): Promise<{ voided: number }> {
  if (user.dataScope !== 'all') throw forbidden('只有平台管理员可以作废应急码');
  const wanted = [...new Set(codes)].sort();
  const known = await db
    .select({ code: emergencyCode.code })
    .from(emergencyCode)
    .where(and(inArray(emergencyCode.code, wanted), codeScope(user)));
  const unknown = wanted.filter((c) => !known.some((k) => k.code === c));
  if (unknown.length) throw notFound(`应急码不存在：${unknown.slice(0, 10).join('、')}`);
  const got = await db
    .update(emergencyCode)
    .set({ voided: true, version: sql`${emergencyCode.version} + 1` })
    .where(and(inArray(emergencyCode.code, wanted), eq(emergencyCode.voided, false), sql`not ${boundSql}`))
    .returning({ code: emergencyCode.code, claimedBy: emergencyCode.claimedBy });
  if (got.length < wanted.length) {
    const missed = wanted.filter((c) => !got.some((g) => g.code === c));
    throw conflict(`应急码已作废或已绑定电梯（请先解绑）：${missed.slice(0, 10).join('、')}`);
  }
  await db.insert(emergencyCodeRecord).values(
    got.map((g) => ({
      code: g.code,
      action: '作废',
      companyId: g.claimedBy,
      userId: user.id,
      userName: user.realName,
    })),
  );
  return { voided: got.length };
}
