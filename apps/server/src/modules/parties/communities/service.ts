/**
 * Communities (小区): named places lifts stand in, kept by reviewers and use units.
 */
import { type CommunityRow, formatDateTime, isReviewer } from '@ec/contract';
import { and, desc, eq, ilike, inArray } from 'drizzle-orm';
import { type AuthUser, scopeCondition } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { refusingConflicts } from '../../../platform/db/conflicts.ts';
import { paginate } from '../../../platform/db/paginate.ts';
import { likePattern } from '../../../platform/db/sql.ts';
import { enterprise, sysArea } from '../../../platform/db/tables.ts';
import { sentFields, versionedUpdate } from '../../../platform/db/versioned.ts';
import { badRequest, forbidden, notFound } from '../../../platform/errors.ts';
import { liftCountInCommunity } from '../../elevator/api.ts';
import { assertArea, assertInArea, blank } from '../common.ts';
import { community } from '../tables.ts';

/** Communities a user may see: all, the regulator's areas, those its use unit manages. */
const communityScope = (user: AuthUser) =>
  scopeCondition(user, { area: community.areaCode, company: community.useCompanyId });

const communityElevators = liftCountInCommunity(community.name, community.areaCode);

function selectCommunities(q: Queryable) {
  return q
    .select({
      c: community,
      areaName: sysArea.name,
      useName: enterprise.name,
      elevatorCount: communityElevators,
    })
    .from(community)
    .leftJoin(sysArea, eq(sysArea.code, community.areaCode))
    .leftJoin(enterprise, eq(enterprise.id, community.useCompanyId));
}
type CommunityJoin = Awaited<ReturnType<ReturnType<typeof selectCommunities>['execute']>>[number];

const communityRowOf = (r: CommunityJoin): CommunityRow => ({
  id: r.c.id,
  name: r.c.name,
  areaCode: r.c.areaCode,
  areaName: r.areaName,
  address: r.c.address,
  useCompanyId: r.c.useCompanyId,
  useCompanyName: r.useName,
  buildingCount: r.c.buildingCount,
  longitude: r.c.longitude,
  latitude: r.c.latitude,
  remark: r.c.remark,
  elevatorCount: r.elevatorCount,
  version: r.c.version,
  createTime: formatDateTime(r.c.createdAt),
});

export async function listCommunities(
  q: Queryable,
  user: AuthUser,
  f: { page: number; limit: number; name?: string; areaCode?: string; useCompanyId?: number },
) {
  const where = and(
    communityScope(user),
    f.name ? ilike(community.name, likePattern(f.name)) : undefined,
    f.areaCode ? eq(community.areaCode, f.areaCode) : undefined,
    f.useCompanyId ? eq(community.useCompanyId, f.useCompanyId) : undefined,
  );
  return paginate(
    q,
    f,
    (w) => selectCommunities(q).where(where).orderBy(desc(community.id)).limit(w.limit).offset(w.offset),
    { from: community, where },
    communityRowOf,
  );
}

export async function communityDetail(q: Queryable, user: AuthUser, id: number) {
  const [r] = await selectCommunities(q).where(and(eq(community.id, id), communityScope(user)));
  if (!r) throw notFound('小区不存在或无权访问');
  return communityRowOf(r);
}

export interface CommunityInput {
  id?: number;
  version?: number;
  name: string;
  areaCode: string;
  address: string;
  useCompanyId?: number | null;
  buildingCount?: number | null;
  longitude?: number | null;
  latitude?: number | null;
  remark?: string;
}

/** Adds or changes a community: reviewers in their area, a use unit for itself. */
export async function saveCommunity(tx: Queryable, user: AuthUser, sent: CommunityInput) {
  // A change keeps what the request does not send (use unit, buildings, position, remark).
  const stored = sent.id ? await communityDetail(tx, user, sent.id) : null;
  const input: CommunityInput = stored
    ? {
        useCompanyId: stored.useCompanyId,
        buildingCount: stored.buildingCount,
        longitude: stored.longitude,
        latitude: stored.latitude,
        remark: stored.remark ?? '',
        ...sentFields(sent),
        name: sent.name,
        areaCode: sent.areaCode,
        address: sent.address,
      }
    : sent;
  await assertArea(tx, input.areaCode);
  assertInArea(user, input.areaCode);
  let useCompanyId = input.useCompanyId ?? null;
  if (!isReviewer(user.dataScope)) {
    if (user.userType !== 'use_unit' || user.companyId === null)
      throw forbidden('只有监管部门或使用单位可以维护小区');
    useCompanyId = user.companyId;
  }
  if (useCompanyId) {
    const [company] = await tx
      .select({ id: enterprise.id })
      .from(enterprise)
      .where(and(eq(enterprise.id, useCompanyId), eq(enterprise.kind, 'use')));
    if (!company) {
      throw badRequest('useCompanyId：使用单位不存在', [
        { field: 'useCompanyId', message: '使用单位不存在' },
      ]);
    }
  }
  const values = {
    name: input.name,
    areaCode: input.areaCode,
    address: input.address,
    useCompanyId,
    buildingCount: input.buildingCount ?? null,
    longitude: input.longitude ?? null,
    latitude: input.latitude ?? null,
    remark: blank(input.remark),
  };
  const unique = `${input.areaCode} 已有名为「${input.name}」的小区`;
  let id = input.id;
  if (id) {
    const current = await communityDetail(tx, user, id);
    // The version the writer saw (or, without one, the one just read) goes into the UPDATE's WHERE.
    await refusingConflicts(
      () =>
        versionedUpdate(
          tx,
          community,
          eq(community.id, id!),
          input.version ?? current.version,
          { ...values, updatedAt: new Date() },
          '小区信息已被他人修改，请刷新后重试',
        ),
      { unique },
    );
  } else {
    [{ id }] = await refusingConflicts(
      () =>
        tx
          .insert(community)
          .values({ ...values, createdBy: user.id })
          .returning({ id: community.id }),
      { unique },
    );
  }
  return communityDetail(tx, user, id!);
}

export async function deleteCommunities(tx: Queryable, user: AuthUser, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await tx
    .select({ id: community.id })
    .from(community)
    .where(and(inArray(community.id, unique), communityScope(user)));
  if (rows.length !== unique.length) throw notFound('小区不存在或无权访问');
  if (!isReviewer(user.dataScope) && user.userType !== 'use_unit')
    throw forbidden('只有监管部门或使用单位可以删除小区');
  await tx.delete(community).where(inArray(community.id, unique));
  return unique.length;
}
