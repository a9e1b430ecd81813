import {
  computeQuote,
  formatDate,
  formatDateTime,
  type InspectionCostRow,
  type InspectionQuote,
  type InspectionType,
  LIFT_VARIETY_LABEL,
  type QuoteLift,
} from '@ec/contract';
import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { refusingConflicts } from '../../../platform/db/conflicts.ts';
import { paginate } from '../../../platform/db/paginate.ts';
import { likePattern } from '../../../platform/db/sql.ts';
import { enterprise } from '../../../platform/db/tables.ts';
import { versionedUpdate } from '../../../platform/db/versioned.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors.ts';
import { liftsRelation } from '../../elevator/api.ts';
import { quoteFacts } from '../params/facts.ts';
import { inspectionTechParam } from '../params/tables.ts';
import { assertOwnOrg, INSPECTION_ORG_KIND, isOwnOrg, orgOfUser, orgScope, ownOrg } from '../scope.ts';
import { inspectionCost } from './tables.ts';

/*
 * 检验收费标准: an organisation's tariff, one row per 品种 (the unique index decides), and the quote
 * of one lift computed from it (computeQuote in the contract, the lift's facts from params/facts.ts).
 */

const WHAT = '检验收费标准';
const NOT_FOUND = '收费标准不存在或无权访问';
const DUPLICATE = (variety: string) =>
  `该品种（${LIFT_VARIETY_LABEL[variety] ?? variety}）已有收费标准，请修改原有标准`;

type CostRecord = typeof inspectionCost.$inferSelect;

const costView = (r: { cost: CostRecord; orgName: string }): InspectionCostRow => ({
  id: r.cost.id,
  orgId: r.cost.orgId,
  orgName: r.orgName,
  variety: r.cost.variety,
  varietyName: LIFT_VARIETY_LABEL[r.cost.variety] ?? r.cost.variety,
  baseFee: r.cost.baseFee,
  baseStops: r.cost.baseStops,
  extraStopFee: r.cost.extraStopFee,
  loadThresholdKg: r.cost.loadThresholdKg,
  loadPercentPerTonne: r.cost.loadPercentPerTonne,
  riseThresholdM: r.cost.riseThresholdM,
  riseStepM: r.cost.riseStepM,
  risePercentPerStep: r.cost.risePercentPerStep,
  lengthThresholdM: r.cost.lengthThresholdM,
  lengthStepM: r.cost.lengthStepM,
  lengthPercentPerStep: r.cost.lengthPercentPerStep,
  supervisionPercent: r.cost.supervisionPercent,
  governorIncluded: r.cost.governorIncluded,
  effectiveFrom: r.cost.effectiveFrom,
  note: r.cost.note,
  version: r.cost.version,
  updateTime: formatDateTime(r.cost.updatedAt),
});

const costQuery = (q: Queryable) =>
  q
    .select({ cost: inspectionCost, orgName: enterprise.name })
    .from(inspectionCost)
    .innerJoin(enterprise, eq(enterprise.id, inspectionCost.orgId));

export function listCosts(
  q: Queryable,
  user: AuthUser,
  f: { page: number; limit: number; orgId?: number; variety?: string },
) {
  const where = and(
    orgScope(user, inspectionCost.orgId),
    f.orgId ? eq(inspectionCost.orgId, f.orgId) : undefined,
    f.variety ? eq(inspectionCost.variety, f.variety) : undefined,
  );
  return paginate(
    q,
    f,
    (w) =>
      costQuery(q)
        .where(where)
        .orderBy(asc(inspectionCost.orgId), asc(inspectionCost.variety))
        .limit(w.limit)
        .offset(w.offset),
    { from: inspectionCost, where },
    costView,
  );
}

export async function costDetail(q: Queryable, user: AuthUser, id: number): Promise<InspectionCostRow> {
  const [row] = await costQuery(q).where(
    and(eq(inspectionCost.id, id), orgScope(user, inspectionCost.orgId)),
  );
  if (!row) throw notFound(NOT_FOUND);
  return costView(row);
}

export interface CostInput {
  variety: string;
  baseFee: number;
  baseStops?: number | null;
  extraStopFee?: number | null;
  loadThresholdKg?: number | null;
  loadPercentPerTonne?: number | null;
  riseThresholdM?: number | null;
  riseStepM?: number | null;
  risePercentPerStep?: number | null;
  lengthThresholdM?: number | null;
  lengthStepM?: number | null;
  lengthPercentPerStep?: number | null;
  supervisionPercent: number;
  governorIncluded: boolean;
  effectiveFrom: string;
  note?: string | null;
}

const costValues = (f: CostInput) => ({
  variety: f.variety,
  baseFee: f.baseFee,
  baseStops: f.baseStops ?? null,
  extraStopFee: f.extraStopFee ?? null,
  loadThresholdKg: f.loadThresholdKg ?? null,
  loadPercentPerTonne: f.loadPercentPerTonne ?? null,
  riseThresholdM: f.riseThresholdM ?? null,
  riseStepM: f.riseStepM ?? null,
  risePercentPerStep: f.risePercentPerStep ?? null,
  lengthThresholdM: f.lengthThresholdM ?? null,
  lengthStepM: f.lengthStepM ?? null,
  lengthPercentPerStep: f.lengthPercentPerStep ?? null,
  supervisionPercent: f.supervisionPercent,
  governorIncluded: f.governorIncluded,
  effectiveFrom: f.effectiveFrom,
  note: f.note || null,
});

export async function addCost(q: Queryable, user: AuthUser, f: CostInput) {
  const orgId = ownOrg(user, WHAT);
  const [row] = await refusingConflicts(
    () =>
      q
        .insert(inspectionCost)
        .values({ orgId, ...costValues(f) })
        .returning({ id: inspectionCost.id }),
    { unique: DUPLICATE(f.variety) },
  );
  return costDetail(q, user, row.id);
}

/** Rows by id the user may change: visible (else 404) and its organisation's own (else 403). */
async function editableCosts(q: Queryable, user: AuthUser, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await q
    .select({ id: inspectionCost.id, orgId: inspectionCost.orgId })
    .from(inspectionCost)
    .where(and(inArray(inspectionCost.id, unique), orgScope(user, inspectionCost.orgId)));
  if (rows.length !== unique.length) throw notFound(NOT_FOUND);
  assertOwnOrg(
    user,
    rows.map((r) => r.orgId),
    WHAT,
  );
  return unique;
}

export async function updateCost(
  q: Queryable,
  user: AuthUser,
  f: CostInput & { id: number; version: number },
) {
  await editableCosts(q, user, [f.id]);
  await refusingConflicts(
    () =>
      versionedUpdate(q, inspectionCost, eq(inspectionCost.id, f.id), f.version, {
        ...costValues(f),
        updatedAt: new Date(),
      }),
    { unique: DUPLICATE(f.variety) },
  );
  return costDetail(q, user, f.id);
}

export async function deleteCosts(q: Queryable, user: AuthUser, ids: number[]) {
  const unique = await editableCosts(q, user, ids);
  const deleted = await q
    .delete(inspectionCost)
    .where(inArray(inspectionCost.id, unique))
    .returning({ id: inspectionCost.id });
  return { deleted: deleted.length };
}

// ---------------------------------------------------------------- quotes

/**
 * The organisation a quote is for: an organisation's own account quotes for its own (another orgId is
 * 404); the platform and regulators name one they see.
 */
async function quotingOrg(q: Queryable, user: AuthUser, orgId?: number) {
  const own = orgOfUser(user);
  const id = own ?? orgId;
  if (!id) throw badRequest('请选择检验机构', [{ field: 'orgId', message: '请选择检验机构' }]);
  if (own && orgId && orgId !== own) throw notFound('检验机构不存在或无权访问');
  const [org] = await q
    .select({ id: enterprise.id, name: enterprise.name, areaCode: enterprise.areaCode })
    .from(enterprise)
    .where(
      and(eq(enterprise.id, id), eq(enterprise.kind, INSPECTION_ORG_KIND), orgScope(user, enterprise.id)),
    );
  if (!org) throw notFound('检验机构不存在或无权访问');
  return org;
}

/**
 * The lifts an organisation may quote: those in its district and those it holds technical parameters
 * of; for the platform and regulators also within the registry's scope of the user.
 */
function quotableLifts(user: AuthUser, org: { id: number; areaCode: string | null }) {
  const isOrgUser = isOwnOrg(user, org.id);
  const lift = liftsRelation(isOrgUser ? undefined : user).as('quote_lift');
  const withParams = sql`exists (select 1 from ${inspectionTechParam} where ${inspectionTechParam.orgId} = ${org.id} and ${inspectionTechParam.elevatorId} = ${lift.id})`;
  const where: SQL | undefined = or(org.areaCode ? eq(lift.areaCode, org.areaCode) : undefined, withParams);
  return { lift, where };
}

export async function quoteLifts(
  q: Queryable,
  user: AuthUser,
  f: { keyword?: string; orgId?: number },
): Promise<QuoteLift[]> {
  const org = await quotingOrg(q, user, f.orgId);
  const { lift, where } = quotableLifts(user, org);
  const rows = await q
    .select({ id: lift.id, registerCode: lift.registerCode, name: lift.name, address: lift.address })
    .from(lift)
    .where(
      and(
        where,
        f.keyword
          ? or(ilike(lift.registerCode, likePattern(f.keyword)), ilike(lift.name, likePattern(f.keyword)))
          : undefined,
      ),
    )
    .orderBy(asc(lift.registerCode))
    .limit(20);
  const out: QuoteLift[] = [];
  for (const r of rows) {
    const facts = await quoteFacts(q, org.id, r.id);
    const variety = facts?.variety ?? null;
    out.push({ ...r, variety, varietyName: variety ? (LIFT_VARIETY_LABEL[variety] ?? variety) : null });
  }
  return out;
}

export async function quote(
  q: Queryable,
  user: AuthUser,
  f: { elevatorId: number; inspectionType: InspectionType; orgId?: number },
): Promise<InspectionQuote> {
  const org = await quotingOrg(q, user, f.orgId);
  const { lift, where } = quotableLifts(user, org);
  const [row] = await q
    .select({ id: lift.id, registerCode: lift.registerCode, name: lift.name })
    .from(lift)
    .where(and(eq(lift.id, f.elevatorId), where));
  if (!row) throw notFound('电梯不存在或无权访问');
  const facts = await quoteFacts(q, org.id, f.elevatorId);
  if (!facts) throw notFound('电梯不存在或无权访问');
  const [cost] = facts.variety
    ? await q
        .select()
        .from(inspectionCost)
        .where(and(eq(inspectionCost.orgId, org.id), eq(inspectionCost.variety, facts.variety)))
    : [];
  const outcome = computeQuote(cost ?? null, facts, f.inspectionType, formatDate(new Date()));
  if (!outcome.ok) throw conflict(outcome.message);
  return {
    orgId: org.id,
    orgName: org.name,
    elevatorId: row.id,
    registerCode: row.registerCode,
    liftName: row.name,
    inspectionType: f.inspectionType,
    facts: {
      ...facts,
      varietyName: facts.variety ? (LIFT_VARIETY_LABEL[facts.variety] ?? facts.variety) : null,
    },
    costId: cost.id,
    lines: outcome.lines,
    periodicFee: outcome.periodicFee,
    total: outcome.total,
    notes: outcome.notes,
  };
}
