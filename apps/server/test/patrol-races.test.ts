import {
  addDays,
  type PatrolContentRow,
  type PatrolTaskDetail,
  patrolContentCalls,
  patrolNoticeCalls,
  patrolTaskCalls,
  patrolTemplateCalls,
  shanghaiToday,
} from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db/sql.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { CallProber } from './scope-sweep.ts';

/**
 * The patrol's write rules under 50 concurrent requests (at once on PostgreSQL; one by one on
 * PGlite): one close of an answered notice (the conditional UPDATE on its state), one completion of
 * a task, and one result and one notice per task, target and item however many phones send a 不符合.
 */
const N = 50;

describe.each(dbKinds)('patrol under %s with 50 concurrent requests', (kind) => {
  let t: TestApp;
  let o: CallProber<typeof patrolTaskCalls>;
  let n: CallProber<typeof patrolNoticeCalls>;
  let contents: CallProber<typeof patrolContentCalls>;
  let templates: CallProber<typeof patrolTemplateCalls>;
  let regulatorId: number;
  let liftId: number;
  let templateId: number;
  const query = async <T>(text: string) => rowsOf<T>(await t.platform.db.execute(sql.raw(text)));
  const statuses = (results: { status: number }[]) => {
    const count: Record<number, number> = {};
    for (const r of results) count[r.status] = (count[r.status] ?? 0) + 1;
    return count;
  };
  const newTask = async () => {
    const res = await o.send<PatrolTaskDetail>('jg_qingxiu', 'save', {
      name: '并发测试',
      areaCode: '450103',
      templateId,
      targetIds: [liftId],
      assigneeIds: [regulatorId],
      planStart: shanghaiToday(),
      planEnd: addDays(shanghaiToday(), 1),
    });
    expect(res.status, res.body.resultMsg).toBe(200);
    return res.body.data;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    o = new CallProber(t, patrolTaskCalls);
    n = new CallProber(t, patrolNoticeCalls);
    contents = new CallProber(t, patrolContentCalls);
    templates = new CallProber(t, patrolTemplateCalls);
    for (const p of [o, n]) await p.signIn(['jg_qingxiu', 'sy_admin1']);
    for (const p of [contents, templates]) await p.signIn(['admin']);
    const [reg] = await query<{ id: number; company: number }>(
      `select r.id, u.company_id as company from sys_user r, sys_user u
        where r.username = 'jg_qingxiu' and u.username = 'sy_admin1'`,
    );
    regulatorId = reg.id;
    [{ id: liftId }] = await query<{ id: number }>(
      `select id from elevator where use_company_id = ${reg.company} and area_code = '450103' order by id limit 1`,
    );
    [{ id: templateId }] = await query<{ id: number }>(
      `select id from patrol_template where target_kind = 'lift' order by id limit 1`,
    );
  }, 180_000);
  afterAll(() => t?.close());

  it('one 不符合 result and one notice per item, whoever sends it', async () => {
    const task = await newTask();
    const contentId = task.items[0].contentId;
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        o.send('jg_qingxiu', 'saveResult', {
          taskId: task.id,
          targetId: task.targets[0].id,
          results: [{ contentId, result: 'fail', remark: `发现 ${i}` }],
        }),
      ),
    );
    const count = statuses(results);
    // The first 不符合 is recorded; the others find it final (409).
    expect(count[200]).toBe(1);
    expect(count[409]).toBe(N - 1);
    const [{ r, k }] = await query<{ r: number; k: number }>(
      `select (select count(*)::int from patrol_result where task_id = ${task.id}) as r,
        (select count(*)::int from patrol_notice where task_id = ${task.id}) as k`,
    );
    expect({ r, k }).toEqual({ r: 1, k: 1 });
  });

  it('one completion of a task', async () => {
    const task = await newTask();
    const filled = await o.send('jg_qingxiu', 'saveResult', {
      taskId: task.id,
      targetId: task.targets[0].id,
      results: task.items.map((i) => ({ contentId: i.contentId, result: 'pass' })),
    });
    expect(filled.status).toBe(200);
    const results = await Promise.all(
      Array.from({ length: N }, () => o.send('jg_qingxiu', 'complete', { id: task.id })),
    );
    expect(statuses(results)).toEqual({ 200: 1, 409: N - 1 });
    const [{ state }] = await query<{ state: string }>(`select state from patrol_task where id = ${task.id}`);
    expect(state).toBe('done');
  });

  it('one close of an answered notice', async () => {
    const task = await newTask();
    const saved = await o.send<PatrolTaskDetail>('jg_qingxiu', 'saveResult', {
      taskId: task.id,
      targetId: task.targets[0].id,
      results: [{ contentId: task.items[0].contentId, result: 'fail', remark: '待整改' }],
    });
    const noticeId = saved.body.data.notices[0].id;
    expect((await n.send('sy_admin1', 'answer', { id: noticeId, text: '已整改' })).status).toBe(200);
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        i % 2 === 0
          ? n.send('jg_qingxiu', 'close', { id: noticeId, remark: `销号 ${i}` })
          : n.send('jg_qingxiu', 'reopen', { id: noticeId, reason: `退回 ${i}` }),
      ),
    );
    // From 待复核 one move wins (a close or a reopen); after a close, a reopen may follow (a valid
    // later move) and after a reopen nothing (待整改 takes neither): at most two succeed, never two closes.
    const ok = results.filter((r) => r.status === 200).length;
    expect(statuses(results)[409]).toBe(N - ok);
    const events = await query<{ action: string }>(
      `select action from patrol_notice_event where notice_id = ${noticeId} and action in ('close', 'reopen') order by id`,
    );
    expect(events.length).toBe(ok);
    expect(events.filter((e) => e.action === 'close').length).toBeLessThanOrEqual(1);
    expect(['close', 'reopen']).toContain(events[0].action);
    if (events.length === 2) expect(events.map((e) => e.action)).toEqual(['close', 'reopen']);
    expect(ok).toBeLessThanOrEqual(2);

    // A clean race: 50 closes of an answered notice make one.
    await n.send('sy_admin1', 'answer', { id: noticeId, text: '再次整改' });
    const [{ state }] = await query<{ state: string }>(
      `select state from patrol_notice where id = ${noticeId}`,
    );
    expect(state).toBe('answered');
    const closes = await Promise.all(
      Array.from({ length: N }, () => n.send('jg_qingxiu', 'close', { id: noticeId })),
    );
    expect(statuses(closes)).toEqual({ 200: 1, 409: N - 1 });
  });

  it("a template's items always apply to its kind, while their content changes what it applies to", async () => {
    // Each round: one request moves a new content from lifts to use units, the others save lift
    // templates holding it. Whichever comes first, no lift template may end with a use-unit item.
    for (let round = 0; round < 6; round++) {
      const made = await contents.send<PatrolContentRow>('admin', 'save', {
        name: `并发内容 ${round}`,
        category: '其他',
        appliesTo: 'lift',
      });
      expect(made.status, made.body.resultMsg).toBe(200);
      const { id, version } = made.body.data;
      const moveAt = round % 2 === 0 ? 0 : 1;
      const results = await Promise.all(
        Array.from({ length: N }, (_, i) =>
          i === moveAt
            ? contents.send('admin', 'save', {
                id,
                version,
                name: `并发内容 ${round}`,
                category: '其他',
                appliesTo: 'unit',
              })
            : templates.send('admin', 'save', {
                name: `并发模板 ${round}-${i}`,
                targetKind: 'lift',
                contentIds: [id],
              }),
        ),
      );
      // The move goes through before any template holds the content, or is refused (409) after;
      // a template reads the content as it stands: a lift content (200) or a use-unit one (400).
      expect([200, 409]).toContain(results[moveAt].status);
      expect(results.filter((_, i) => i !== moveAt).every((r) => [200, 400].includes(r.status))).toBe(true);
      const [{ crossed }] = await query<{ crossed: number }>(
        `select count(*)::int as crossed from patrol_template_item ti
           join patrol_template tp on tp.id = ti.template_id join patrol_content c on c.id = ti.content_id
          where tp.target_kind <> c.applies_to`,
      );
      expect(crossed).toBe(0);
    }
  });

  it('results sent while the task is edited: each kept on a target the task has, none a 500', async () => {
    for (let round = 0; round < 3; round++) {
      const task = await newTask();
      const contentId = task.items[0].contentId;
      const results = await Promise.all(
        Array.from({ length: N }, (_, i) =>
          i % 2
            ? o.send('jg_qingxiu', 'saveResult', {
                taskId: task.id,
                targetId: task.targets[0].id,
                results: [{ contentId, result: 'pass' }],
              })
            : o.send('jg_qingxiu', 'save', {
                id: task.id,
                name: `并发修改 ${i}`,
                areaCode: '450103',
                templateId,
                targetIds: [liftId],
                assigneeIds: [regulatorId],
                planStart: shanghaiToday(),
                planEnd: addDays(shanghaiToday(), 2),
              }),
        ),
      );
      // An edit goes through while the task is pending (409 once a result started it); a result
      // finds its target (200), or the target replaced by an edit (404).
      for (const [i, r] of results.entries())
        expect(i % 2 ? [200, 404] : [200, 409], `${r.status} ${r.body.resultMsg}`).toContain(r.status);
      const [{ stray }] = await query<{ stray: number }>(
        `select count(*)::int as stray from patrol_result r
        where r.task_id = ${task.id} and not exists (select 1 from patrol_target g where g.id = r.target_id and g.task_id = r.task_id)`,
      );
      expect(stray).toBe(0);
    }
  });
});
