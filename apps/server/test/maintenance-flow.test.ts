import { randomBytes } from 'node:crypto';
import {
  API_PREFIX,
  type Call,
  type ChainVerdict,
  type CheckRow,
  type IncentiveRow,
  incentiveCalls,
  type MaintenanceOrderDetail,
  type MaintenanceOrderRow,
  type MyOrder,
  maintenanceContentCalls,
  maintenanceItemCalls,
  maintenanceOrderCalls,
  maintenancePlanCalls,
  maintenanceWorkCalls,
  orderCheckCalls,
  type Page,
  pictureCheckCalls,
  type TemplateDetail,
} from '@ec/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findingsOf } from '../src/modules/maintenance/checks.ts';
import { markDone, overdueCount } from '../src/modules/maintenance/lifts.ts';
import { generateOrders } from '../src/modules/maintenance/plans.ts';
import { maintenanceOrder } from '../src/modules/maintenance/tables.ts';
import { rowsOf } from '../src/platform/db/sql.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { multipart, PNG_1PX } from './multipart.ts';
import { pdfText } from './pdf-support.ts';

/**
 * Electronic maintenance end to end through the calls: the worker's visit from sign-in to submit,
 * the use unit's confirmation, the regulator's audit and checks, the hash chain, the PDF record,
 * templates and plans; with the refusals of each step.
 */
const O = maintenanceOrderCalls;
const W = maintenanceWorkCalls;

describe.each(dbKinds)('electronic maintenance on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const companyOf: Record<string, number> = {};

  const send = <T = unknown>(user: string, call: Call, input: Record<string, unknown> = {}) => {
    if (call.method === 'DELETE')
      return t.api<T>(call.method, call.path, { token: tokens[user], query: { ids: String(input.ids) } });
    return call.method === 'GET'
      ? t.api<T>(call.method, call.path, { token: tokens[user], query: input as Record<string, number> })
      : t.api<T>(call.method, call.path, { token: tokens[user], body: input });
  };
  const ok = async <T>(user: string, call: Call, input: Record<string, unknown> = {}) => {
    const res = await send<T>(user, call, input);
    expect(res.status, `${user} ${call.path}: ${res.body.resultMsg}`).toBe(200);
    return res.body.data;
  };
  const detail = (id: number, user = 'admin') => ok<MaintenanceOrderDetail>(user, O.info, { id });
  const query = async <T>(text: string) => rowsOf<T>(await t.platform.db.execute(sql.raw(text)));

  /** A photo the worker takes: an image whose bytes are its own. */
  const upload = async (user: string, body = Buffer.concat([PNG_1PX, randomBytes(24)])) => {
    const { payload, contentType } = multipart([{ name: '照片.png', body, type: 'image/png' }]);
    const res = await t.inject({
      method: 'POST',
      url: `${API_PREFIX}/common/upload`,
      headers: { authorization: `Bearer ${tokens[user]}`, 'content-type': contentType },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as string;
  };
  /** The confirmer of an order: the use unit's safety officer (aq_officer1's unit) or its admin. */
  const confirmerOf = (o: { useCompanyId: number | null }) =>
    o.useCompanyId === companyOf.aq_officer1
      ? 'aq_officer1'
      : o.useCompanyId === companyOf.sy_admin2
        ? 'sy_admin2'
        : 'sy_admin1';
  const reviewerOf = (o: { areaCode: string | null }) => (o.areaCode === '450103' ? 'jg_qingxiu' : 'admin');

  beforeAll(async () => {
    t = await startTestApp(kind, { env: 'development', demoElevators: 400 });
    for (const u of [
      'admin',
      'wb_admin1',
      'wb_admin2',
      'wb_staff1',
      'aq_officer1',
      'sy_admin1',
      'sy_admin2',
      'jg_qingxiu',
    ]) {
      tokens[u] = await t.login(u);
      companyOf[u] = (
        await t.api<{ companyId: number }>('GET', '/pc/sysUser/getUserInfo', { token: tokens[u] })
      ).body.data.companyId;
    }
  }, 600_000);
  afterAll(() => t?.close());

  it("gives wb_staff1 today's orders near the lift, and his own orders only (never a 401)", async () => {
    const mine = await ok<MyOrder[]>('wb_staff1', W.myOrders);
    for (const status of [0, 1, 2]) expect(mine.map((o) => o.status)).toContain(status);
    for (const o of mine) {
      expect((await send('wb_staff1', O.info, { id: o.id })).status).toBe(200);
      expect(o.latitude).not.toBeNull();
    }
    const list = await ok<Page<MaintenanceOrderRow>>('wb_staff1', O.queryList, { page: 1, limit: 500 });
    const staffId = (await query<{ id: number }>("select id from sys_user where username = 'wb_staff1'"))[0]
      .id;
    const assigned = await query<{ id: number }>(
      `select id from maintenance_order where ${staffId} = any(worker_ids)`,
    );
    expect(list.total).toBe(assigned.length);
    const other = await query<{ id: number }>(
      `select id from maintenance_order where maintenance_company_id = ${companyOf.wb_admin1} and not (${staffId} = any(worker_ids)) limit 1`,
    );
    const res = await send('wb_staff1', O.info, { id: other[0].id });
    expect(res.status).toBe(404);
    expect(res.body.resultMsg).toBe('工单不存在或无权访问');
  });

  it('carries an order from sign-in to the regulator, with every refusal on the way', async () => {
    const planned = (await ok<MyOrder[]>('wb_staff1', W.myOrders)).find((o) => o.status === 0)!;
    const at = { latitude: planned.latitude! + 0.0001, longitude: planned.longitude! };
    const tooSoon = await send('wb_staff1', W.signOut, { id: planned.id, version: planned.version, ...at });
    expect(tooSoon.status).toBe(409);
    expect(tooSoon.body.resultMsg).toBe('请先在电梯现场签到，再签退');
    // Sign in: the assigned worker, at the version on his screen.
    expect(
      (await send('wb_admin1', W.signIn, { id: planned.id, version: planned.version, ...at })).status,
    ).toBe(403);
    const stale = await send('wb_staff1', W.signIn, { id: planned.id, version: planned.version + 5, ...at });
    expect(stale.status).toBe(409);
    const badLat = await send('wb_staff1', W.signIn, {
      id: planned.id,
      version: planned.version,
      latitude: 200,
      longitude: 1,
    });
    expect(badLat.status).toBe(400);
    expect(badLat.body.resultMsg).toContain('纬度不正确');
    let order = await ok<MaintenanceOrderDetail>('wb_staff1', W.signIn, {
      id: planned.id,
      version: planned.version,
      ...at,
    });
    expect(order.statusLabel).toBe('已签到');
    expect(order.signInDistanceM).toBeGreaterThanOrEqual(0);
    expect(order.signInDistanceM).toBeLessThan(30);
    expect(order.items.length).toBeGreaterThanOrEqual(31);
    expect(order.items.every((i) => i.result === null && i.kind <= order.kind)).toBe(true);
    const again = await send('wb_staff1', W.signIn, { id: planned.id, version: order.version, ...at });
    expect(again.status).toBe(409);
    expect(again.body.resultMsg).toBe('当前状态为「已签到」，不能签到');

    // Progress: results as the form goes; an item not on the order is refused.
    const unknown = await send('wb_staff1', W.saveProgress, {
      id: order.id,
      version: order.version,
      items: [{ itemId: 999999, result: '正常' }],
    });
    expect(unknown.status).toBe(400);
    const half = order.items
      .slice(0, 5)
      .map((i) => ({ itemId: i.itemId, result: '正常', value: i.measured ? '8' : null }));
    order = await ok('wb_staff1', W.saveProgress, { id: order.id, version: order.version, items: half });
    expect(order.statusLabel).toBe('作业中');
    expect(order.items.filter((i) => i.result).length).toBe(5);

    // Sign-out: only after every item is answered; submit only after the sign-out.
    const photos = [];
    for (const label of order.requiredPhotos) photos.push({ fileId: await upload('wb_staff1'), label });
    const signatureFileId = await upload('wb_staff1');
    const crew = (
      await ok<{ userId: number; name: string; certValid: boolean }[]>('wb_staff1', W.coworkers, {
        id: order.id,
      })
    ).filter((w) => w.certValid);
    expect(crew.length).toBeGreaterThan(0);
    const early = await send('wb_staff1', W.submit, {
      id: order.id,
      version: order.version,
      signatureFileId,
    });
    expect(early.status).toBe(409);
    expect(early.body.resultMsg).toBe('请先在电梯现场签退，再提交维保记录');
    const incomplete = await send('wb_staff1', W.signOut, { id: order.id, version: order.version, ...at });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.resultMsg).toMatch(/还有 \d+ 个维保项目未填写结果/);
    const all = order.items.map((i) => ({
      itemId: i.itemId,
      result: i.name.includes('平层') ? '已调整' : '正常',
      value: i.measured ? '6' : null,
      note: i.name.includes('平层') ? '调整后 3 mm' : null,
    }));
    // An adjusted, replaced or faulty item needs its note (the contract's NOTE_RESULTS), as the phone page asks.
    order = await ok('wb_staff1', W.saveProgress, {
      id: order.id,
      version: order.version,
      items: all.map((i) => ({ ...i, note: i.result === '正常' ? null : '  ' })),
    });
    const noNote = await send('wb_staff1', W.signOut, { id: order.id, version: order.version, ...at });
    expect(noNote.status).toBe(400);
    expect(noNote.body.resultMsg).toMatch(/^「.+」已调整，请填写说明$/);
    const strangerPhoto = await upload('wb_admin1');
    const foreignFile = await send('wb_staff1', W.saveProgress, {
      id: order.id,
      version: order.version,
      items: all,
      photos: [{ fileId: strangerPhoto, label: '机房' }],
    });
    expect(foreignFile.status).toBe(400);
    order = await ok('wb_staff1', W.saveProgress, {
      id: order.id,
      version: order.version,
      items: all,
      parts: [{ name: '光幕', model: 'GM-2', quantity: 1 }],
      photos,
      coworkerId: crew[0].userId,
    });
    // Another company's worker, a bad position, a stale screen: refused, nothing recorded.
    expect((await send('wb_admin1', W.signOut, { id: order.id, version: order.version, ...at })).status).toBe(
      403,
    );
    const badLng = await send('wb_staff1', W.signOut, {
      id: order.id,
      version: order.version,
      latitude: 22.8,
      longitude: 300,
    });
    expect(badLng.status).toBe(400);
    expect(badLng.body.resultMsg).toContain('经度不正确');
    // The version the phone showed is required: without it nothing is signed off.
    const noVersion = await send('wb_staff1', W.signOut, { id: order.id, ...at });
    expect(noVersion.status, noVersion.body.resultMsg).toBe(400);
    expect(noVersion.body.errors?.[0]?.field).toBe('version');
    expect(
      (await send('wb_staff1', W.signOut, { id: order.id, version: order.version - 1, ...at })).status,
    ).toBe(409);
    order = await ok('wb_staff1', W.signOut, { id: order.id, version: order.version, ...at });
    expect(order.signOutTime).not.toBeNull();
    expect(order.signOutDistanceM).toBeLessThan(30);
    expect(order.statusLabel).toBe('作业中');
    expect(order.submitTime).toBeNull();
    // Once: a second sign-out with the new version is refused by the rule, not by the version.
    const twiceOut = await send('wb_staff1', W.signOut, { id: order.id, version: order.version, ...at });
    expect(twiceOut.status).toBe(409);
    expect(twiceOut.body.resultMsg).toMatch(/^本工单已于 .+ 签退，不能重复签退$/);
    // The record is fixed from the sign-out on.
    const late = await send('wb_staff1', W.saveProgress, {
      id: order.id,
      version: order.version,
      items: all.map((i) => ({ ...i, result: '无此项', value: null, note: null })),
    });
    expect(late.status).toBe(409);
    expect(late.body.resultMsg).toBe('本工单已签退，维保记录不能再修改');
    expect((await detail(order.id)).items.filter((i) => i.result === '无此项')).toHaveLength(0);
    const foreignSignature = await send('wb_staff1', W.submit, {
      id: order.id,
      version: order.version,
      signatureFileId: strangerPhoto,
    });
    expect(foreignSignature.status).toBe(400);
    order = await ok('wb_staff1', W.submit, { id: order.id, version: order.version, signatureFileId });
    expect(order.submitTime).not.toBeNull();
    expect(order.statusLabel).toBe('待确认');
    expect(order.workers).toHaveLength(2);
    expect(order.photos.map((p) => p.label)).toEqual(order.requiredPhotos);
    // Signed in a moment ago: the on-site time is too short, and nothing else is wrong.
    expect(order.findings.map((f) => f.kind)).toEqual(['short_duration']);
    expect(await ok('wb_staff1', O.partInfo, { orderId: order.id })).toEqual([
      { name: '光幕', model: 'GM-2', quantity: 1 },
    ]);
    const workers = await ok<{ name: string; certValid: boolean; certNo: string }[]>(
      'wb_admin1',
      O.userInfo,
      { orderId: order.id },
    );
    expect(workers.map((w) => w.name)).toEqual(order.workers);
    expect(workers.every((w) => w.certValid && w.certNo)).toBe(true);

    // Confirm: the use unit's own account, once.
    const confirmer = confirmerOf(order);
    expect(confirmer, 'wb_staff1 works for aq_officer1’s unit today').toBe('aq_officer1');
    expect((await send('wb_admin1', O.confirm, { id: order.id, version: order.version })).status).toBe(403);
    expect((await send('sy_admin2', O.confirm, { id: order.id, version: order.version })).status).toBe(404);
    const confirmed = await ok<MaintenanceOrderDetail>(confirmer, O.confirm, {
      id: order.id,
      version: order.version,
      remark: '已核对',
    });
    expect(confirmed.statusLabel).toBe('已完成');
    expect(confirmed.chainHash).toMatch(/^[0-9a-f]{64}$/);
    expect(confirmed.confirmedBy).toBeTruthy();
    const twice = await send(confirmer, O.confirm, { id: order.id, version: confirmed.version });
    expect(twice.status).toBe(409);
    expect(await ok<ChainVerdict>('admin', O.verifyChain, { orderId: order.id })).toMatchObject({
      intact: true,
      brokenOrderId: null,
    });

    // The log tells the story in order.
    const log = await ok<Page<{ action: string; time: string }>>('wb_admin1', O.queryOrderRecord, {
      orderId: order.id,
      page: 1,
      limit: 50,
    });
    expect(log.records.map((r) => r.action).slice(-4)).toEqual([
      '现场签到',
      '现场签退',
      '提交维保记录',
      '使用单位确认',
    ]);

    // The regulator audits it (a maintenance company cannot), and it appears on the check page.
    expect((await send('wb_admin1', O.auditPass, { ids: [order.id] })).status).toBe(403);
    const reviewer = reviewerOf(order);
    const checks = await ok<Page<CheckRow>>(reviewer, orderCheckCalls.list, {
      keyword: order.orderNo,
      page: 1,
      limit: 10,
    });
    expect(checks.records.map((c) => c.kind)).toEqual(['short_duration']);
    expect(await ok(reviewer, O.auditPass, { ids: [order.id], description: '记录完整' })).toEqual({
      updated: 1,
    });
    expect((await detail(order.id)).statusLabel).toBe('审核通过');
    expect((await send(reviewer, O.auditPass, { ids: [order.id] })).status).toBe(409);

    // The printed record: its register code, an item and the chain hash, as text.
    const res = await t.inject({
      method: 'POST',
      url: `${API_PREFIX}${O.batchExportPDF.path}`,
      headers: { authorization: `Bearer ${tokens.wb_admin1}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ ids: [order.id] }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(order.registerCode);
    expect(text).toContain(order.items[0].name);
    expect(text.replace(/\s/g, '')).toContain(confirmed.chainHash);
    // The sign-out is part of the record: where it was, and when the record was submitted.
    expect(text.replace(/\s/g, '')).toContain(`签退距离${order.signOutDistanceM}米`);
    expect(text.replace(/\s/g, '')).toContain(`提交时间${order.submitTime!.replace(/\s/g, '')}`);
  }, 60_000);

  it('exports the list as filtered when no order is chosen: same scope, same filters, capped', async () => {
    const exportPdf = (user: string, body: Record<string, unknown>) =>
      t.inject({
        method: 'POST',
        url: `${API_PREFIX}${O.batchExportPDF.path}`,
        headers: { authorization: `Bearer ${tokens[user]}`, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    // One lift of company 1, its approved records: what 维保任务 lists with these filters.
    const [lift] = await query<{ elevator_id: number }>(
      `select elevator_id from maintenance_order where maintenance_company_id = ${companyOf.wb_admin1}
         and status = 5 group by 1 having count(*) between 3 and 30 order by 1 limit 1`,
    );
    const filters = { elevatorId: lift.elevator_id, status: 5 };
    const listed = await ok<Page<MaintenanceOrderRow>>('wb_admin1', O.queryList, {
      ...filters,
      page: 1,
      limit: 100,
    });
    expect(listed.total).toBeGreaterThanOrEqual(3);
    const others = await query<{ order_no: string }>(
      `select order_no from maintenance_order where elevator_id = ${lift.elevator_id} and status <> 5`,
    );
    expect(others.length).toBeGreaterThan(0);
    const res = await exportPdf('wb_admin1', filters);
    expect(res.statusCode, res.body).toBe(200);
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain(
      `维保记录_${listed.total}张.pdf`,
    );
    const text = (await pdfText(res.rawPayload)).replace(/\s/g, '');
    for (const r of listed.records) expect(text).toContain(r.orderNo);
    for (const o of others) expect(text).not.toContain(o.order_no);
    // In the list's order: newest plan first.
    const at = listed.records.map((r) => text.indexOf(r.orderNo));
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    // Another company's lift: nothing of it in its scope.
    const foreign = await exportPdf('wb_admin2', filters);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().resultMsg).toBe('没有符合筛选条件的维保工单可导出');
    // The whole city at once is refused, saying how to narrow it; a bad filter is refused as on the list.
    const all = await exportPdf('admin', {});
    expect(all.statusCode).toBe(400);
    expect(all.json().resultMsg).toMatch(/^符合筛选条件的工单超过 500 张，一次最多导出 500 张/);
    const bad = await exportPdf('admin', { month: '2026-13' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().resultMsg).toContain('月份格式应为 yyyy-MM');
  }, 120_000);

  it('sees a record edited in the database break its chain, from that record on', async () => {
    const [lift] = await query<{ elevator_id: number }>(
      'select elevator_id from maintenance_order where chain_seq is not null group by 1 having count(*) >= 3 order by 1 limit 1',
    );
    const chain = await query<{ id: number; chain_seq: number; items: number }>(
      `select id, chain_seq, jsonb_array_length(items) as items from maintenance_order
        where elevator_id = ${lift.elevator_id} and chain_seq is not null order by chain_seq`,
    );
    const last = chain[chain.length - 1];
    expect(await ok<ChainVerdict>('admin', O.verifyChain, { orderId: last.id })).toMatchObject({
      intact: true,
      checked: chain.length,
    });
    // A record past the first with its items (the demo's paper records hold none).
    const at = chain.findIndex((c, k) => k >= 1 && c.items > 0);
    expect(at).toBeGreaterThan(0);
    const victim = chain[at];
    const [original] = await query<{ items: unknown }>(
      `select items from maintenance_order where id = ${victim.id}`,
    );
    await t.platform.db.execute(
      sql`update maintenance_order set items = jsonb_set(items, '{0,note}', '"已更换（事后补写）"') where id = ${victim.id}`,
    );
    const verdict = await ok<ChainVerdict>('admin', O.verifyChain, { orderId: last.id });
    expect(verdict).toMatchObject({ intact: false, brokenOrderId: victim.id, checked: at + 1 });
    expect(verdict.reason).toContain('已被修改');
    // An earlier record is still intact on its own.
    expect(await ok<ChainVerdict>('admin', O.verifyChain, { orderId: chain[at - 1].id })).toMatchObject({
      intact: true,
    });
    // Put back as it was, the chain verifies again.
    await t.platform.db.execute(
      sql`update maintenance_order set items = ${JSON.stringify(original.items)}::jsonb where id = ${victim.id}`,
    );
    expect(await ok<ChainVerdict>('admin', O.verifyChain, { orderId: last.id })).toMatchObject({
      intact: true,
    });
  });

  it('sends a rejected order back to the company as a new order that points to it', async () => {
    const [row] = await query<{ id: number; area_code: string }>(
      "select id, area_code from maintenance_order where status = 4 and area_code <> '450103' order by id limit 1",
    );
    expect(await ok('admin', O.auditReject, { ids: [row.id], description: '照片模糊，请重做' })).toEqual({
      updated: 1,
    });
    const old = await detail(row.id);
    expect(old.statusLabel).toBe('已驳回');
    expect(old.auditRemark).toBe('照片模糊，请重做');
    const redo = await detail(old.redoneByOrderId!);
    expect(redo).toMatchObject({
      correctsOrderId: row.id,
      statusLabel: '待维保',
      elevatorId: old.elevatorId,
    });
    expect((await send('admin', O.auditReject, { ids: [row.id], description: '再驳' })).status).toBe(409);
    // The company's maintenance administrators are told (消息中心), with a link to the redo.
    const [told] = await query<{ title: string; body: string; link: string; n: number }>(
      `select n.title, n.body, n.link, count(*) over ()::int as n from notification n
       join sys_user u on u.id = n.user_id join sys_user_role ur on ur.user_id = u.id
       join sys_role r on r.id = ur.role_id and r.role_key = 'maintenance_admin'
       where n.kind = 'maintenance' and u.company_id = (select maintenance_company_id from maintenance_order where id = ${row.id})`,
    );
    expect(told).toMatchObject({
      title: `维保工单 ${old.orderNo} 被驳回`,
      link: `/basicInformation/workOrderNo?id=${redo.id}`,
    });
    expect(told.body).toContain('照片模糊，请重做');
    // The confirmed record itself was not edited: its chain still verifies.
    expect(await ok<ChainVerdict>('admin', O.verifyChain, { orderId: row.id })).toMatchObject({
      intact: true,
    });
  });

  it('rejects without a reason (it is optional), and the redo says none was given', async () => {
    const [row] = await query<{ id: number }>(
      "select id from maintenance_order where status = 4 and area_code <> '450103' order by id desc limit 1",
    );
    expect(await ok('admin', O.auditReject, { ids: [row.id] })).toEqual({ updated: 1 });
    const old = await detail(row.id);
    expect(old.statusLabel).toBe('已驳回');
    expect(old.auditRemark).toBeNull();
    const redo = await detail(old.redoneByOrderId!);
    expect(redo).toMatchObject({ correctsOrderId: row.id, statusLabel: '待维保' });
    const log = await ok<Page<{ action: string; detail: string | null }>>('admin', O.queryOrderRecord, {
      orderId: redo.id,
      page: 1,
      limit: 10,
    });
    expect(log.records.find((r) => r.action === '创建工单')?.detail).toBe(
      `工单 ${old.orderNo} 被驳回后重做（未填写驳回原因）`,
    );
  });

  it('times the visit from sign-in to sign-out and flags a sign-out far from the lift', async () => {
    // wb_staff1's order signed in this morning (the demo's): answer it all, then sign out 1 km away.
    const mine = await ok<MyOrder[]>('wb_staff1', W.myOrders);
    const open = mine.find((o) => o.status === 1 || o.status === 2)!;
    let order = await detail(open.id, 'wb_staff1');
    order = await ok('wb_staff1', W.saveProgress, {
      id: order.id,
      version: order.version,
      items: order.items.map((i) => ({ itemId: i.itemId, result: '正常', value: i.measured ? '5' : null })),
    });
    order = await ok('wb_staff1', W.signOut, {
      id: order.id,
      version: order.version,
      latitude: open.latitude! + 0.009,
      longitude: open.longitude!,
    });
    expect(order.signOutDistanceM).toBeGreaterThan(900);
    // Signed in three hours ago and out five minutes later: short on site, however late the submit.
    await t.platform.db.execute(
      sql`update maintenance_order set sign_in_at = now() - interval '3 hours',
        sign_out_at = now() - interval '175 minutes' where id = ${order.id}`,
    );
    const signature = await upload('wb_staff1');
    const done = await ok<MaintenanceOrderDetail>('wb_staff1', W.submit, {
      id: order.id,
      version: order.version,
      signatureFileId: signature,
    });
    expect(done.durationMinutes).toBe(5);
    const found = Object.fromEntries(done.findings.map((f) => [f.kind, f.detail]));
    expect(found.short_duration).toMatch(/^现场作业 5 分钟，低于 \d+ 分钟$/);
    expect(found.far_sign_out).toMatch(/^签退位置距电梯 \d+ 米，超过 300 米$/);
    expect(found.far_sign_in).toBeUndefined();
    expect(done.findings.find((f) => f.kind === 'far_sign_out')?.kindLabel).toBe('签退位置异常');
  });

  it('lets the regulator mark a finding once, on its own page only', async () => {
    const list = await ok<Page<CheckRow>>('admin', orderCheckCalls.list, { verdict: 0, page: 1, limit: 50 });
    const f = list.records.find((r) => r.kind !== 'short_duration') ?? list.records[0];
    expect((await send('wb_admin1', orderCheckCalls.update, { id: f.id, verdict: 2 })).status).toBe(403);
    expect((await send('admin', pictureCheckCalls.update, { id: f.id, verdict: 2 })).status).toBe(404);
    expect(await ok('admin', orderCheckCalls.update, { id: f.id, verdict: 2, note: '定位漂移' })).toEqual({
      updated: 1,
    });
    const again = await send('admin', orderCheckCalls.updateByIds, { ids: [f.id], verdict: 1 });
    expect(again.status).toBe(409);
    expect(again.body.resultMsg).toContain('误报');
    const marked = await ok<Page<CheckRow>>('admin', orderCheckCalls.list, {
      keyword: f.orderNo,
      page: 1,
      limit: 10,
    });
    expect(marked.records.find((r) => r.id === f.id)).toMatchObject({
      verdict: 2,
      verdictLabel: '误报',
      note: '定位漂移',
    });
    const pictures = await ok<Page<CheckRow>>('admin', pictureCheckCalls.list, { page: 1, limit: 50 });
    expect(pictures.records.every((r) => ['photos_missing', 'duplicate_photo'].includes(r.kind))).toBe(true);
    const dup = pictures.records.find((r) => r.kind === 'duplicate_photo');
    expect(dup?.otherOrderNo).toBeTruthy();
    expect(dup?.photos.length).toBeGreaterThan(0);
    const bad = await send('admin', orderCheckCalls.update, { id: f.id, verdict: 3 });
    expect(bad.status).toBe(400);

    // A confirmed violation lowers the company's incentive score by 0.2; the false alarm above did not.
    const scoreOf = async () =>
      (await ok<Page<IncentiveRow>>('admin', incentiveCalls.queryList, { page: 1, limit: 50 })).records.find(
        (r) => r.maintenanceCompanyName === f.maintenanceCompanyName,
      )!;
    const before = await scoreOf();
    expect(before.violationCount).toBe(0);
    expect(before.incentiveScore).toBe(before.averageScore);
    const pending = await ok<Page<CheckRow>>('admin', orderCheckCalls.list, {
      verdict: 0,
      page: 1,
      limit: 200,
    });
    const next = pending.records.find((r) => r.maintenanceCompanyName === f.maintenanceCompanyName)!;
    await ok('admin', orderCheckCalls.update, { id: next.id, verdict: 1, note: '确认未按规定作业' });
    const after = await scoreOf();
    expect(after.violationCount).toBe(1);
    expect(after.incentiveScore).toBeCloseTo(Math.max(0, after.averageScore - 0.2), 2);
  });

  it('holds appendices B and C in all four intervals, and adds them to a half-month-only install as a new version', async () => {
    const templates = await query<{ id: number; appendix: string; name: string }>(
      "select id, appendix, name from maintenance_content where appendix in ('B', 'C') order by id",
    );
    const b = templates.find((x) => x.appendix === 'B')!;
    const c = templates.find((x) => x.appendix === 'C')!;
    const counts = async (id: number) =>
      (await ok<TemplateDetail>('admin', maintenanceContentCalls.queryDetail, { id })).itemCounts;
    // DOMAIN.md §2.1: B 30 / 13 / 9 / 14, C 20 / 8 / 10 / 14.
    expect(await counts(b.id)).toEqual({ 1: 30, 2: 13, 3: 9, 4: 14 });
    expect(await counts(c.id)).toEqual({ 1: 20, 2: 8, 3: 10, 4: 14 });

    // An installation seeded before: B held its half-month items only, in every version.
    await t.platform.db.execute(
      sql`delete from maintenance_content_item where content_id = ${b.id} and kind > 1`,
    );
    await t.platform.db.execute(sql`update maintenance_content_version set items = (
        select coalesce(jsonb_agg(i), '[]'::jsonb) from jsonb_array_elements(items) i where (i ->> 'kind')::int = 1)
      where content_id = ${b.id}`);
    const versions = async () =>
      query<{ version: number; items: { itemId: number; kind: number }[] }>(
        `select version, items from maintenance_content_version where content_id = ${b.id} order by version`,
      );
    const old = await versions();
    const oldVersion = old[old.length - 1].version;
    const { templateItemsFor, upgradeTemplates } = await import(
      '../src/modules/maintenance/templates/service.ts'
    );
    const yearly = (v: number) =>
      templateItemsFor(t.platform.db, { contentId: b.id, contentVersion: v, kind: 4 });
    expect(await yearly(oldVersion)).toHaveLength(30);

    expect(await upgradeTemplates(t.platform.db)).toBe(36);
    const now = await versions();
    // The older versions are as they were; the new one holds all 66 items.
    expect(now.slice(0, old.length)).toEqual(old);
    expect(now).toHaveLength(old.length + 1);
    expect(now[now.length - 1].version).toBe(oldVersion + 1);
    expect(await counts(b.id)).toEqual({ 1: 30, 2: 13, 3: 9, 4: 14 });
    expect(await yearly(oldVersion)).toHaveLength(30);
    expect(await yearly(oldVersion + 1)).toHaveLength(66);
    expect(
      await templateItemsFor(t.platform.db, { contentId: b.id, contentVersion: oldVersion + 1, kind: 2 }),
    ).toHaveLength(43);
    // Once: a second start adds nothing, and C (complete) was left alone.
    expect(await upgradeTemplates(t.platform.db)).toBe(0);
    expect((await versions()).length).toBe(now.length);
    expect(await counts(c.id)).toEqual({ 1: 20, 2: 8, 3: 10, 4: 14 });
    // A start after the upgrade only reads: no transaction (savepoint) and no row lock is taken.
    let transactions = 0;
    const counting = new Proxy(t.platform.db, {
      get: (target, key, receiver) =>
        key === 'transaction'
          ? (...args: Parameters<typeof target.transaction>) => {
              transactions++;
              return target.transaction(...args);
            }
          : Reflect.get(target, key, receiver),
    });
    expect(await upgradeTemplates(counting)).toBe(0);
    expect(transactions).toBe(0);
  });

  it('versions templates: an order keeps the checklist it was made with', async () => {
    const before = await ok<TemplateDetail>('admin', maintenanceContentCalls.queryDetail, { id: 1 });
    expect(before.appendix).toBe('A');
    expect(before.itemCounts).toEqual({ 1: 31, 2: 13, 3: 15, 4: 17 });
    const item = await ok<{ id: number }>('admin', maintenanceItemCalls.add, {
      contentId: 1,
      kind: 1,
      name: '轿厢内监控摄像头',
    });
    const after = await ok<TemplateDetail>('admin', maintenanceContentCalls.queryDetail, { id: 1 });
    expect(after.version).toBe(before.version + 1);
    expect(after.versions[0]).toMatchObject({ version: after.version, itemCount: 77 });
    // A planned order made before the change signs in with its own version's items.
    const [old] = await query<{ id: number; version: number; content_version: number }>(
      `select o.id, o.version, o.content_version from maintenance_order o where o.status = 0 and o.content_id = 1
         and o.content_version = ${before.version} order by o.id limit 1`,
    );
    const withOld = await t.platform.db.transaction(async (tx) => {
      const { templateItemsFor } = await import('../src/modules/maintenance/templates/service.ts');
      return templateItemsFor(tx, { contentId: 1, contentVersion: old.content_version, kind: 4 });
    });
    expect(withOld.some((i) => i.itemId === item.id)).toBe(false);
    expect(withOld).toHaveLength(76);
    // Orders made now take the new version.
    await t.platform.db.execute(
      sql`update maintenance_plan set next_date = current_date where content_id = 1`,
    );
    await generateOrders(t.platform.db, new Date().toISOString().slice(0, 10), 0);
    const [fresh] = await query<{ content_version: number }>(
      'select content_version from maintenance_order where content_id = 1 order by id desc limit 1',
    );
    expect(fresh.content_version).toBe(after.version);
    const stale = await send('admin', maintenanceContentCalls.update, {
      id: 1,
      version: before.version,
      name: 'x',
      appendix: 'A',
    });
    expect(stale.status).toBe(409);
    expect(
      (await send('wb_admin1', maintenanceItemCalls.add, { contentId: 1, kind: 1, name: '越权' })).status,
    ).toBe(403);
    const used = await send('admin', maintenanceContentCalls.delete, { ids: [1] });
    expect(used.status).toBe(409);
    expect(used.body.resultMsg).toContain('正被维保计划使用');
  });

  it('makes plan orders once however often the job runs, and none without a contract', async () => {
    const day = new Date().toISOString().slice(0, 10);
    await generateOrders(t.platform.db, day, 20);
    expect(await generateOrders(t.platform.db, day, 20)).toBe(0);
    const [dupes] = await query<{ n: number }>(
      'select count(*)::int as n from (select plan_id, plan_date from maintenance_order where plan_id is not null group by 1, 2 having count(*) > 1) d',
    );
    expect(dupes.n).toBe(0);
    // A lift of company 1 without an audited contract today: flagged, and no plan can be made.
    const lifts = await ok<Page<{ elevatorId: number; flags: string[]; planId: number | null }>>(
      'wb_admin1',
      maintenancePlanCalls.queryList,
      {
        flag: 'no_contract',
        page: 1,
        limit: 10,
      },
    );
    const bare = lifts.records.find((l) => l.planId === null)!;
    expect(bare.flags).toContain('no_contract');
    const staffId = (await query<{ id: number }>("select id from sys_user where username = 'wb_staff1'"))[0]
      .id;
    const refused = await send('wb_admin1', maintenancePlanCalls.save, {
      elevatorId: bare.elevatorId,
      templateId: 1,
      intervalDays: 15,
      firstDate: day,
      workerIds: [staffId],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.resultMsg).toContain('没有审核通过的有效维保合同');
    const tooLong = await send('wb_admin1', maintenancePlanCalls.save, {
      elevatorId: bare.elevatorId,
      templateId: 1,
      intervalDays: 20,
      firstDate: day,
      workerIds: [staffId],
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.resultMsg).toContain('不能超过 15 天');
  });

  it('numbers orders past 9,999,999 without cutting them, and moves only plans whose order exists', async () => {
    const db = t.platform.db;
    await db.execute(sql`select setval('maintenance_order_no_seq', 9999990)`);
    // A date no earlier test made orders for: every enabled plan due on it.
    await db.execute(sql`update maintenance_plan set next_date = current_date + 200 where enabled`);
    const day = (await query<{ d: string }>('select current_date::text as d'))[0].d;
    const [{ last }] = await query<{ last: number }>('select max(id) as last from maintenance_order');
    const made = await generateOrders(db, day, 200);
    expect(made).toBeGreaterThan(20);
    const numbers = await query<{ order_no: string }>(
      `select order_no from maintenance_order where id > ${last}`,
    );
    expect(numbers).toHaveLength(made);
    expect(numbers.some((r) => /^WB\d{8}\d{8}$/.test(r.order_no))).toBe(true);
    const [orphans] = await query<{ n: number }>(`
      select count(*)::int as n from maintenance_plan p
      where p.next_date = current_date + 200 + p.interval_days
        and not exists (select 1 from maintenance_order o where o.plan_id = p.id and o.plan_date = current_date + 200)`);
    expect(orphans.n).toBe(0);
  });

  it('counts a lift overdue on the 16th day after its last visit, across a month end', async () => {
    const [l] = await query<{ id: number }>('select id from elevator order by id desc limit 1');
    await t.platform.db.execute(
      sql`insert into maintenance_lift (elevator_id, area_code, maintenance_company_id) values (${l.id}, 'T-999', 1)
          on conflict (elevator_id) do update set area_code = 'T-999', last_done_date = null`,
    );
    const order = { elevatorId: l.id, maintenanceCompanyId: 1, useCompanyId: null, areaCode: 'T-999' };
    // Signed out 2027-01-31 15:00 in Shanghai.
    await markDone(t.platform.db, { ...order, signOutAt: new Date('2027-01-31T07:00:00Z') } as never);
    expect(await overdueCount(t.platform.db, 'T-999', '2027-02-15')).toBe(0);
    expect(await overdueCount(t.platform.db, 'T-999', '2027-02-16')).toBe(1);
    // A later visit moves it on; an earlier one never moves it back.
    await markDone(t.platform.db, { ...order, signOutAt: new Date('2027-02-14T02:00:00Z') } as never);
    await markDone(t.platform.db, { ...order, signOutAt: new Date('2027-01-20T02:00:00Z') } as never);
    expect(await overdueCount(t.platform.db, 'T-999', '2027-03-01')).toBe(0);
    expect(await overdueCount(t.platform.db, 'T-999', '2027-03-02')).toBe(1);
    // 2028 is a leap year: 2028-02-20 + 15 days is 2028-03-06.
    await markDone(t.platform.db, { ...order, signOutAt: new Date('2028-02-20T02:00:00Z') } as never);
    expect(await overdueCount(t.platform.db, 'T-999', '2028-03-06')).toBe(0);
    expect(await overdueCount(t.platform.db, 'T-999', '2028-03-07')).toBe(1);
  });

  it('fires each check on its own fault, and none on a clean visit', async () => {
    // A seeded electronic visit with its four photos and no finding: the clean case.
    const [clean] = await query<{ id: number }>(`
      select o.id from maintenance_order o
      where o.status >= 3 and cardinality(o.worker_ids) = 2
        and (select count(*) from maintenance_order_photo p where p.order_id = o.id) = 4
        and not exists (select 1 from maintenance_check c where c.order_id = o.id)
      order by o.id limit 1`);
    const [order] = await t.platform.db
      .select()
      .from(maintenanceOrder)
      .where(eq(maintenanceOrder.id, clean.id));
    const lift = { latitude: order.signInLat, longitude: order.signInLng };
    const kinds = async (o: typeof order, at = lift) =>
      (await findingsOf(t.platform.db, o, at)).map((f) => f.kind);
    expect(await kinds(order)).toEqual([]);
    const minutes = (m: number) => new Date(order.signInAt!.getTime() + m * 60_000);
    expect(await kinds({ ...order, signOutAt: minutes(12) })).toEqual(['short_duration']);
    // About 1.1 km north of the lift when signing in, or when signing out (the same limit).
    expect(order.signOutLat).not.toBeNull();
    expect(await kinds({ ...order, signInLat: order.signInLat! + 0.01 })).toEqual(['far_sign_in']);
    expect(await kinds({ ...order, signOutLat: order.signOutLat! + 0.01 })).toEqual(['far_sign_out']);
    // An order submitted before sign-out had a position of its own: nothing to hold against it.
    expect(await kinds({ ...order, signOutLat: null, signOutLng: null })).toEqual([]);
    expect(await kinds({ ...order, workerIds: order.workerIds.slice(0, 1) })).toEqual(['few_workers']);
    const [expired] = await query<{ user_id: number }>(
      `select user_id from staff_profile where role = 'staff' and company_id = ${order.maintenanceCompanyId}
         and cert_expiry < '${order.planDate}' limit 1`,
    );
    expect(await kinds({ ...order, workerIds: [order.workerIds[0], expired.user_id] })).toEqual([
      'cert_expired',
    ]);
    expect(await kinds({ ...order, planDate: '2019-06-01' })).toEqual(['no_contract']);
    // Photos: none on a planned order of the same lift; one reused from this visit on another.
    const [other] = await query<{ id: number }>(
      `select id from maintenance_order where status = 0 and elevator_id = ${order.elevatorId} limit 1`,
    );
    const [otherOrder] = await t.platform.db
      .select()
      .from(maintenanceOrder)
      .where(eq(maintenanceOrder.id, other.id));
    const copy = { ...order, id: otherOrder.id };
    expect(await kinds(copy)).toEqual(['photos_missing']);
    await t.platform.db.execute(sql`insert into maintenance_order_photo (order_id, file_id, label, sha256, seq)
      select ${other.id}, file_id, label, sha256, seq from maintenance_order_photo where order_id = ${order.id}`);
    expect(await kinds(copy)).toEqual(['duplicate_photo']);
    await t.platform.db.execute(sql`delete from maintenance_order_photo where order_id = ${other.id}`);
  });

  it('seeds demo visits from the roster, confirmed by the use unit, and nothing dated after now', async () => {
    const [future] = await query<{ n: number }>(
      `select count(*)::int as n from maintenance_order_record where at > now()`,
    );
    expect(future.n).toBe(0);
    const [strangers] = await query<{ n: number }>(`
      select count(*)::int as n from maintenance_order o, unnest(o.worker_ids) w
      where not exists (select 1 from staff_profile s where s.user_id = w and s.company_id = o.maintenance_company_id and s.role = 'staff')`);
    expect(strangers.n).toBe(0);
    const [outsiders] = await query<{ n: number }>(`
      select count(*)::int as n from maintenance_order o join sys_user u on u.id = o.confirmed_by_user_id
      where u.company_id is distinct from o.use_company_id`);
    expect(outsiders.n).toBe(0);
    const [noUseUnit] = await query<{ n: number }>(
      'select count(*)::int as n from maintenance_order where confirmed_at is not null and use_company_id is null',
    );
    expect(noUseUnit.n).toBe(0);
  });

  it('refuses bad input with a Chinese message', async () => {
    const many = await send('admin', O.batchExportPDF, { ids: Array.from({ length: 501 }, (_, i) => i + 1) });
    expect(many.status).toBe(400);
    const month = await send('admin', O.queryList, { month: '2026-13', page: 1, limit: 10 });
    expect(month.status).toBe(400);
    expect(month.body.resultMsg).toContain('月份格式应为 yyyy-MM');
    const result = await send('wb_staff1', W.saveProgress, {
      id: 1,
      version: 0,
      items: [{ itemId: 1, result: '很好' }],
    });
    expect(result.status).toBe(400);
    expect(result.body.resultMsg).toContain('请选择维保结果');
  });
});
