/** Lookups of companies for pickers and forms: public registry facts, no data scope. */
import type { CompanyBrief } from '@ec/contract';
import { and, asc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/client.ts';
import { likePattern } from '../../../platform/db/sql.ts';
import { enterprise } from '../../../platform/db/tables.ts';
import type { CompanyKey } from './kinds.ts';
import type { EnterpriseRow } from './read.ts';

const brief = (e: EnterpriseRow): CompanyBrief => ({
  id: e.id,
  name: e.name,
  creditCode: e.creditCode,
  kind: e.kind,
  areaCode: e.areaCode,
  filingState: e.filingState,
});

/** Companies by exact credit code or by name (prefix match, at most 10): public registry facts. */
export async function lookupCompanies(q: Queryable, f: { creditCode?: string; name?: string }) {
  const conditions: SQL[] = [];
  if (f.creditCode && f.creditCode.length >= 6) {
    const code = f.creditCode.toUpperCase();
    conditions.push(
      code.length === 18
        ? eq(enterprise.creditCode, code)
        : ilike(enterprise.creditCode, `${code.replace(/[\\%_]/g, '')}%`),
    );
  }
  if (f.name && f.name.length >= 2) conditions.push(ilike(enterprise.name, likePattern(f.name)));
  if (conditions.length === 0) return [];
  const rows = await q
    .select()
    .from(enterprise)
    .where(sql.join(conditions, sql` or `))
    .orderBy(asc(enterprise.id))
    .limit(10);
  return rows.map(brief);
}

/** Filed (passed) companies of a kind, for pickers. */
export async function filedCompanies(q: Queryable, key: CompanyKey, keyword?: string, limit = 1000) {
  const rows = await q
    .select()
    .from(enterprise)
    .where(
      and(
        eq(enterprise.kind, key),
        eq(enterprise.filingState, 3),
        keyword ? ilike(enterprise.name, likePattern(keyword)) : undefined,
      ),
    )
    .orderBy(asc(enterprise.name), asc(enterprise.id))
    .limit(limit);
  return rows.map(brief);
}

/** The company and its kind, or 404. */
export async function companyOfKind(q: Queryable, id: number, key: CompanyKey) {
  const [row] = await q
    .select()
    .from(enterprise)
    .where(and(eq(enterprise.id, id), eq(enterprise.kind, key)));
  return row ?? null;
}
