/**
 * The shared audit workflow (审核流程) that every domain with a filing/audit step uses: maintenance
 * units, staff, contracts, elevators, claims, building companies, inspection organisations …
 *
 * Model: one *case* (`audit_record` row) per (kind, subject). Its `state` is the subject's filing
 * state; every change of it goes through this module and leaves one `audit_history` row (who, when,
 * from, to, description) in the same transaction.
 *
 *   (no case) ──submit──▶ 2 待审核 ──pass──▶ 3 审核通过 (auditState 1)
 *   1 未备案 ──submit──▶ 2          ──reject─▶ 4 已驳回 (auditState 0) ──submit──▶ 2 …
 *                         2 ──withdraw──▶ 1
 *
 * Concurrency is optimistic: a transition reads the case, checks the move in code (for a Chinese
 * message that says why), then writes with one UPDATE conditional on the id, the state and the version
 * it read. Whoever commits first wins; the other UPDATE matches no row and answers 409. No lock is
 * held between the read and the write, and callers may pin `expectedVersion` (the version the
 * reviewer saw on screen) so that a decision on a stale screen is refused too.
 *
 * Deletion (`deleteCases`) is soft and only removes a case from the audit list: the subject keeps its
 * filing state and its history. Pending cases (state 2) cannot be deleted — a reviewer would lose
 * work waiting for them and the subject would stay "awaiting audit" with nothing left to decide;
 * withdraw or decide first. A later submit revives the deleted case (it needs an audit again).
 */

import { FILING_STATE, type FilingState, formatDateTime } from '@ec/contract';
import { and, desc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { type AuthUser, scopeCondition } from './access.ts';
import type { Queryable, Tx } from './db/client.ts';
import { paginate } from './db/paginate.ts';
import { auditHistory, auditRecord, sysUser } from './db/tables.ts';
import { badRequest, conflict, notFound } from './errors.ts';
import { notify } from './notify.ts';

/** Filing state of a case: 1 not filed, 2 submitted awaiting audit, 3 passed, 4 rejected (the contract's). */
export type { FilingState };
export const FILING = FILING_STATE;
/** Audit state of the last decision: 1 approved, 0 rejected (null until the first decision). */
export const AUDIT = { approved: 1, rejected: 0 } as const;

export type Action = 'submit' | 'pass' | 'reject' | 'withdraw';
/** `delete` appears only in the history; it does not change the state. */
export type HistoryAction = Action | 'delete';

export const STATE_LABEL: Record<FilingState, string> = {
  [FILING.notFiled]: '未备案',
  [FILING.pending]: '待审核',
  [FILING.passed]: '审核通过',
  [FILING.rejected]: '已驳回',
};
export const ACTION_LABEL: Record<HistoryAction, string> = {
  submit: '提交审核',
  pass: '审核通过',
  reject: '审核驳回',
  withdraw: '撤回',
  delete: '删除审核记录',
};

/** The state each action leads to. */
const TARGET: Record<Action, FilingState> = {
  submit: FILING.pending,
  pass: FILING.passed,
  reject: FILING.rejected,
  withdraw: FILING.notFiled,
};
/** The states each action may start from, unless a kind says otherwise. */
const DEFAULT_FROM: Record<Action, readonly FilingState[]> = {
  submit: [FILING.notFiled, FILING.rejected],
  pass: [FILING.pending],
  reject: [FILING.pending],
  withdraw: [FILING.pending],
};

export const STALE_MESSAGE = '该记录已被他人处理或状态已变化，请刷新后重试';
export const DESCRIPTION_MAX = 500;

export type AuditRecordRow = typeof auditRecord.$inferSelect;
export type AuditHistoryRow = typeof auditHistory.$inferSelect & { actorName: string | null };

export interface TransitionEvent {
  action: Action;
  /** null when the submit created the case. */
  from: FilingState | null;
  to: FilingState;
  record: AuditRecordRow;
  actorId: number | null;
}

export interface RecordKind {
  /** Stable key stored in `audit_record.kind`, e.g. `maintenance-unit`. */
  kind: string;
  /** Chinese name used in messages, e.g. `维保单位备案`. */
  label: string;
  /**
   * The states each action may start from; the target of each action is fixed (submit → 2, pass → 3,
   * reject → 4, withdraw → 1). Default: submit from 1 or 4, pass/reject/withdraw from 2. Submitting
   * for a subject without a case always creates one. Example: `{ submit: [1, 3, 4] }` lets a passed
   * filing be changed and audited again; `{ withdraw: [] }` forbids withdrawing.
   */
  transitions?: Partial<Record<Action, FilingState[]>>;
  /**
   * Runs inside the transaction of every transition, after the case and its history are written:
   * the place to mirror the filing state onto the subject's own row (e.g. `enterprise.filing_state`).
   * Throwing rolls the transition back.
   */
  onTransition?: (tx: Tx, event: TransitionEvent) => Promise<void>;
  /** The console page where the case is reviewed: the link of the reviewers' message (消息中心). */
  reviewPage?: string;
}

const registry = new Map<string, RecordKind>();

/** Declares a record kind. Kinds are unique per process: two modules cannot share one by accident. */
export function defineKind(k: RecordKind): RecordKind {
  if (!/^[a-z][a-z0-9._-]*$/.test(k.kind)) throw new Error(`invalid audit kind "${k.kind}"`);
  if (!k.label.trim()) throw new Error(`audit kind "${k.kind}" needs a label`);
  if (registry.has(k.kind)) throw new Error(`duplicate audit kind "${k.kind}"`);
  for (const [action, from] of Object.entries(k.transitions ?? {}) as [Action, FilingState[]][]) {
    if (!(action in TARGET)) throw new Error(`audit kind "${k.kind}": unknown action ${action}`);
    for (const s of from) {
      if (!(s in STATE_LABEL)) throw new Error(`audit kind "${k.kind}": unknown state ${s}`);
      if (s === TARGET[action]) throw new Error(`audit kind "${k.kind}": ${action} cannot start from ${s}`);
    }
  }
  const frozen = Object.freeze({ ...k, transitions: Object.freeze({ ...k.transitions }) });
  registry.set(k.kind, frozen);
  return frozen;
}

/** The states `action` may start from for this kind. */
export function allowedFrom(kind: RecordKind, action: Action): readonly FilingState[] {
  return kind.transitions?.[action] ?? DEFAULT_FROM[action];
}

/** Whether `action` is allowed on a case in `state`: for buttons in lists and details. */
export function can(kind: RecordKind, action: Action, state: FilingState | null | undefined): boolean {
  if (state === null || state === undefined) return action === 'submit';
  return allowedFrom(kind, action).includes(state);
}

/** The data-scope condition for audit lists: area and company of the case, submitter for `self`. */
export function caseScope(user: AuthUser): SQL {
  return scopeCondition(user, {
    area: auditRecord.areaCode,
    company: auditRecord.companyId,
    owner: auditRecord.submittedBy,
  });
}

function illegal(kind: RecordKind, action: Action, state: FilingState): Error {
  const now = STATE_LABEL[state] ?? `状态${state}`;
  if (action === 'submit' && state === FILING.pending)
    return conflict(`${kind.label}正在审核中，请勿重复提交`);
  if (action === 'submit' && state === FILING.passed)
    return conflict(`${kind.label}已审核通过，无需重复提交`);
  if ((action === 'pass' || action === 'reject') && (state === FILING.passed || state === FILING.rejected)) {
    return conflict(`${kind.label}已审核（${now}），不能重复审核`);
  }
  const allowed = allowedFrom(kind, action);
  if (allowed.length === 0) return conflict(`${kind.label}不允许${ACTION_LABEL[action]}`);
  const states = allowed.map((s) => `「${STATE_LABEL[s]}」`).join('或');
  return conflict(`${kind.label}当前为「${now}」，只有${states}的记录才能${ACTION_LABEL[action]}`);
}

function cleanDescription(description: string | null | undefined): string | null {
  const d = description?.trim();
  if (!d) return null;
  if (d.length > DESCRIPTION_MAX) {
    const message = `审核意见不能超过${DESCRIPTION_MAX}个字符`;
    throw badRequest(message, [{ field: 'description', message }]);
  }
  return d;
}

/** Runs `fn` atomically: a transaction on a database handle, a savepoint inside a transaction. */
function atomic<T>(q: Queryable, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return (q as Tx).transaction(fn);
}

const live = (kind: RecordKind) => and(eq(auditRecord.kind, kind.kind), isNull(auditRecord.deletedAt));

interface Step {
  action: Action;
  from: FilingState | null;
  record: AuditRecordRow;
  actorId: number | null;
  description: string | null;
}

async function recordStep(tx: Tx, kind: RecordKind, step: Step): Promise<AuditRecordRow> {
  const to = step.record.state as FilingState;
  await tx.insert(auditHistory).values({
    auditId: step.record.id,
    action: step.action,
    fromState: step.from,
    toState: to,
    actorId: step.actorId,
    description: step.description,
  });
  await kind.onTransition?.(tx, {
    action: step.action,
    from: step.from,
    to,
    record: step.record,
    actorId: step.actorId,
  });
  await tellPeople(tx, kind, step);
  return step.record;
}

/**
 * The message centre (platform/notify.ts), in the transition's transaction: a submission tells the
 * reviewers of the case's district (the rule of kind 'review'); a decision tells whoever submitted.
 */
async function tellPeople(tx: Tx, kind: RecordKind, { action, record, description }: Step) {
  if (action === 'submit') {
    await notify(tx, {
      kind: 'review',
      title: `${kind.label}待审核`,
      body: description,
      link: kind.reviewPage ?? null,
      areaCode: record.areaCode,
      dedupKey: `${kind.kind}:${record.id}:${record.version}`,
    });
  } else if ((action === 'pass' || action === 'reject') && record.submittedBy !== null) {
    await notify(tx, {
      kind: 'review',
      title: action === 'pass' ? `${kind.label}已通过` : `${kind.label}未通过`,
      body: description,
      userIds: [record.submittedBy],
      usersOnly: true,
      dedupKey: `${kind.kind}:${record.id}:${record.version}`,
    });
  }
}

/**
 * Moves a case that exists by `action`, optimistically: read, check, then one UPDATE conditional on
 * the state and version that were read. Zero rows means someone else moved it first → 409.
 */
async function move(
  tx: Tx,
  kind: RecordKind,
  action: Action,
  current: AuditRecordRow,
  opts: { actorId: number | null; expectedVersion?: number; description: string | null; scope?: SQL },
  set: PgUpdateSetSource<typeof auditRecord>,
): Promise<AuditRecordRow> {
  const from = current.state as FilingState;
  if (opts.expectedVersion !== undefined && opts.expectedVersion !== current.version) {
    throw conflict(STALE_MESSAGE);
  }
  if (!allowedFrom(kind, action).includes(from)) throw illegal(kind, action, from);
  const [record] = await tx
    .update(auditRecord)
    .set({ ...set, state: TARGET[action], version: sql`${auditRecord.version} + 1` })
    .where(
      and(
        eq(auditRecord.id, current.id),
        eq(auditRecord.kind, kind.kind),
        eq(auditRecord.state, from),
        eq(auditRecord.version, current.version),
        opts.scope,
      ),
    )
    .returning();
  if (!record) throw conflict(STALE_MESSAGE);
  return recordStep(tx, kind, { action, from, record, actorId: opts.actorId, description: opts.description });
}

async function loadCase(
  q: Queryable,
  kind: RecordKind,
  auditId: number,
  scope?: SQL,
): Promise<AuditRecordRow> {
  if (!Number.isSafeInteger(auditId) || auditId <= 0) throw notFound('审核记录不存在或无权访问');
  const [row] = await q
    .select()
    .from(auditRecord)
    .where(and(eq(auditRecord.id, auditId), live(kind), scope));
  if (!row) throw notFound('审核记录不存在或无权访问');
  return row;
}

export interface SubmitInput {
  subjectId: string | number;
  actorId: number | null;
  /** Copied onto the case for data scope (area / company of the subject). Kept when omitted. */
  areaCode?: string | null;
  companyId?: number | null;
  /** A snapshot of what was submitted (shown to the reviewer). Kept when omitted. */
  payload?: unknown;
  /** The submitter's remark, kept in the history. */
  description?: string | null;
  /** The version of the case the submitter saw, if any. */
  expectedVersion?: number;
}

/**
 * Submits a subject for audit: creates its case, or re-submits a rejected / withdrawn one (state → 2,
 * the last decision cleared, a deleted case back in the audit list). Submitting a pending case or a
 * passed one (unless the kind allows it) is 409.
 */
export async function submit(q: Queryable, kind: RecordKind, input: SubmitInput): Promise<AuditRecordRow> {
  const subjectId = String(input.subjectId);
  const description = cleanDescription(input.description);
  const actorId = input.actorId ?? null;
  return atomic(q, async (tx) => {
    // Two first submissions of one subject must not create two cases: serialise them per subject.
    // (Two-key advisory locks live apart from the one-key locks that jobs and migrations use.)
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${kind.kind}), hashtext(${subjectId}))`);
    const current = await currentCase(tx, kind, subjectId);
    const fields = {
      ...(input.areaCode !== undefined && { areaCode: input.areaCode }),
      ...(input.companyId !== undefined && { companyId: input.companyId }),
      ...(input.payload !== undefined && { payload: input.payload }),
    };
    if (!current) {
      if (input.expectedVersion !== undefined) throw conflict(STALE_MESSAGE);
      const [record] = await tx
        .insert(auditRecord)
        .values({
          kind: kind.kind,
          subjectId,
          state: TARGET.submit,
          ...fields,
          submittedBy: actorId,
          submittedAt: sql`now()`,
        })
        .returning();
      return recordStep(tx, kind, { action: 'submit', from: null, record, actorId, description });
    }
    return move(
      tx,
      kind,
      'submit',
      current,
      { actorId, description, expectedVersion: input.expectedVersion },
      {
        ...fields,
        auditState: null,
        description: null,
        decidedBy: null,
        decidedAt: null,
        deletedAt: null,
        submittedBy: actorId,
        submittedAt: sql`now()`,
      },
    );
  });
}

export interface DecideInput {
  auditId: number;
  actorId: number | null;
  decision: 'pass' | 'reject';
  /** Optional opinion (驳回原因 / 审核意见), at most 500 characters. */
  description?: string | null;
  /** The version the reviewer saw; a different current version is 409. */
  expectedVersion?: number;
  /** The reviewer's data scope (see caseScope): a case outside it is 404. */
  scope?: SQL;
}

/** Passes (state 3, auditState 1) or rejects (state 4, auditState 0) a pending case. */
export async function decide(q: Queryable, kind: RecordKind, input: DecideInput): Promise<AuditRecordRow> {
  if (input.decision !== 'pass' && input.decision !== 'reject') throw badRequest('审核结果不正确');
  const description = cleanDescription(input.description);
  const actorId = input.actorId ?? null;
  return atomic(q, async (tx) => {
    const current = await loadCase(tx, kind, input.auditId, input.scope);
    return move(
      tx,
      kind,
      input.decision,
      current,
      { actorId, description, expectedVersion: input.expectedVersion, scope: input.scope },
      {
        auditState: input.decision === 'pass' ? AUDIT.approved : AUDIT.rejected,
        description,
        decidedBy: actorId,
        decidedAt: sql`now()`,
      },
    );
  });
}

export interface WithdrawInput {
  auditId: number;
  actorId: number | null;
  description?: string | null;
  expectedVersion?: number;
  scope?: SQL;
}

/** Takes a pending case back (state → 1); it can be submitted again. */
export async function withdraw(
  q: Queryable,
  kind: RecordKind,
  input: WithdrawInput,
): Promise<AuditRecordRow> {
  const description = cleanDescription(input.description);
  const actorId = input.actorId ?? null;
  return atomic(q, async (tx) => {
    const current = await loadCase(tx, kind, input.auditId, input.scope);
    return move(
      tx,
      kind,
      'withdraw',
      current,
      { actorId, description, expectedVersion: input.expectedVersion, scope: input.scope },
      {},
    );
  });
}

/**
 * The case of a subject, deleted or not (deletion only hides it from the audit list), or null when the
 * subject was never submitted.
 */
export async function currentCase(
  q: Queryable,
  kind: RecordKind,
  subjectId: string | number,
): Promise<AuditRecordRow | null> {
  const [row] = await q
    .select()
    .from(auditRecord)
    .where(and(eq(auditRecord.kind, kind.kind), eq(auditRecord.subjectId, String(subjectId))))
    .orderBy(desc(auditRecord.id))
    .limit(1);
  return row ?? null;
}

/** The filing state of a subject: its case's state, 1 (not filed) without a case. */
export async function filingState(
  q: Queryable,
  kind: RecordKind,
  subjectId: string | number,
): Promise<FilingState> {
  return ((await currentCase(q, kind, subjectId))?.state ?? FILING.notFiled) as FilingState;
}

/** One case of the audit list by id (for detail calls); 404 when deleted, of another kind or out of scope. */
export function getCase(
  q: Queryable,
  kind: RecordKind,
  auditId: number,
  scope?: SQL,
): Promise<AuditRecordRow> {
  return loadCase(q, kind, auditId, scope);
}

/** Every step of a case, oldest first, with the actor's id and name. */
export async function history(q: Queryable, auditId: number): Promise<AuditHistoryRow[]> {
  return q
    .select({
      id: auditHistory.id,
      auditId: auditHistory.auditId,
      action: auditHistory.action,
      fromState: auditHistory.fromState,
      toState: auditHistory.toState,
      actorId: auditHistory.actorId,
      actorName: sysUser.realName,
      description: auditHistory.description,
      createdAt: auditHistory.createdAt,
    })
    .from(auditHistory)
    .leftJoin(sysUser, eq(sysUser.id, auditHistory.actorId))
    .where(eq(auditHistory.auditId, auditId))
    .orderBy(auditHistory.id);
}

/** A case's steps as pages show them: the action's Chinese label, who, why and when. */
export async function historySteps(q: Queryable, auditId: number | null | undefined) {
  if (!auditId) return [];
  const steps = await history(q, auditId);
  return steps.map((s) => ({
    action: s.action,
    actionLabel: ACTION_LABEL[s.action as HistoryAction] ?? s.action,
    fromState: s.fromState,
    toState: s.toState,
    actorName: s.actorName,
    description: s.description,
    time: formatDateTime(s.createdAt),
  }));
}

export interface ListOptions {
  state?: FilingState | FilingState[];
  subjectIds?: (string | number)[];
  page?: number;
  limit?: number;
  /** Data scope, usually caseScope(user). */
  scope?: SQL;
  /** Any further condition of the caller on audit_record columns. */
  where?: SQL;
}

export interface CasePage {
  records: AuditRecordRow[];
  total: number;
  page: number;
  limit: number;
}

/** The audit list of a kind: not deleted, newest submission first, paged (limit at most 500). */
export async function listCases(q: Queryable, kind: RecordKind, opts: ListOptions = {}): Promise<CasePage> {
  const page = Math.max(1, Math.floor(opts.page ?? 1) || 1);
  const limit = Math.min(500, Math.max(1, Math.floor(opts.limit ?? 10) || 10));
  const states = opts.state === undefined ? undefined : Array.isArray(opts.state) ? opts.state : [opts.state];
  const where = and(
    live(kind),
    states && (states.length === 1 ? eq(auditRecord.state, states[0]) : inArray(auditRecord.state, states)),
    opts.subjectIds &&
      (opts.subjectIds.length ? inArray(auditRecord.subjectId, opts.subjectIds.map(String)) : sql`false`),
    opts.scope,
    opts.where,
  );
  if (states?.length === 0) return { records: [], total: 0, page, limit };
  return paginate(
    q,
    { page, limit },
    (w) =>
      q
        .select()
        .from(auditRecord)
        .where(where)
        .orderBy(desc(auditRecord.submittedAt), desc(auditRecord.id))
        .limit(w.limit)
        .offset(w.offset),
    { from: auditRecord, where },
  );
}

export interface DeleteInput {
  actorId: number | null;
  scope?: SQL;
}

/**
 * Removes cases from the audit list (soft delete; history kept), all or nothing. A case that does not
 * exist, is already deleted or lies outside the scope is 404; a pending case is 409 (withdraw or
 * decide it first). Returns the number of cases deleted.
 */
export async function deleteCases(
  q: Queryable,
  kind: RecordKind,
  ids: number[],
  input: DeleteInput,
): Promise<number> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw badRequest('请先选择要操作的数据');
  if (unique.some((id) => !Number.isSafeInteger(id) || id <= 0)) throw notFound('审核记录不存在或无权访问');
  return atomic(q, async (tx) => {
    const rows = await tx
      .select({ id: auditRecord.id, state: auditRecord.state })
      .from(auditRecord)
      .where(and(inArray(auditRecord.id, unique), live(kind), input.scope));
    if (rows.length < unique.length) throw notFound('审核记录不存在或无权访问');
    if (rows.some((r) => r.state === FILING.pending)) {
      throw conflict(`待审核的${kind.label}记录不能删除，请先审核或撤回`);
    }
    const deleted = await tx
      .update(auditRecord)
      .set({ deletedAt: sql`now()`, version: sql`${auditRecord.version} + 1` })
      .where(
        and(inArray(auditRecord.id, unique), live(kind), ne(auditRecord.state, FILING.pending), input.scope),
      )
      .returning({ id: auditRecord.id, state: auditRecord.state });
    if (deleted.length < unique.length) throw conflict(STALE_MESSAGE);
    await tx.insert(auditHistory).values(
      deleted.map((r) => ({
        auditId: r.id,
        action: 'delete',
        fromState: r.state,
        toState: r.state,
        actorId: input.actorId ?? null,
      })),
    );
    return deleted.length;
  });
}

/** What a reviewer sends with a pass or reject: the case, their opinion and the version they saw. */
export interface ReviewInput {
  auditId: number;
  auditDescription?: string;
  version?: number;
}

/** A reviewer's decision on a case within the reviewer's data scope (`caseScope`). */
export function decideAsReviewer(
  q: Queryable,
  kind: RecordKind,
  user: AuthUser,
  input: ReviewInput,
  decision: 'pass' | 'reject',
): Promise<AuditRecordRow> {
  return decide(q, kind, {
    auditId: input.auditId,
    actorId: user.id,
    decision,
    description: input.auditDescription,
    expectedVersion: input.version,
    scope: caseScope(user),
  });
}
