/**
 * The public report page (扫码上报, no sign-in): what a signboard's QR code opens. It shows the lift's
 * place and opens a case like a call does. Floods are held off without a captcha, in the database:
 *
 * - per lift: a report within the cooldown after one that opened or joined a case is added to that
 *   case while it is open, as a phone repeat is (a 重复报警 step with its phone and words; more people
 *   trapped raise the count: `joinCase`), and answers the same; a trapped report joins the lift's open
 *   困人 case anyway (`openCase`). A case closed in the meantime (a prank closed as 误报, say) does not
 *   hold the next scan off: a person may be trapped now, and the per-IP limit still holds;
 * - per IP: at most `perIpHour` reports an hour, then 429.
 *
 * Both are decided under transaction advisory locks (the IP's, then the lift code's, always in that
 * order): concurrent reports from one address are counted one after another, and concurrent reports
 * of one lift see each other's case. Each accepted report is a `public_report_hit` row.
 *
 * A temporary code past its last day opens nothing: 410 with a message naming 96333 (expiry.ts;
 * the registry's lookup by code knows nothing of the pool, so the check is this module's).
 */
import {
  CASE_KIND,
  CASE_SOURCE,
  CASE_STATE,
  type CallParsedInput,
  PUBLIC_REPORT_PARAMS,
  type PublicLift,
  type publicReportCalls,
} from '@ec/contract';
import { and, desc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/client.ts';
import { notFound, tooManyRequests } from '../../../platform/errors.ts';
import { paramNumber } from '../../../platform/params.ts';
import { liftByCode } from '../../elevator/api.ts';
import { joinCase, type OpenCaseInput, openCase } from '../cases/open.ts';
import { publicReportHit, rescueCase } from '../tables.ts';
import { refuseExpired } from './expiry.ts';

/** A register code with its middle hidden (the first 4 and last 4 characters shown). */
export const maskRegisterCode = (v: string) =>
  v.length <= 8
    ? `${v.slice(0, 2)}****`
    : `${v.slice(0, 4)}${'*'.repeat(Math.min(v.length - 8, 12))}${v.slice(-4)}`;

const NO_LIFT = '未找到该应急码对应的电梯，请直接拨打 96333';

async function openCaseOf(db: Queryable, elevatorId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: rescueCase.id })
    .from(rescueCase)
    .where(and(eq(rescueCase.elevatorId, elevatorId), lt(rescueCase.status, CASE_STATE.closed)))
    .limit(1);
  return row?.id ?? null;
}

export async function publicLift(db: Queryable, code: string): Promise<PublicLift> {
  await refuseExpired(db, code);
  const lift = await liftByCode(db, code);
  if (!lift) throw notFound(NO_LIFT);
  return {
    code,
    address: lift.address,
    registerCode: maskRegisterCode(lift.registerCode),
    name: lift.name,
    caseOpen: (await openCaseOf(db, lift.id)) !== null,
  };
}

const lockKey = (kind: string, value: string) =>
  sql`hashtextextended(${`public-report:${kind}:${value}`}, 0)`;

export async function publicReport(
  db: Queryable,
  ip: string,
  input: CallParsedInput<typeof publicReportCalls.report>,
): Promise<{ joined: boolean; message: string }> {
  await refuseExpired(db, input.code);
  const lift = await liftByCode(db, input.code);
  if (!lift) throw notFound(NO_LIFT);
  const perIp = await paramNumber(
    db,
    PUBLIC_REPORT_PARAMS.perIpHour.key,
    PUBLIC_REPORT_PARAMS.perIpHour.fallback,
  );
  const cooldown = await paramNumber(
    db,
    PUBLIC_REPORT_PARAMS.cooldownMinutes.key,
    PUBLIC_REPORT_PARAMS.cooldownMinutes.fallback,
  );

  await db.execute(sql`select pg_advisory_xact_lock(${lockKey('ip', ip)})`);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(publicReportHit)
    .where(and(eq(publicReportHit.ip, ip), gte(publicReportHit.at, sql`now() - interval '1 hour'`)));
  if (n >= perIp) throw tooManyRequests('提交过于频繁，请稍后再试；如有人被困请直接拨打 96333');

  await db.execute(sql`select pg_advisory_xact_lock(${lockKey('code', input.code)})`);
  const kind = input.kind === '困人' ? CASE_KIND.trapped : CASE_KIND.fault;
  // A report of the lift within the cooldown whose case is still open: this one is added to it.
  const [recent] = await db
    .select({ caseId: publicReportHit.caseId })
    .from(publicReportHit)
    .innerJoin(rescueCase, eq(rescueCase.id, publicReportHit.caseId))
    .where(
      and(
        eq(publicReportHit.code, input.code),
        isNotNull(publicReportHit.caseId),
        gte(publicReportHit.at, sql`now() - make_interval(mins => ${cooldown}::int)`),
        lt(rescueCase.status, CASE_STATE.closed),
        // A trapped report does not join a fault's case: it opens (or joins) the lift's 困人 case.
        kind === CASE_KIND.trapped ? eq(rescueCase.kind, CASE_KIND.trapped) : undefined,
      ),
    )
    .orderBy(desc(publicReportHit.id))
    .limit(1);

  const report: OpenCaseInput = {
    source: CASE_SOURCE.publicReport,
    kind,
    elevatorId: lift.id,
    callerPhone: input.phone || null,
    callerName: null,
    trapped: kind === CASE_KIND.trapped ? (input.trapped ?? 1) : 0,
    description: input.description || null,
    agent: null,
    note: `应急码 ${input.code}`,
  };
  let caseId: number;
  let joined: boolean;
  // The joined case is locked: its count and history move under the same rule as a phone repeat's.
  const [open] = recent?.caseId
    ? await db
        .select()
        .from(rescueCase)
        .where(and(eq(rescueCase.id, recent.caseId), lt(rescueCase.status, CASE_STATE.closed)))
        .for('update')
    : [];
  if (open) {
    // A repeat within the cooldown keeps what it says (phone, description, more people trapped).
    await joinCase(db, open, report);
    caseId = open.id;
    joined = true;
  } else {
    ({ caseId, joined } = await openCase(db, report));
  }
  await db.insert(publicReportHit).values({ code: input.code, ip, caseId });
  return {
    joined,
    message:
      kind === CASE_KIND.trapped
        ? '已通知 96333 应急处置中心，救援人员正在赶来。请保持冷静，不要扒门、撬门，按警铃等待救援。'
        : '已通知 96333 应急处置中心，将安排维保单位处理。请勿乘坐该电梯。',
  };
}
