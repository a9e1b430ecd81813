/**
 * 企业管理: the platform administrator's view of every company's registry row. The rows belong to the
 * parties module's companies (modules/parties/companies/registry.ts): this page reads them and writes
 * them only through the parties api, so that one set of rules (the credit code, what keeps a company
 * from deletion) holds for filings and for this page alike.
 */
import { enterpriseCalls, formatDateTime, maskPhone } from '@ec/contract';
import { and, asc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import { type AuthUser, scopeCondition } from '../../platform/access.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { paginate } from '../../platform/db/paginate.ts';
import { likePattern } from '../../platform/db/sql.ts';
import { enterprise, sysUser } from '../../platform/db/tables.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import { implement } from '../../platform/http/implement.ts';
import { shownPhone, unmasked } from '../../platform/masking.ts';
import { assertCreditCodeFree, deleteRegistryRows, writeRegistryRow } from '../parties/api.ts';
import { assertAreasExist, correlatedCount, nameSome, orderOf } from './shared.ts';

/** Enterprises the acting user may see: in their areas, their own company, none for self scope. */
export const enterpriseScope = (actor: AuthUser) =>
  scopeCondition(actor, { area: enterprise.areaCode, company: enterprise.id });

const userCount = correlatedCount(sysUser.companyId, enterprise.id).as('user_count');

const enterpriseView = (r: typeof enterprise.$inferSelect, users: number, actor: AuthUser) => ({
  id: r.id,
  name: r.name,
  creditCode: r.creditCode,
  kind: r.kind,
  areaCode: r.areaCode,
  address: r.address,
  legalPerson: r.legalPerson,
  contactName: r.contactName,
  contactPhone: shownPhone(actor, { companyId: r.id }, r.contactPhone),
  filingState: r.filingState,
  userCount: users,
  createTime: formatDateTime(r.createdAt),
});

async function enterpriseOf(q: Queryable, actor: AuthUser, id: number) {
  const [row] = await q
    .select({ enterprise, userCount })
    .from(enterprise)
    .where(and(eq(enterprise.id, id), enterpriseScope(actor)));
  if (!row) throw notFound('企业不存在或无权访问');
  return enterpriseView(row.enterprise, row.userCount, actor);
}

/** The stored row of an enterprise in scope (for saves), or 404. */
async function storedEnterprise(q: Queryable, actor: AuthUser, id: number) {
  const [row] = await q
    .select()
    .from(enterprise)
    .where(and(eq(enterprise.id, id), enterpriseScope(actor)));
  if (!row) throw notFound('企业不存在或无权访问');
  return row;
}

export const enterpriseRoutes = [
  implement(enterpriseCalls.query, async (input, { user: actor, platform: { db } }) => {
    const filters: SQL[] = [enterpriseScope(actor)];
    if (input.name) filters.push(ilike(enterprise.name, likePattern(input.name)));
    if (input.creditCode) filters.push(ilike(enterprise.creditCode, likePattern(input.creditCode)));
    if (input.kind) filters.push(eq(enterprise.kind, input.kind));
    if (input.areaCode) filters.push(eq(enterprise.areaCode, input.areaCode));
    const where = and(...filters);
    const order = orderOf(
      {
        id: enterprise.id,
        name: enterprise.name,
        creditCode: enterprise.creditCode,
        createTime: enterprise.createdAt,
      },
      enterprise.id,
      input.sortField,
      input.sortOrder,
    );
    return paginate(
      db,
      input,
      (w) =>
        db
          .select({ enterprise, userCount })
          .from(enterprise)
          .where(where)
          .orderBy(...order)
          .limit(w.limit)
          .offset(w.offset),
      { from: enterprise, where },
      (r) => enterpriseView(r.enterprise, r.userCount, actor),
    );
  }),

  implement(enterpriseCalls.detail, ({ id }, { user: actor, platform: { db } }) =>
    enterpriseOf(db, actor, id),
  ),

  implement(enterpriseCalls.save, async (input, { user: actor, platform: { db } }) => {
    const stored = input.id ? await storedEnterprise(db, actor, input.id) : null;
    await assertCreditCodeFree(db, input.creditCode, input.id);
    if (input.areaCode) await assertAreasExist(db, [input.areaCode]);
    const values = {
      name: input.name,
      creditCode: input.creditCode,
      kind: input.kind,
      areaCode: input.areaCode || null,
      address: input.address || null,
      legalPerson: input.legalPerson || null,
      contactName: input.contactName || null,
      // The detail showed the phone masked: sent back unchanged, it keeps the stored number.
      contactPhone:
        unmasked(input.contactPhone, stored?.contactPhone, maskPhone, {
          name: 'contactPhone',
          label: '联系电话',
        }) || null,
    };
    return db.transaction(async (tx) => {
      const id = await writeRegistryRow(tx, input.id, values);
      const [visible] = await tx
        .select({ id: enterprise.id })
        .from(enterprise)
        .where(and(eq(enterprise.id, id), enterpriseScope(actor)));
      if (!visible) throw forbidden('不能把企业设置到自己的数据范围之外');
      return enterpriseOf(tx, actor, id);
    });
  }),

  implement(enterpriseCalls.delete, async ({ ids }, { user: actor, platform: { db } }) => {
    const targets = await db
      .select({ id: enterprise.id, name: enterprise.name })
      .from(enterprise)
      .where(and(inArray(enterprise.id, ids), enterpriseScope(actor)));
    if (targets.length !== new Set(ids).size) throw notFound('企业不存在或无权访问');
    for (const company of targets) {
      const members = await db
        .select({ username: sysUser.username })
        .from(sysUser)
        .where(eq(sysUser.companyId, company.id))
        .orderBy(asc(sysUser.id));
      if (members.length > 0) {
        throw conflict(
          `企业「${company.name}」还有 ${members.length} 名用户（${nameSome(members.map((m) => m.username))}），请先删除或转移这些用户`,
        );
      }
    }
    await deleteRegistryRows(db, ids, {
      foreignKey: `企业 ${nameSome(targets.map((t) => `「${t.name}」`))} 仍被业务数据引用，不能删除`,
    });
    return null;
  }),
];
