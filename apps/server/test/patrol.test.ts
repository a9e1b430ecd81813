import type { AddressInfo } from 'node:net';
import {
  API_PREFIX,
  addDays,
  type PatrolNoticeDetail,
  type PatrolTaskDetail,
  type PatrolTemplateDetail,
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
import { openStream, until } from './live-support.ts';
import { multipart, PNG_1PX } from './multipart.ts';
import { CallProber } from './scope-sweep.ts';

/**
 * 电子巡查 end to end: contents and templates, a task of jg_qingxiu over sy_admin1's lifts, results on
 * site (a 不符合 opens a notice), the use unit's answer, close and reopen; refusals, bad input and
 * the other district's (jg_jiangnan) or another company's 404s, every call at least once.
 */
describe.each(dbKinds)('electronic patrol on %s', (kind) => {
  let t: TestApp;
  let c: CallProber<typeof patrolContentCalls>;
  let tp: CallProber<typeof patrolTemplateCalls>;
  let o: CallProber<typeof patrolTaskCalls>;
  let n: CallProber<typeof patrolNoticeCalls>;
  let regulatorId: number;
  let sy1: number;
  let lifts: { id: number; maintenance_company_id: number | null }[];
  let template: PatrolTemplateDetail;
  let task: PatrolTaskDetail;
  const query = async <T>(text: string) => rowsOf<T>(await t.platform.db.execute(sql.raw(text)));
  const today = shanghaiToday();
  const USERS = [
    'jg_qingxiu',
    'jg_jiangnan',
    'sy_admin1',
    'sy_admin2',
    'wb_admin1',
    'wb_admin2',
    'aq_officer1',
  ];
  const upload = async (user: string) => {
    const { payload, contentType } = multipart([{ name: '现场.png', body: PNG_1PX, type: 'image/png' }]);
    const res = await t.inject({
      method: 'POST',
      url: `${API_PREFIX}/common/upload`,
      headers: { authorization: `Bearer ${o.tokens[user]}`, 'content-type': contentType },
      payload,
    });
    return res.json().data.id as string;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    c = new CallProber(t, patrolContentCalls);
    tp = new CallProber(t, patrolTemplateCalls);
    o = new CallProber(t, patrolTaskCalls);
    n = new CallProber(t, patrolNoticeCalls);
    for (const p of [c, tp, o, n]) await p.signIn(USERS);
    const users = await query<{ username: string; id: number; company_id: number | null }>(
      `select username, id, company_id from sys_user where username in ('jg_qingxiu', 'sy_admin1')`,
    );
    regulatorId = users.find((u) => u.username === 'jg_qingxiu')!.id;
    sy1 = users.find((u) => u.username === 'sy_admin1')!.company_id!;
    lifts = await query(
      `select id, maintenance_company_id from elevator where use_company_id = ${sy1} and area_code = '450103'
        and maintenance_company_id is not null order by id limit 3`,
    );
  }, 180_000);
  afterAll(() => t?.close());

  it('seeds the contents, two templates and demo tasks in each state with notices', async () => {
    const states = await query<{ state: string }>(`select distinct state from patrol_task order by state`);
    expect(states.map((s) => s.state)).toEqual(['cancelled', 'done', 'pending', 'running']);
    const notices = await query<{ state: string }>(`select distinct state from patrol_notice order by state`);
    expect(notices.map((s) => s.state)).toEqual(['answered', 'closed', 'open']);
    const res = await tp.send<{ total: number }>('jg_qingxiu', 'queryList', {});
    expect(res.body.data.total).toBe(2);
  });

  it('edits contents: add, refuse a duplicate and bad input, update with its version, delete unless used', async () => {
    const added = await c.send<{ id: number; version: number }>('jg_qingxiu', 'save', {
      name: '轿厢内禁烟标志',
      category: '证照标志',
      appliesTo: 'lift',
    });
    expect(added.status, added.body.resultMsg).toBe(200);
    const dup = await c.send('jg_qingxiu', 'save', {
      name: '轿厢内禁烟标志',
      category: '证照标志',
      appliesTo: 'lift',
    });
    expect(dup.status).toBe(409);
    expect(dup.body.resultMsg).toContain('同名');
    const bad = await c.send('jg_qingxiu', 'save', { name: '', category: '未知', appliesTo: 'car' });
    expect(bad.status).toBe(400);
    expect(bad.body.resultMsg).toMatch(/不能为空|请选择/);
    const updated = await c.send<{ version: number }>('jg_qingxiu', 'save', {
      id: added.body.data.id,
      version: added.body.data.version,
      name: '轿厢内禁烟及安全标志',
      category: '证照标志',
      appliesTo: 'lift',
    });
    expect(updated.status).toBe(200);
    const stale = await c.send('jg_qingxiu', 'save', {
      id: added.body.data.id,
      version: added.body.data.version,
      name: '旧版本',
      category: '证照标志',
      appliesTo: 'lift',
    });
    expect(stale.status).toBe(409);
    // The use unit reads nothing of it and edits nothing (no permission).
    expect((await c.send('sy_admin1', 'queryList', {})).status).toBe(403);
    expect(
      (await c.send('sy_admin1', 'save', { name: 'x', category: '其他', appliesTo: 'lift' })).status,
    ).toBe(403);
    const list = await c.send<{ records: { id: number; templateCount: number }[] }>(
      'jg_qingxiu',
      'queryList',
      {
        appliesTo: 'lift',
        limit: 100,
      },
    );
    const used = list.body.data.records.find((r) => r.templateCount > 0)!;
    const refused = await c.send('jg_qingxiu', 'delete', { ids: [used.id] });
    expect(refused.status).toBe(409);
    expect(refused.body.resultMsg).toContain('模板');
    expect((await c.send('jg_qingxiu', 'delete', { ids: [added.body.data.id] })).body.data).toEqual({
      deleted: 1,
    });
  });

  it('edits templates: ordered contents of its kind only', async () => {
    const contents = await c.send<{ records: { id: number; appliesTo: string }[] }>(
      'jg_qingxiu',
      'queryList',
      {
        limit: 100,
      },
    );
    const liftIds = contents.body.data.records.filter((r) => r.appliesTo === 'lift').map((r) => r.id);
    const unitId = contents.body.data.records.find((r) => r.appliesTo === 'unit')!.id;
    const wrong = await tp.send('jg_qingxiu', 'save', {
      name: '混合',
      targetKind: 'lift',
      contentIds: [liftIds[0], unitId],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.resultMsg).toContain('不适用于电梯');
    const empty = await tp.send('jg_qingxiu', 'save', { name: '空模板', targetKind: 'lift', contentIds: [] });
    expect(empty.status).toBe(400);
    const saved = await tp.send<PatrolTemplateDetail>('jg_qingxiu', 'save', {
      name: '三项快检',
      targetKind: 'lift',
      contentIds: [liftIds[2], liftIds[0], liftIds[1]],
    });
    expect(saved.status, saved.body.resultMsg).toBe(200);
    expect(saved.body.data.items.map((i) => i.contentId)).toEqual([liftIds[2], liftIds[0], liftIds[1]]);
    template = saved.body.data;
    const detail = await tp.send<PatrolTemplateDetail>('sy_admin1', 'queryDetail', { id: template.id });
    expect(detail.status).toBe(403);
    expect((await tp.send('jg_qingxiu', 'queryDetail', { id: 999999 })).status).toBe(404);
    const extra = await tp.send<PatrolTemplateDetail>('jg_qingxiu', 'save', {
      name: '待删除',
      targetKind: 'lift',
      contentIds: [liftIds[0]],
    });
    expect((await tp.send('jg_qingxiu', 'delete', { ids: [extra.body.data.id] })).body.data).toEqual({
      deleted: 1,
    });
  });

  it('plans a task in its own district only, with its district regulators as assignees', async () => {
    const options = await o.send<{ records: { id: number }[] }>('jg_qingxiu', 'targetOptions', {
      kind: 'lift',
      areaCode: '450103',
      limit: 500,
    });
    expect(options.status).toBe(200);
    for (const l of lifts) expect(options.body.data.records.some((r) => r.id === l.id)).toBe(true);
    expect((await o.send('jg_jiangnan', 'targetOptions', { kind: 'lift', areaCode: '450103' })).status).toBe(
      403,
    );
    const units = await o.send<{ records: { id: number }[] }>('jg_qingxiu', 'targetOptions', {
      kind: 'unit',
      areaCode: '450103',
    });
    expect(units.body.data.records.length).toBeGreaterThan(0);
    const people = await o.send<{ id: number }[]>('jg_qingxiu', 'assigneeOptions', { areaCode: '450103' });
    expect(people.body.data.map((p) => p.id)).toContain(regulatorId);
    expect((await o.send('sy_admin1', 'assigneeOptions', { areaCode: '450103' })).status).toBe(403);

    const input = {
      name: '测试巡查',
      areaCode: '450103',
      templateId: template.id,
      targetIds: lifts.map((l) => l.id),
      assigneeIds: [regulatorId],
      planStart: today,
      planEnd: addDays(today, 3),
    };
    const other = await o.send('jg_jiangnan', 'save', input);
    expect(other.status).toBe(403);
    const otherArea = await o.send('jg_qingxiu', 'save', { ...input, areaCode: '450105' });
    expect(otherArea.status).toBe(403);
    const [foreign] = await query<{ id: number }>(
      `select id from elevator where area_code = '450105' limit 1`,
    );
    const foreignLift = await o.send('jg_qingxiu', 'save', { ...input, targetIds: [foreign.id] });
    expect(foreignLift.status).toBe(404);
    const badDates = await o.send('jg_qingxiu', 'save', { ...input, planEnd: addDays(today, -1) });
    expect(badDates.status).toBe(400);
    expect(badDates.body.resultMsg).toContain('不能早于');
    const noTargets = await o.send('jg_qingxiu', 'save', { ...input, targetIds: [] });
    expect(noTargets.status).toBe(400);
    expect(noTargets.body.resultMsg).toContain('巡检对象');
    const [jn] = await query<{ id: number }>(`select id from sys_user where username = 'jg_jiangnan'`);
    const strangers = await o.send('jg_qingxiu', 'save', { ...input, assigneeIds: [jn.id] });
    expect(strangers.status).toBe(400);
    const saved = await o.send<PatrolTaskDetail>('jg_qingxiu', 'save', input);
    expect(saved.status, saved.body.resultMsg).toBe(200);
    task = saved.body.data;
    expect(task.state).toBe('pending');
    expect(task.taskNo).toMatch(/^XJ\d{6}-\d{6}$/);
    expect(task.targets).toHaveLength(lifts.length);
    expect(task.items).toHaveLength(3);
    // A pending task is changed with its version; a stale version is 409.
    const changed = await o.send<PatrolTaskDetail>('jg_qingxiu', 'save', {
      ...input,
      id: task.id,
      version: task.version,
      name: '测试巡查（改）',
      targetIds: [lifts[1].id, lifts[0].id],
    });
    expect(changed.status, changed.body.resultMsg).toBe(200);
    expect(changed.body.data.targets).toHaveLength(2);
    expect(
      (await o.send('jg_qingxiu', 'save', { ...input, id: task.id, version: task.version })).status,
    ).toBe(409);
    task = changed.body.data;
  });

  it('lists and opens the task for its district and assignee only', async () => {
    const found = (d: unknown) => (d as { records: { id: number }[] }).records.some((r) => r.id === task.id);
    const mine = await o.send('jg_qingxiu', 'queryList', { mine: true, state: 'pending', limit: 500 });
    expect(found(mine.body.data)).toBe(true);
    const jn = await o.send('jg_jiangnan', 'queryList', { limit: 500 });
    expect(found(jn.body.data)).toBe(false);
    expect((await o.send('jg_jiangnan', 'queryDetail', { id: task.id })).status).toBe(404);
    expect((await o.send('sy_admin1', 'queryDetail', { id: task.id })).status).toBe(403);
    const my = await o.send<{ id: number }[]>('jg_qingxiu', 'myTasks', {});
    expect(my.body.data.some((r) => r.id === task.id)).toBe(true);
    expect((await o.send('jg_qingxiu', 'queryList', { state: 'nope' })).status).toBe(400);
  });

  it('records results on site: a finding opens a notice, which is final; completes when every item is in', async () => {
    const [first, second] = task.targets;
    const [i1, i2, i3] = task.items.map((i) => i.contentId);
    const photo = await upload('jg_qingxiu');
    expect(
      (
        await o.send('jg_jiangnan', 'saveResult', {
          taskId: task.id,
          targetId: first.id,
          results: [{ contentId: i1, result: 'pass' }],
        })
      ).status,
    ).toBe(404);
    const stray = await o.send('jg_qingxiu', 'saveResult', {
      taskId: task.id,
      targetId: first.id,
      results: [{ contentId: 999999, result: 'pass' }],
    });
    expect(stray.status).toBe(400);
    const badResult = await o.send('jg_qingxiu', 'saveResult', {
      taskId: task.id,
      targetId: first.id,
      results: [{ contentId: i1, result: 'maybe' }],
    });
    expect(badResult.status).toBe(400);
    expect(badResult.body.resultMsg).toContain('符合');
    const othersPhoto = await o.send('jg_qingxiu', 'saveResult', {
      taskId: task.id,
      targetId: first.id,
      results: [{ contentId: i1, result: 'pass', photos: [await upload('sy_admin1')] }],
    });
    expect(othersPhoto.status).toBe(400);
    const saved = await o.send<PatrolTaskDetail>('jg_qingxiu', 'saveResult', {
      taskId: task.id,
      targetId: first.id,
      latitude: 22.81,
      longitude: 108.37,
      results: [
        { contentId: i1, result: 'pass' },
        {
          contentId: i2,
          result: 'fail',
          remark: '使用标志过期',
          photos: [photo],
          finding: { deadline: addDays(today, 7) },
        },
        {
          contentId: i3,
          result: 'fail',
          remark: '由维保单位整改',
          finding: { recipient: 'maintenance' },
        },
      ],
    });
    expect(saved.status, saved.body.resultMsg).toBe(200);
    task = saved.body.data;
    expect(task.state).toBe('running');
    expect(task.notices).toHaveLength(2);
    const useNotice = task.notices.find((x) => x.recipient === 'use')!;
    expect(useNotice.recipientCompanyId).toBe(sy1);
    expect(useNotice.deadline).toBe(addDays(today, 7));
    expect(task.notices.find((x) => x.recipient === 'maintenance')!.recipientCompanyId).toBe(
      lifts[0].maintenance_company_id,
    );
    expect(task.targets[0].latitude).toBeCloseTo(22.81);
    // A 不符合 with its notice is final.
    const changed = await o.send('jg_qingxiu', 'saveResult', {
      taskId: task.id,
      targetId: first.id,
      results: [{ contentId: i2, result: 'pass' }],
    });
    expect(changed.status).toBe(409);
    expect(changed.body.resultMsg).toContain('不能修改');
    // A pass is changed freely (one result per task, target and item).
    await o.send('jg_qingxiu', 'saveResult', {
      taskId: task.id,
      targetId: first.id,
      results: [{ contentId: i1, result: 'na' }],
    });
    const [{ n: results }] = await query<{ n: number }>(
      `select count(*)::int as n from patrol_result where task_id = ${task.id}`,
    );
    expect(results).toBe(3);
    // Not complete yet: the second lift has no results.
    const early = await o.send('jg_qingxiu', 'complete', { id: task.id });
    expect(early.status).toBe(409);
    expect(early.body.resultMsg).toContain('3 项');
    await o.send('jg_qingxiu', 'saveResult', {
      taskId: task.id,
      targetId: second.id,
      results: [i1, i2, i3].map((contentId) => ({ contentId, result: 'pass' })),
    });
    expect((await o.send('jg_jiangnan', 'complete', { id: task.id })).status).toBe(404);
    const done = await o.send<PatrolTaskDetail>('jg_qingxiu', 'complete', { id: task.id });
    expect(done.status, done.body.resultMsg).toBe(200);
    expect(done.body.data.state).toBe('done');
    expect(done.body.data.checkedCount).toBe(2);
    const after = await o.send('jg_qingxiu', 'saveResult', {
      taskId: task.id,
      targetId: second.id,
      results: [{ contentId: i1, result: 'pass' }],
    });
    expect(after.status).toBe(409);
    expect(after.body.resultMsg).toContain('已完成');
    expect((await o.send('jg_qingxiu', 'cancel', { id: task.id, reason: '测试' })).status).toBe(409);
    task = done.body.data;
  });

  it('the use unit answers its notice with evidence; the regulator closes and reopens it', async () => {
    const notice = task.notices.find((x) => x.recipient === 'use')!;
    const found = (d: unknown) =>
      (d as { records: { id: number }[] }).records.some((r) => r.id === notice.id);
    expect(found((await n.send('sy_admin1', 'queryList', { limit: 500 })).body.data)).toBe(true);
    expect(found((await n.send('aq_officer1', 'queryList', { limit: 500 })).body.data)).toBe(true);
    expect(found((await n.send('sy_admin2', 'queryList', { limit: 500 })).body.data)).toBe(false);
    expect(found((await n.send('wb_admin1', 'queryList', { limit: 500 })).body.data)).toBe(false);
    expect((await n.send('sy_admin2', 'queryDetail', { id: notice.id })).status).toBe(404);
    expect((await n.send('jg_jiangnan', 'queryDetail', { id: notice.id })).status).toBe(404);
    expect((await n.send('sy_admin2', 'answer', { id: notice.id, text: '越权' })).status).toBe(404);
    expect((await n.send('jg_qingxiu', 'answer', { id: notice.id, text: '监管代答' })).status).toBe(403);
    // Closing before the answer is refused with the state named.
    const early = await n.send('jg_qingxiu', 'close', { id: notice.id });
    expect(early.status).toBe(409);
    expect(early.body.resultMsg).toContain('待整改');
    const blank = await n.send('sy_admin1', 'answer', { id: notice.id, text: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.resultMsg).toContain('整改说明');
    const evidence = await upload('sy_admin1');
    const answered = await n.send<PatrolNoticeDetail>('sy_admin1', 'answer', {
      id: notice.id,
      version: notice.version,
      text: '已更换使用标志',
      photos: [evidence],
    });
    expect(answered.status, answered.body.resultMsg).toBe(200);
    expect(answered.body.data.state).toBe('answered');
    expect(answered.body.data.answerPhotos).toEqual([evidence]);
    // The regulator reads the evidence photo; another use unit does not.
    const file = async (user: string) =>
      (
        await t.inject({
          method: 'GET',
          url: `${API_PREFIX}/show/image/base64?id=${evidence}`,
          headers: { authorization: `Bearer ${n.tokens[user]}` },
        })
      ).json().code;
    expect(await file('jg_qingxiu')).toBe(200);
    expect(await file('sy_admin2')).not.toBe(200);
    expect((await n.send('sy_admin1', 'answer', { id: notice.id, text: '再答' })).status).toBe(409);
    expect((await n.send('sy_admin1', 'close', { id: notice.id })).status).toBe(403);
    expect((await n.send('jg_jiangnan', 'close', { id: notice.id })).status).toBe(404);
    expect((await n.send('jg_qingxiu', 'reopen', { id: notice.id, reason: '' })).status).toBe(400);
    const reopened = await n.send<PatrolNoticeDetail>('jg_qingxiu', 'reopen', {
      id: notice.id,
      reason: '照片不清晰',
    });
    expect(reopened.status).toBe(200);
    expect(reopened.body.data.state).toBe('open');
    await n.send('sy_admin1', 'answer', { id: notice.id, text: '补充清晰照片', photos: [evidence] });
    const closed = await n.send<PatrolNoticeDetail>('jg_qingxiu', 'close', {
      id: notice.id,
      remark: '已复核',
    });
    expect(closed.status).toBe(200);
    expect(closed.body.data.state).toBe('closed');
    expect(closed.body.data.history.map((h) => h.action)).toEqual([
      'issue',
      'answer',
      'reopen',
      'answer',
      'close',
    ]);
    // The maintenance company answers its own.
    const mine = task.notices.find((x) => x.recipient === 'maintenance')!;
    const [{ username }] = await query<{ username: string }>(
      `select username from sys_user where company_id = ${mine.recipientCompanyId} and user_type = 'maintenance' order by id limit 1`,
    );
    if (username === 'wb_admin1' || username === 'wb_admin2') {
      const other = username === 'wb_admin1' ? 'wb_admin2' : 'wb_admin1';
      expect((await n.send(other, 'queryDetail', { id: mine.id })).status).toBe(404);
      expect((await n.send(username, 'answer', { id: mine.id, text: '已校正层门' })).status).toBe(200);
    }
  });

  it('cancels a pending task with a reason; nobody records results on it then', async () => {
    const saved = await o.send<PatrolTaskDetail>('jg_qingxiu', 'save', {
      name: '待取消',
      areaCode: '450103',
      templateId: template.id,
      targetIds: [lifts[0].id],
      assigneeIds: [regulatorId],
      planStart: today,
      planEnd: today,
    });
    const id = saved.body.data.id;
    expect((await o.send('jg_qingxiu', 'cancel', { id, reason: '' })).status).toBe(400);
    expect((await o.send('jg_jiangnan', 'cancel', { id, reason: '越权' })).status).toBe(404);
    expect((await o.send('sy_admin1', 'cancel', { id, reason: '越权' })).status).toBe(403);
    const cancelled = await o.send<PatrolTaskDetail>('jg_qingxiu', 'cancel', { id, reason: '天气原因' });
    expect(cancelled.body.data.state).toBe('cancelled');
    expect(cancelled.body.data.cancelReason).toBe('天气原因');
    const late = await o.send('jg_qingxiu', 'saveResult', {
      taskId: id,
      targetId: saved.body.data.targets[0].id,
      results: [{ contentId: saved.body.data.items[0].contentId, result: 'pass' }],
    });
    expect(late.status).toBe(409);
    expect(late.body.resultMsg).toContain('已取消');
  });
  it('tells the district’s regulator and the addressed use unit, live, that a notice opened and moved', async () => {
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const watchers = ['jg_qingxiu', 'sy_admin1', 'jg_jiangnan', 'sy_admin2'] as const;
    const streams = Object.fromEntries(
      await Promise.all(
        watchers.map(
          async (u) => [u, await openStream(base, n.tokens[u], 'patrol.notice,patrol.task')] as const,
        ),
      ),
    );
    for (const st of Object.values(streams)) expect(st.status).toBe(200);
    await until(() => t.platform.live.size >= watchers.length, 5000, 'the open streams');
    const saved = await o.send<PatrolTaskDetail>('jg_qingxiu', 'save', {
      name: '实时通知测试',
      areaCode: '450103',
      templateId: template.id,
      targetIds: [lifts[0].id],
      assigneeIds: [regulatorId],
      planStart: today,
      planEnd: today,
    });
    const found = await o.send<PatrolTaskDetail>('jg_qingxiu', 'saveResult', {
      taskId: saved.body.data.id,
      targetId: saved.body.data.targets[0].id,
      results: [{ contentId: saved.body.data.items[0].contentId, result: 'fail', remark: '实时' }],
    });
    const noticeId = found.body.data.notices[0].id;
    await n.send('sy_admin1', 'answer', { id: noticeId, text: '已整改' });
    const seen = (u: string, state: string) =>
      streams[u].events.some(
        (e) => e.event === 'patrol.notice' && e.data.id === noticeId && e.data.state === state,
      );
    await until(
      () => seen('jg_qingxiu', 'answered') && seen('sy_admin1', 'answered'),
      5000,
      'the answer at both',
    );
    expect(seen('jg_qingxiu', 'open') && seen('sy_admin1', 'open')).toBe(true);
    const taskSeen = (u: string) =>
      streams[u].events.some((e) => e.event === 'patrol.task' && e.data.id === saved.body.data.id);
    expect(taskSeen('jg_qingxiu')).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    for (const u of ['jg_jiangnan', 'sy_admin2']) {
      expect(
        streams[u].events.some((e) => e.data.id === noticeId),
        u,
      ).toBe(false);
      expect(taskSeen(u), u).toBe(false);
    }
    for (const st of Object.values(streams)) st.close();
  });
});
