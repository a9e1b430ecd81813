import {
  addDays,
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
import { CallProber, type Probes } from './scope-sweep.ts';

/**
 * Data scope of the patrol, call by call: the regulator of another district (jg_jiangnan), another
 * use unit (sy_admin2), a maintenance company (wb_admin1) and an inspection organisation ask for a
 * running task of jg_qingxiu over sy_admin1's lift and the notice its finding opened for sy_admin1.
 * Each call answers 404 (403 without the permission or outside the caller's district), leaves the
 * record out of a list, or touches nothing; the parties reach it; afterwards nothing changed.
 */
const ACTORS = ['jg_jiangnan', 'sy_admin2', 'wb_admin1', 'jy_admin1'] as const;

describe.each(dbKinds)('patrol data scope, call by call, on %s', (kind) => {
  let t: TestApp;
  let c: CallProber<typeof patrolContentCalls>;
  let tp: CallProber<typeof patrolTemplateCalls>;
  let o: CallProber<typeof patrolTaskCalls>;
  let n: CallProber<typeof patrolNoticeCalls>;
  let task: PatrolTaskDetail;
  let noticeId: number;
  let usedContent: number;
  let template: { id: number; version: number };
  const query = async <T>(text: string) => rowsOf<T>(await t.platform.db.execute(sql.raw(text)));
  const snapshot = async () => [
    await query(`select id, state, version, name from patrol_task order by id`),
    await query(`select id, result, remark from patrol_result order by id`),
    await query(`select id, state, version, answer_text from patrol_notice order by id`),
    await query(`select id, name, version from patrol_content order by id`),
    await query(`select id, name, version from patrol_template order by id`),
  ];

  beforeAll(async () => {
    t = await startTestApp(kind);
    c = new CallProber(t, patrolContentCalls);
    tp = new CallProber(t, patrolTemplateCalls);
    o = new CallProber(t, patrolTaskCalls);
    n = new CallProber(t, patrolNoticeCalls);
    const users = ['jg_qingxiu', 'sy_admin1', 'aq_officer1', ...ACTORS];
    for (const p of [c, tp, o, n]) await p.signIn(users);
    const [reg] = await query<{ id: number; company: number }>(
      `select r.id, u.company_id as company from sys_user r, sys_user u
        where r.username = 'jg_qingxiu' and u.username = 'sy_admin1'`,
    );
    const [lift] = await query<{ id: number }>(
      `select id from elevator where use_company_id = ${reg.company} and area_code = '450103' order by id limit 1`,
    );
    const [tpl] = await query<{ id: number; version: number }>(
      `select id, version from patrol_template where target_kind = 'lift' order by id limit 1`,
    );
    template = tpl;
    const saved = await o.send<PatrolTaskDetail>('jg_qingxiu', 'save', {
      name: '范围测试巡查',
      areaCode: '450103',
      templateId: tpl.id,
      targetIds: [lift.id],
      assigneeIds: [reg.id],
      planStart: shanghaiToday(),
      planEnd: addDays(shanghaiToday(), 2),
    });
    expect(saved.status, saved.body.resultMsg).toBe(200);
    const item = saved.body.data.items[0];
    usedContent = item.contentId;
    const done = await o.send<PatrolTaskDetail>('jg_qingxiu', 'saveResult', {
      taskId: saved.body.data.id,
      targetId: saved.body.data.targets[0].id,
      results: [{ contentId: item.contentId, result: 'fail', remark: '范围测试发现' }],
    });
    expect(done.status, done.body.resultMsg).toBe(200);
    task = done.body.data;
    noticeId = task.notices[0].id;
  }, 180_000);
  afterAll(() => t?.close());

  const target = () => task.targets[0];
  const contentProbes = (): Probes<typeof patrolContentCalls> => ({
    // City-wide reference data: readers read it all; nobody without the permission reaches it.
    queryList: async (a) => {
      const res = await c.send(a, 'queryList', {});
      expect(res.status, a).toBe(c.may(a, 'queryList') ? 200 : 403);
    },
    // A stale save changes nothing (409); without the permission 403.
    save: (a) =>
      c.refused(
        a,
        'save',
        { id: usedContent, version: 999, name: '越权', category: '其他', appliesTo: 'lift' },
        409,
      ),
    // A content in a template is not deleted (409); without the permission 403.
    delete: (a) => c.refused(a, 'delete', { ids: [usedContent] }, 409),
  });
  const templateProbes = (): Probes<typeof patrolTemplateCalls> => ({
    queryList: async (a) => {
      const res = await tp.send(a, 'queryList', {});
      expect(res.status, a).toBe(tp.may(a, 'queryList') ? 200 : 403);
    },
    queryDetail: async (a) => {
      const res = await tp.send(a, 'queryDetail', { id: template.id });
      expect(res.status, a).toBe(tp.may(a, 'queryDetail') ? 200 : 403);
    },
    save: (a) =>
      tp.refused(
        a,
        'save',
        { id: template.id, version: 999, name: '越权', targetKind: 'lift', contentIds: [usedContent] },
        409,
      ),
    delete: async (a) => {
      if (tp.may(a, 'delete')) return; // Deleting a template is a regulator's right city-wide; not probed destructively.
      expect((await tp.send(a, 'delete', { ids: [template.id] })).status).toBe(403);
    },
  });
  const taskProbes = (): Probes<typeof patrolTaskCalls> => ({
    queryList: (a) => o.leftOut(a, 'queryList', { keyword: task.taskNo, limit: 500 }, o.hasId(task.id)),
    queryDetail: (a) => o.refused(a, 'queryDetail', { id: task.id }),
    save: (a) =>
      o.refused(a, 'save', {
        id: task.id,
        version: task.version,
        name: '越权修改',
        areaCode: '450103',
        templateId: template.id,
        targetIds: [target().elevatorId],
        assigneeIds: [task.assignees[0].id],
        planStart: task.planStart,
        planEnd: task.planEnd,
      }),
    cancel: (a) => o.refused(a, 'cancel', { id: task.id, reason: '越权取消' }),
    // Another district's lifts and regulators are not offered (403 outside one's districts).
    targetOptions: (a) => o.refused(a, 'targetOptions', { kind: 'lift', areaCode: '450103' }, 403),
    assigneeOptions: (a) => o.refused(a, 'assigneeOptions', { areaCode: '450103' }, 403),
    myTasks: async (a) => {
      const res = await o.send<{ id: number }[]>(a, 'myTasks');
      if (!o.may(a, 'myTasks')) return void expect(res.status).toBe(403);
      expect(res.status).toBe(200);
      expect(res.body.data.some((r) => r.id === task.id)).toBe(false);
    },
    saveResult: (a) =>
      o.refused(a, 'saveResult', {
        taskId: task.id,
        targetId: target().id,
        results: [{ contentId: task.items[1].contentId, result: 'pass' }],
      }),
    complete: (a) => o.refused(a, 'complete', { id: task.id }),
  });
  const noticeProbes = (): Probes<typeof patrolNoticeCalls> => ({
    queryList: (a) => n.leftOut(a, 'queryList', { taskId: task.id, limit: 500 }, n.hasId(noticeId)),
    queryDetail: (a) => n.refused(a, 'queryDetail', { id: noticeId }),
    answer: (a) => n.refused(a, 'answer', { id: noticeId, text: '越权回复' }),
    close: (a) => n.refused(a, 'close', { id: noticeId }),
    reopen: (a) => n.refused(a, 'reopen', { id: noticeId, reason: '越权退回' }),
  });

  it('has a probe for every call', () => {
    c.expectProbeForEveryCall(contentProbes());
    tp.expectProbeForEveryCall(templateProbes());
    o.expectProbeForEveryCall(taskProbes());
    n.expectProbeForEveryCall(noticeProbes());
  });

  it.each(ACTORS)('%s reaches nothing of the task and its notice', async (actor) => {
    await c.sweep(actor, contentProbes(), snapshot);
    await tp.sweep(actor, templateProbes(), snapshot);
    await o.sweep(actor, taskProbes(), snapshot);
    await n.sweep(actor, noticeProbes(), snapshot);
  });

  it('the parties reach them', async () => {
    for (const u of ['jg_qingxiu', 'admin'])
      expect((await o.send(u, 'queryDetail', { id: task.id })).status, u).toBe(200);
    for (const u of ['jg_qingxiu', 'sy_admin1', 'aq_officer1', 'admin'])
      expect((await n.send(u, 'queryDetail', { id: noticeId })).status, u).toBe(200);
  });
});
