/**
 * The audit desk of one kind of filing: the server's twin of the contract's `auditGroup()`. A domain
 * says how its cases join their subjects (`selectCases`), how a joined row reads in lists (`toRow`)
 * and what the detail shows beside the case (`loadSubject`); the desk lists the cases, reads one,
 * decides (pass / reject with a reason) and removes decided cases, all within the reviewer's data
 * scope (`caseScope`), and `auditRoutes` binds those to the domain's calls. Every domain with an audit
 * step (companies, people, contracts, and later maintenance orders, inspectors, inspection orders,
 * advertising orders) declares a desk instead of writing these five operations again.
 */
import { type AuditInfo, type Call, FILING_STATE_LABEL, formatDateTime } from '@ec/contract';
import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../access.ts';
import type { Queryable } from '../db/client.ts';
import { type PageQuery, paginate } from '../db/paginate.ts';
import { rowsOf } from '../db/sql.ts';
import { auditRecord, sysUser } from '../db/tables.ts';
import { notFound } from '../errors.ts';
import { type Handler, type Implementation, implement } from '../http/implement.ts';
import {
  type AuditRecordRow,
  caseScope,
  decideAsReviewer,
  deleteCases,
  FILING,
  type FilingState,
  type RecordKind,
  type ReviewInput,
} from '../workflow.ts';

export type Decision = 'pass' | 'reject';

/** What every audit list takes beyond its own filters: the page and a state. */
export type CaseFilters<F> = F & PageQuery & { state?: number };

export interface AuditDeskOptions<S extends PgSelect, Row, F, Subject> {
  kind: RecordKind;
  /**
   * The cases and what their rows show: a `.$dynamic()` select FROM `audit_record` (selected whole
   * as `audit`) joined with the subject. The desk adds the kind, the live cases, the reviewer's
   * scope and the list's filters.
   */
  selectCases: (q: Queryable) => S;
  /** Conditions of the list's own filters (a name, a contract number…) on the joined columns. */
  filters?: (f: F) => (SQL | undefined)[];
  /**
   * A joined row (its case in `audit`) as the contract shows it, given the case's audit info (state,
   * opinion, who submitted and decided, when), which the desk reads for a page at once.
   */
  toRow: (row: Awaited<S>[number], info: AuditInfo, viewer: AuthUser) => Row;
  /** The name of the subject beside the case in the detail call (`{ audit, [subjectKey]: … }`). */
  subjectKey?: string;
  /** The subject of a case in full, for the detail call. */
  loadSubject?: (q: Queryable, viewer: AuthUser, row: Row) => Promise<Subject>;
  /** Who may decide and delete cases (throws 403 otherwise): the domain's reviewer rule. */
  assertReviewer: (user: AuthUser) => void;
  /** A check before a decision, in its transaction (e.g. a contract's lifts are still free). */
  beforeDecide?: (tx: Queryable, viewer: AuthUser, row: Row, decision: Decision) => Promise<void>;
}

export interface AuditDesk<Row, F, Subject> {
  kind: RecordKind;
  subjectKey: string;
  /** The live cases in the viewer's scope, newest submission first; `defaultStates` when no state is asked. */
  list(
    q: Queryable,
    viewer: AuthUser,
    f: CaseFilters<F>,
    defaultStates?: FilingState[],
  ): Promise<{ records: Row[]; total: number; page: number; limit: number }>;
  /** One live case in the viewer's scope as a list row; 404 otherwise. */
  row(q: Queryable, viewer: AuthUser, auditId: number): Promise<Row>;
  /** The case and its subject. */
  detail(q: Queryable, viewer: AuthUser, auditId: number): Promise<{ audit: Row; subject: Subject }>;
  /** A reviewer's decision; answers the case as it now reads. Run it in the call's transaction. */
  decide(tx: Queryable, viewer: AuthUser, input: ReviewInput, decision: Decision): Promise<Row>;
  /** Removes decided cases from the list (history kept); answers how many. */
  deleteCases(tx: Queryable, viewer: AuthUser, ids: number[]): Promise<number>;
}

const NOT_FOUND = '审核记录不存在或无权访问';

/** Names of users by id, for "submitted by" and "decided by". */
async function userNames(q: Queryable, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return new Map();
  const rows = await q
    .select({ id: sysUser.id, name: sysUser.realName })
    .from(sysUser)
    .where(inArray(sysUser.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** What audit lists show of each case (the contract's `auditInfo`), the users' names read at once. */
export async function auditInfos(q: Queryable, rows: AuditRecordRow[]): Promise<AuditInfo[]> {
  const names = await userNames(
    q,
    rows.flatMap((r) => [r.submittedBy, r.decidedBy]),
  );
  const name = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
  return rows.map((r) => ({
    auditId: r.id,
    state: r.state,
    stateLabel: FILING_STATE_LABEL[r.state] ?? String(r.state),
    auditState: r.auditState,
    auditDescription: r.description,
    version: r.version,
    submitterName: name(r.submittedBy),
    submitTime: r.submittedAt ? formatDateTime(r.submittedAt) : null,
    deciderName: name(r.decidedBy),
    decideTime: r.decidedAt ? formatDateTime(r.decidedAt) : null,
  }));
}

export function auditDesk<S extends PgSelect, Row, F = object, Subject = unknown>(
  o: AuditDeskOptions<S, Row, F, Subject>,
): AuditDesk<Row, F, Subject> {
  const live = and(eq(auditRecord.kind, o.kind.kind), isNull(auditRecord.deletedAt));
  const toRows = async (q: Queryable, viewer: AuthUser, rows: Awaited<S>) => {
    const infos = await auditInfos(
      q,
      // Every selection of cases carries its case as `audit` (selectCases' contract).
      rows.map((r: Awaited<S>[number]) => (r as { audit: AuditRecordRow }).audit),
    );
    return rows.map((r: Awaited<S>[number], i: number) => o.toRow(r, infos[i], viewer));
  };
  const read = async (q: Queryable, viewer: AuthUser, where: SQL | undefined) =>
    toRows(q, viewer, (await o.selectCases(q).where(and(live, where))) as Awaited<S>);

  const row = async (q: Queryable, viewer: AuthUser, auditId: number) => {
    const [found] = await read(q, viewer, and(eq(auditRecord.id, auditId), caseScope(viewer)));
    if (!found) throw notFound(NOT_FOUND);
    return found;
  };

  return {
    kind: o.kind,
    subjectKey: o.subjectKey ?? 'subject',
    async list(q, viewer, f, defaultStates) {
      const states = f.state ? [f.state] : defaultStates;
      const where = and(
        live,
        caseScope(viewer),
        states ? inArray(auditRecord.state, states) : undefined,
        ...(o.filters?.(f) ?? []),
      );
      return paginate(
        q,
        f,
        async (w) =>
          toRows(
            q,
            viewer,
            (await o
              .selectCases(q)
              .where(where)
              .orderBy(desc(auditRecord.submittedAt), desc(auditRecord.id))
              .limit(w.limit)
              .offset(w.offset)) as Awaited<S>,
          ),
        // The same joins count the cases: a filter may name the subject's columns.
        async () => {
          const cases = o.selectCases(q).where(where);
          const [counted] = rowsOf<{ n: number }>(
            await q.execute(sql`select count(*)::int as n from (${cases}) as cases`),
          );
          return Number(counted?.n ?? 0);
        },
      );
    },
    row,
    async detail(q, viewer, auditId) {
      const audit = await row(q, viewer, auditId);
      if (!o.loadSubject) throw notFound(NOT_FOUND);
      // Whoever may see the case sees its subject as filed, wherever the subject lies now.
      return { audit, subject: await o.loadSubject(q, { ...viewer, dataScope: 'all' }, audit) };
    },
    async decide(tx, viewer, input, decision) {
      o.assertReviewer(viewer);
      if (o.beforeDecide) await o.beforeDecide(tx, viewer, await row(tx, viewer, input.auditId), decision);
      await decideAsReviewer(tx, o.kind, viewer, input, decision);
      return row(tx, viewer, input.auditId);
    },
    deleteCases(tx, viewer, ids) {
      o.assertReviewer(viewer);
      return deleteCases(tx, o.kind, ids, { actorId: viewer.id, scope: caseScope(viewer) });
    },
  };
}

/**
 * The calls of a desk, by what they do (their names differ between the older call groups). Each is
 * optional: a kind whose cases are never deleted has no `delete`.
 */
export interface AuditCalls {
  /** The audit list (`CaseFilters`). */
  list?: Call;
  /** The audit list of cases awaiting a decision unless a state is asked. */
  pendingList?: Call;
  /** `{ id }` → `{ audit, [subjectKey]: subject }`. */
  detail?: Call;
  pass?: Call;
  reject?: Call;
  /** One call for both decisions, `pass: boolean` beside the review. */
  decide?: Call;
  /** `{ ids }` → `{ deleted }`. */
  delete?: Call;
}

/** The calls of a contract `auditGroup()` (queryList, detail, auditPass, auditReject, delete). */
export const groupCalls = (g: {
  queryList: Call;
  detail: Call;
  auditPass: Call;
  auditReject: Call;
  delete: Call;
}): AuditCalls => ({
  list: g.queryList,
  detail: g.detail,
  pass: g.auditPass,
  reject: g.auditReject,
  delete: g.delete,
});

// The desk serves calls of several shapes: their inputs are parsed and their answers checked against
// the contract at run time (register.ts), so here they are bound untyped.
type Bound = (call: Call, handler: Handler<Call>, options?: { tx: boolean }) => Implementation;
const bind = implement as Bound;

/** Binds a desk to its calls: lists and details read, decisions and deletions run in one transaction. */
export function auditRoutes<Row, F, Subject>(
  desk: AuditDesk<Row, F, Subject>,
  calls: AuditCalls,
): Implementation[] {
  type In = Record<string, unknown>;
  const routes: Implementation[] = [];
  const add = (
    call: Call | undefined,
    handler: (input: In, ctx: Parameters<Handler<Call>>[1]) => unknown,
    tx = false,
  ) => {
    if (call) routes.push(bind(call, handler as Handler<Call>, { tx }));
  };
  add(calls.list, (f, { user, db }) => desk.list(db, user, f as CaseFilters<F>));
  add(calls.pendingList, (f, { user, db }) => desk.list(db, user, f as CaseFilters<F>, [FILING.pending]));
  add(calls.detail, async ({ id }, { user, db }) => {
    const { audit, subject } = await desk.detail(db, user, id as number);
    return { audit, [desk.subjectKey]: subject };
  });
  add(
    calls.pass,
    (input, { user, db }) => desk.decide(db, user, input as unknown as ReviewInput, 'pass'),
    true,
  );
  add(
    calls.reject,
    (input, { user, db }) => desk.decide(db, user, input as unknown as ReviewInput, 'reject'),
    true,
  );
  add(
    calls.decide,
    ({ pass, ...input }, { user, db }) =>
      desk.decide(db, user, input as unknown as ReviewInput, pass ? 'pass' : 'reject'),
    true,
  );
  add(
    calls.delete,
    async ({ ids }, { user, db }) => ({ deleted: await desk.deleteCases(db, user, ids as number[]) }),
    true,
  );
  return routes;
}
