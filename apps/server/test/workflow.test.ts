import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../src/platform/access.ts';
import type { Db } from '../src/platform/db/client.ts';
import { auditHistory, auditRecord, sysUser } from '../src/platform/db/tables.ts';
import { AppError } from '../src/platform/errors.ts';
import {
  type AuditRecordRow,
  can,
  caseScope,
  currentCase,
  DESCRIPTION_MAX,
  decide,
  defineKind,
  deleteCases,
  filingState,
  getCase,
  history,
  listCases,
  STALE_MESSAGE,
  submit,
  type TransitionEvent,
  withdraw,
} from '../src/platform/workflow.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';

const widget = defineKind({ kind: 'test.widget', label: '测试备案' });
const listed = defineKind({ kind: 'test.listed', label: '列表测试备案' });
const refile = defineKind({
  kind: 'test.refile',
  label: '可变更备案',
  transitions: { submit: [1, 3, 4], withdraw: [] },
});
const events: TransitionEvent[] = [];
const hooked = defineKind({
  kind: 'test.hooked',
  label: '钩子测试备案',
  async onTransition(tx, event) {
    // Proves the hook runs on the transaction handle, after the history row is written.
    const steps = await tx.select().from(auditHistory).where(eq(auditHistory.auditId, event.record.id));
    if ((event.record.payload as { fail?: boolean } | null)?.fail) throw new AppError(409, '下游更新失败');
    events.push({ ...event, record: { ...event.record, payload: { steps: steps.length } } });
  },
});

const CHINESE = /[\u4e00-\u9fa5]/;

/** The AppError a call fails with (fails the test when the call succeeds or throws something else). */
async function refusal(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  }
  throw new Error('expected the call to be refused');
}

async function expectConflict(p: Promise<unknown>, message?: string | RegExp) {
  const err = await refusal(p);
  expect(err.status).toBe(409);
  expect(err.message).toMatch(CHINESE);
  if (message) expect(err.message).toMatch(message);
  return err;
}

describe.each(dbKinds)('audit workflow on %s', (dbKind) => {
  let t: TestApp;
  let db: Db;
  let admin: number;
  let reviewer: number;
  let seq = 0;
  const subject = () => `s-${++seq}`;

  beforeAll(async () => {
    t = await startTestApp(dbKind);
    db = t.platform.db;
    const users = await db
      .select({ id: sysUser.id, username: sysUser.username })
      .from(sysUser)
      .where(inArray(sysUser.username, ['admin', 'jg_qingxiu']));
    admin = users.find((u) => u.username === 'admin')!.id;
    reviewer = users.find((u) => u.username === 'jg_qingxiu')!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const historyOf = async (c: AuditRecordRow) =>
    (await history(db, c.id)).map((h) => [h.action, h.fromState, h.toState, h.actorId, h.description]);

  it('submit → pass', async () => {
    const s = subject();
    expect(await filingState(db, widget, s)).toBe(1);
    const c = await submit(db, widget, {
      subjectId: s,
      actorId: admin,
      areaCode: '450103',
      payload: { name: '甲' },
    });
    expect(c).toMatchObject({ kind: 'test.widget', subjectId: s, state: 2, auditState: null, version: 0 });
    expect(c.submittedBy).toBe(admin);
    expect(c.submittedAt).toBeInstanceOf(Date);
    expect(c.payload).toEqual({ name: '甲' });

    const passed = await decide(db, widget, {
      auditId: c.id,
      actorId: reviewer,
      decision: 'pass',
      expectedVersion: 0,
    });
    expect(passed).toMatchObject({ id: c.id, state: 3, auditState: 1, version: 1, decidedBy: reviewer });
    expect(passed.decidedAt).toBeInstanceOf(Date);
    expect(await filingState(db, widget, s)).toBe(3);
    expect((await currentCase(db, widget, s))?.id).toBe(c.id);
    expect(await historyOf(c)).toEqual([
      ['submit', null, 2, admin, null],
      ['pass', 2, 3, reviewer, null],
    ]);
  });

  it('submit → reject with description → resubmit → pass, one case with the full history', async () => {
    const s = subject();
    const c = await submit(db, widget, { subjectId: s, actorId: admin, companyId: 7 });
    const rejected = await decide(db, widget, {
      auditId: c.id,
      actorId: reviewer,
      decision: 'reject',
      description: '  营业执照不清晰  ',
    });
    expect(rejected).toMatchObject({ state: 4, auditState: 0, description: '营业执照不清晰', version: 1 });

    const again = await submit(db, widget, {
      subjectId: s,
      actorId: admin,
      description: '已重新上传',
      expectedVersion: 1,
    });
    expect(again).toMatchObject({ id: c.id, state: 2, auditState: null, description: null, decidedBy: null });
    expect(again).toMatchObject({ version: 2, companyId: 7 });

    const passed = await decide(db, widget, {
      auditId: c.id,
      actorId: reviewer,
      decision: 'pass',
      description: '同意',
    });
    expect(passed).toMatchObject({ state: 3, auditState: 1, description: '同意', version: 3 });

    const steps = await history(db, c.id);
    expect(steps.map((h) => [h.action, h.fromState, h.toState, h.actorId, h.description])).toEqual([
      ['submit', null, 2, admin, null],
      ['reject', 2, 4, reviewer, '营业执照不清晰'],
      ['submit', 4, 2, admin, '已重新上传'],
      ['pass', 2, 3, reviewer, '同意'],
    ]);
    expect(steps[1].actorName).toBeTruthy();
    for (const h of steps) expect(h.createdAt).toBeInstanceOf(Date);
    const [{ n }] = await db
      .select({ n: auditRecord.id })
      .from(auditRecord)
      .where(eq(auditRecord.subjectId, s))
      .then((rows) => [{ n: rows.length }]);
    expect(n).toBe(1);
  });

  it('withdraw takes a pending case back and it can be submitted again', async () => {
    const s = subject();
    const c = await submit(db, widget, { subjectId: s, actorId: admin });
    const back = await withdraw(db, widget, { auditId: c.id, actorId: admin, description: '资料有误' });
    expect(back).toMatchObject({ state: 1, version: 1 });
    const again = await submit(db, widget, { subjectId: s, actorId: admin });
    expect(again).toMatchObject({ id: c.id, state: 2, version: 2 });
    expect((await historyOf(c)).map((h) => h.slice(0, 3))).toEqual([
      ['submit', null, 2],
      ['withdraw', 2, 1],
      ['submit', 1, 2],
    ]);
  });

  it('illegal transitions are 409 with a Chinese message and change nothing', async () => {
    const passed = await submit(db, widget, { subjectId: subject(), actorId: admin });
    await decide(db, widget, { auditId: passed.id, actorId: reviewer, decision: 'pass' });
    await expectConflict(
      decide(db, widget, { auditId: passed.id, actorId: reviewer, decision: 'pass' }),
      '不能重复审核',
    );
    await expectConflict(
      decide(db, widget, { auditId: passed.id, actorId: reviewer, decision: 'reject' }),
      '测试备案',
    );
    await expectConflict(submit(db, widget, { subjectId: passed.subjectId, actorId: admin }), '已审核通过');
    await expectConflict(withdraw(db, widget, { auditId: passed.id, actorId: admin }), '撤回');

    const pending = await submit(db, widget, { subjectId: subject(), actorId: admin });
    await expectConflict(submit(db, widget, { subjectId: pending.subjectId, actorId: admin }), '正在审核中');

    const notSubmitted = await submit(db, widget, { subjectId: subject(), actorId: admin });
    await withdraw(db, widget, { auditId: notSubmitted.id, actorId: admin });
    const err = await expectConflict(
      decide(db, widget, {
        auditId: notSubmitted.id,
        actorId: reviewer,
        decision: 'reject',
        description: '不行',
      }),
    );
    expect(err.message).toBe('测试备案当前为「未备案」，只有「待审核」的记录才能审核驳回');

    // Nothing moved: versions and histories are as the legal steps left them.
    expect((await getCase(db, widget, passed.id)).version).toBe(1);
    expect((await getCase(db, widget, pending.id)).version).toBe(0);
    expect((await getCase(db, widget, notSubmitted.id)).state).toBe(1);
    expect(await history(db, passed.id)).toHaveLength(2);
    expect(await history(db, pending.id)).toHaveLength(1);

    // An unknown case or one of another kind is 404, not 409.
    expect(
      (await refusal(decide(db, widget, { auditId: 99_999_999, actorId: reviewer, decision: 'pass' })))
        .status,
    ).toBe(404);
    const other = await submit(db, listed, { subjectId: subject(), actorId: admin });
    expect(
      (await refusal(decide(db, widget, { auditId: other.id, actorId: reviewer, decision: 'pass' }))).status,
    ).toBe(404);
    await decide(db, listed, { auditId: other.id, actorId: reviewer, decision: 'pass' });
  });

  it('a decision on a stale version is refused', async () => {
    const c = await submit(db, widget, { subjectId: subject(), actorId: admin });
    await decide(db, widget, { auditId: c.id, actorId: reviewer, decision: 'reject', expectedVersion: 0 });
    await expectConflict(
      decide(db, widget, { auditId: c.id, actorId: admin, decision: 'pass', expectedVersion: 0 }),
      STALE_MESSAGE,
    );
    // Resubmitted meanwhile: the old screen still says version 0, the case is pending again.
    await submit(db, widget, { subjectId: c.subjectId, actorId: admin });
    await expectConflict(
      decide(db, widget, { auditId: c.id, actorId: admin, decision: 'pass', expectedVersion: 0 }),
      STALE_MESSAGE,
    );
    await expectConflict(
      submit(db, widget, { subjectId: subject(), actorId: admin, expectedVersion: 3 }),
      STALE_MESSAGE,
    );
    expect((await history(db, c.id)).map((h) => h.action)).toEqual(['submit', 'reject', 'submit']);
  });

  it('two reviewers deciding the same version: exactly one wins', async () => {
    for (const expectedVersion of [0, undefined]) {
      const c = await submit(db, widget, { subjectId: subject(), actorId: admin });
      const attempts = [
        () => decide(db, widget, { auditId: c.id, actorId: admin, decision: 'pass', expectedVersion }),
        () => decide(db, widget, { auditId: c.id, actorId: reviewer, decision: 'reject', expectedVersion }),
        () => decide(db, widget, { auditId: c.id, actorId: reviewer, decision: 'pass', expectedVersion }),
      ];
      let results: PromiseSettledResult<AuditRecordRow>[];
      if (dbKind === 'postgres') {
        // The pool runs these on separate connections, really in parallel.
        results = await Promise.allSettled(attempts.map((a) => a()));
      } else {
        results = [];
        for (const a of attempts) results.push(await Promise.allSettled([a()]).then((r) => r[0]));
      }
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(2);
      for (const r of lost) {
        expect(r.reason).toBeInstanceOf(AppError);
        expect((r.reason as AppError).status).toBe(409);
        expect((r.reason as AppError).message).toMatch(CHINESE);
        if (expectedVersion !== undefined) expect((r.reason as AppError).message).toBe(STALE_MESSAGE);
      }
      const final = await getCase(db, widget, c.id);
      expect(final.version).toBe(1);
      expect(final.state).toBe(won[0].status === 'fulfilled' ? won[0].value.state : -1);
      const steps = await history(db, c.id);
      expect(steps.map((h) => h.action).filter((a) => a !== 'submit')).toHaveLength(1);
    }
  });

  it('concurrent first submissions of one subject create one case', async () => {
    const s = subject();
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => submit(db, widget, { subjectId: s, actorId: admin })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect((r.reason as AppError).status).toBe(409);
    }
    const rows = await db.select().from(auditRecord).where(eq(auditRecord.subjectId, s));
    expect(rows).toHaveLength(1);
  });

  it('lists cases by state, scope and page, newest submission first', async () => {
    const made: AuditRecordRow[] = [];
    for (let i = 0; i < 7; i++) {
      made.push(
        await submit(db, listed, {
          subjectId: `list-${i}`,
          actorId: admin,
          areaCode: i % 2 ? '450103' : '450102',
          companyId: 100 + i,
        }),
      );
    }
    await decide(db, listed, { auditId: made[0].id, actorId: reviewer, decision: 'pass' });
    await decide(db, listed, { auditId: made[1].id, actorId: reviewer, decision: 'reject' });
    await decide(db, listed, { auditId: made[2].id, actorId: reviewer, decision: 'pass' });
    const base = await listCases(db, listed, { limit: 500 });
    const known = new Set(made.map((m) => m.id));
    const pendingIds = made.slice(3).map((m) => m.id);

    const pending = await listCases(db, listed, {
      state: 2,
      page: 1,
      limit: 2,
      subjectIds: made.map((m) => m.subjectId),
    });
    expect(pending.total).toBe(4);
    expect(pending).toMatchObject({ page: 1, limit: 2 });
    expect(typeof pending.total).toBe('number');
    expect(pending.records.map((r) => r.id)).toEqual([pendingIds[3], pendingIds[2]]);
    const page2 = await listCases(db, listed, {
      state: 2,
      page: 2,
      limit: 2,
      subjectIds: made.map((m) => m.subjectId),
    });
    expect(page2.records.map((r) => r.id)).toEqual([pendingIds[1], pendingIds[0]]);
    const page3 = await listCases(db, listed, {
      state: 2,
      page: 3,
      limit: 2,
      subjectIds: made.map((m) => m.subjectId),
    });
    expect(page3.records).toEqual([]);
    expect(page3.total).toBe(4);

    const decided = await listCases(db, listed, { state: [3, 4], limit: 500 });
    expect(decided.records.filter((r) => known.has(r.id)).map((r) => r.id)).toEqual([
      made[2].id,
      made[1].id,
      made[0].id,
    ]);
    expect((await listCases(db, listed, { state: 4, limit: 500 })).records.every((r) => r.state === 4)).toBe(
      true,
    );
    expect((await listCases(db, listed, { state: [] })).total).toBe(0);
    expect((await listCases(db, listed, { subjectIds: [] })).total).toBe(0);

    // The resubmitted case moves to the top of the pending list.
    await submit(db, listed, { subjectId: made[1].subjectId, actorId: admin });
    const top = await listCases(db, listed, { state: 2, limit: 1 });
    expect(top.records[0].id).toBe(made[1].id);

    // Data scope: an area user sees the cases of their area only; a company user their company's.
    const areaUser = {
      id: reviewer,
      dataScope: 'area',
      areaCodes: ['450103'],
      companyId: null,
    } as unknown as AuthUser;
    const inArea = await listCases(db, listed, { scope: caseScope(areaUser), limit: 500 });
    expect(inArea.records.every((r) => r.areaCode === '450103')).toBe(true);
    expect(inArea.records.filter((r) => known.has(r.id))).toHaveLength(3);
    const companyUser = {
      id: admin,
      dataScope: 'company',
      areaCodes: [],
      companyId: 104,
    } as unknown as AuthUser;
    const own = await listCases(db, listed, { scope: caseScope(companyUser) });
    expect(own.records.map((r) => r.id)).toEqual([made[4].id]);
    expect(own.total).toBe(1);
    // … and cannot decide or open a case outside it.
    const outside = made[6].areaCode === '450103' ? made[5] : made[6];
    expect(outside.areaCode).toBe('450102');
    const scope = caseScope(areaUser);
    expect((await refusal(getCase(db, listed, outside.id, scope))).status).toBe(404);
    expect(
      (await refusal(decide(db, listed, { auditId: outside.id, actorId: reviewer, decision: 'pass', scope })))
        .status,
    ).toBe(404);
    expect((await getCase(db, listed, outside.id)).state).toBe(2);

    // Paging values out of range are clamped, never an error.
    const clamped = await listCases(db, listed, { page: -3, limit: 100_000 });
    expect(clamped).toMatchObject({ page: 1, limit: 500 });
    expect(clamped.total).toBe(base.total);
  });

  it('deletes decided cases from the list, refuses pending ones, keeps history', async () => {
    const passed = await submit(db, widget, { subjectId: subject(), actorId: admin });
    await decide(db, widget, { auditId: passed.id, actorId: reviewer, decision: 'pass' });
    const rejected = await submit(db, widget, { subjectId: subject(), actorId: admin });
    await decide(db, widget, {
      auditId: rejected.id,
      actorId: reviewer,
      decision: 'reject',
      description: '不符合',
    });
    const pending = await submit(db, widget, { subjectId: subject(), actorId: admin });

    // All or nothing: one pending case in the batch refuses the whole batch.
    await expectConflict(deleteCases(db, widget, [passed.id, pending.id], { actorId: admin }), '不能删除');
    expect((await refusal(deleteCases(db, widget, [passed.id, 99_999_999], { actorId: admin }))).status).toBe(
      404,
    );
    expect((await refusal(deleteCases(db, widget, [], { actorId: admin }))).status).toBe(400);
    expect((await getCase(db, widget, passed.id)).deletedAt).toBeNull();

    expect(await deleteCases(db, widget, [passed.id, rejected.id, passed.id], { actorId: admin })).toBe(2);
    const all = await listCases(db, widget, { limit: 500 });
    const ids = all.records.map((r) => r.id);
    expect(ids).not.toContain(passed.id);
    expect(ids).not.toContain(rejected.id);
    expect(ids).toContain(pending.id);
    expect(all.total).toBe(all.records.length);
    expect((await refusal(getCase(db, widget, passed.id))).status).toBe(404);
    expect((await refusal(deleteCases(db, widget, [passed.id], { actorId: admin }))).status).toBe(404);
    expect(
      (await refusal(decide(db, widget, { auditId: rejected.id, actorId: reviewer, decision: 'pass' })))
        .status,
    ).toBe(404);

    // The subject keeps its filing state and its history.
    expect(await filingState(db, widget, passed.subjectId)).toBe(3);
    expect((await history(db, passed.id)).map((h) => [h.action, h.fromState, h.toState, h.actorId])).toEqual([
      ['submit', null, 2, admin],
      ['pass', 2, 3, reviewer],
      ['delete', 3, 3, admin],
    ]);

    // Submitting again revives the case: it needs an audit, so it is back in the list.
    const revived = await submit(db, widget, { subjectId: rejected.subjectId, actorId: admin });
    expect(revived).toMatchObject({ id: rejected.id, state: 2, deletedAt: null });
    expect((await listCases(db, widget, { state: 2, limit: 500 })).records.map((r) => r.id)).toContain(
      rejected.id,
    );
  });

  it('validates the description and the decision', async () => {
    const c = await submit(db, widget, { subjectId: subject(), actorId: admin });
    const long = await refusal(
      decide(db, widget, {
        auditId: c.id,
        actorId: reviewer,
        decision: 'reject',
        description: 'x'.repeat(DESCRIPTION_MAX + 1),
      }),
    );
    expect(long.status).toBe(400);
    expect(long.errors?.[0].field).toBe('description');
    expect(long.message).toMatch(CHINESE);
    const bad = await refusal(
      decide(db, widget, { auditId: c.id, actorId: reviewer, decision: 'maybe' as 'pass' }),
    );
    expect(bad.status).toBe(400);
    expect((await getCase(db, widget, c.id)).version).toBe(0);
  });

  it('kinds declare their own transitions', async () => {
    expect(can(widget, 'submit', null)).toBe(true);
    expect(can(widget, 'submit', 3)).toBe(false);
    expect(can(refile, 'submit', 3)).toBe(true);
    expect(can(widget, 'pass', 2)).toBe(true);
    expect(can(refile, 'withdraw', 2)).toBe(false);

    const c = await submit(db, refile, { subjectId: subject(), actorId: admin });
    await expectConflict(withdraw(db, refile, { auditId: c.id, actorId: admin }), '不允许撤回');
    await decide(db, refile, { auditId: c.id, actorId: reviewer, decision: 'pass' });
    const changed = await submit(db, refile, { subjectId: c.subjectId, actorId: admin, payload: { v: 2 } });
    expect(changed).toMatchObject({ id: c.id, state: 2, auditState: null, payload: { v: 2 } });

    expect(() => defineKind({ kind: 'test.widget', label: '重复' })).toThrow(/duplicate/);
    expect(() => defineKind({ kind: 'test.bad', label: '坏', transitions: { pass: [3] } })).toThrow();
    expect(() => defineKind({ kind: 'Bad Kind', label: '坏' })).toThrow();
  });

  it('runs the kind hook in the transaction; a failing hook rolls the step back', async () => {
    events.length = 0;
    const c = await submit(db, hooked, { subjectId: subject(), actorId: admin });
    await db.transaction(async (tx) => {
      await decide(tx, hooked, { auditId: c.id, actorId: reviewer, decision: 'reject' });
    });
    expect(
      events.map((e) => [e.action, e.from, e.to, e.actorId, (e.record.payload as { steps: number }).steps]),
    ).toEqual([
      ['submit', null, 2, admin, 1],
      ['reject', 2, 4, reviewer, 2],
    ]);

    await expectConflict(
      submit(db, hooked, { subjectId: c.subjectId, actorId: admin, payload: { fail: true } }),
      '下游',
    );
    const after = await getCase(db, hooked, c.id);
    expect(after).toMatchObject({ state: 4, version: 1, payload: null });
    expect(await history(db, c.id)).toHaveLength(2);

    // Inside a caller's transaction that goes on after a refusal, the refused step left nothing behind.
    await db.transaction(async (tx) => {
      await expectConflict(
        submit(tx, hooked, { subjectId: c.subjectId, actorId: admin, payload: { fail: true } }),
      );
      await submit(tx, hooked, { subjectId: c.subjectId, actorId: admin });
    });
    expect((await history(db, c.id)).map((h) => h.action)).toEqual(['submit', 'reject', 'submit']);
  });
});
