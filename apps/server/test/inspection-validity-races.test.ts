import {
  addDays,
  type EquipmentDetail,
  equipmentCalls,
  type InspectionReportDetail,
  type InspectorDetail,
  inspectionOrderCalls,
  inspectionReportCalls,
  inspectionResultCalls,
  inspectorCalls,
  shanghaiToday,
} from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db/sql.ts';
import { dbKinds, heldTransaction, startTestApp, type TestApp } from './harness.ts';
import { CallProber } from './scope-sweep.ts';

/**
 * The inspection writes that decide on an instrument's or an inspector's validity, and the deletes
 * and edits on the other side (audit 2, findings 3, 5 and 7):
 * - an instrument a report names is not deleted (the report keeps the record of what was used), and
 *   a report naming an instrument reads it locked for share: under 50 concurrent requests, half
 *   putting an instrument on reports and half deleting it, the instrument exists or no report names it;
 * - an inspector with open work is not deleted, and a new account takes their work over (the old
 *   one no longer reaches it); under 49 distributions and a delete, no order goes to a deleted inspector;
 * - a distribution waits for an inspector edit under way and then decides on it.
 * Concurrent on PostgreSQL (one by one on PGlite); the lock waits on PostgreSQL only.
 */
const N = 50;
const today = shanghaiToday();

describe.each(dbKinds)('inspection validity rules under %s', (kind) => {
  let t: TestApp;
  let eq: CallProber<typeof equipmentCalls>;
  let ins: CallProber<typeof inspectorCalls>;
  let ord: CallProber<typeof inspectionOrderCalls>;
  let rep: CallProber<typeof inspectionReportCalls>;
  let res: CallProber<typeof inspectionResultCalls>;
  let jy1: number;
  let inspector1: number;
  let serial = 0;
  const query = async <T>(text: string) => rowsOf<T>(await t.platform.db.execute(sql.raw(text)));
  const statuses = (results: { status: number }[]) => {
    const count: Record<number, number> = {};
    for (const r of results) count[r.status] = (count[r.status] ?? 0) + 1;
    return count;
  };

  /** A new instrument of jy1, in use and calibrated today. */
  const instrument = async (name = '限速器测试仪') => {
    serial += 1;
    const added = await eq.send<EquipmentDetail>('jy_admin1', 'add', {
      name,
      serialNo: `AUD-${kind}-${serial}`,
      calibratedOn: addDays(today, -30),
      validUntil: addDays(today, 300),
    });
    expect(added.status, added.body.resultMsg).toBe(200);
    return added.body.data.id;
  };

  /** A new order of jy1 on a lift of sy_admin1 with no open order, in `state` (待缴费 unless given). */
  let orderNo = 0;
  const order = async (state = 'noticed', inspectorId?: number) => {
    orderNo += 1;
    const [row] = await query<{ id: number; order_no: string }>(
      `insert into inspection_order (order_no, elevator_id, org_id, use_unit_id, state, next_inspection_date, attachments,
          inspector_id, inspector_user_id, planned_date)
        select 'JYAUD${kind}-${orderNo}', e.id, ${jy1}, e.use_company_id, '${state}', current_date, '{}'::jsonb,
          ${inspectorId ?? 'null'}, ${inspectorId ? `(select user_id from inspection_inspector where id = ${inspectorId})` : 'null'},
          ${inspectorId ? `'${today}'` : 'null'}
        from elevator e where e.use_company_id = (select company_id from sys_user where username = 'sy_admin1')
          and not exists (select 1 from inspection_order o where o.elevator_id = e.id and o.state not in ('reported', 'closed', 'cancelled'))
        order by e.id limit 1
        returning id, order_no`,
    );
    return row;
  };

  /** An inspector account of jy1 (signed in) and its passed inspector with a valid certificate. */
  let people = 0;
  const inspectorWithAccount = async () => {
    people += 1;
    const username = `jy_aud_${people}`;
    await query(`insert into sys_user (username, real_name, password_hash, user_type, company_id)
      select '${username}', '检验员${people}', password_hash, user_type, company_id from sys_user where username = 'jy_inspector1'`);
    await query(`insert into sys_user_role (user_id, role_id)
      select (select id from sys_user where username = '${username}'), role_id from sys_user_role
      where user_id = (select id from sys_user where username = 'jy_inspector1')`);
    const [row] = await query<{ id: number; user_id: number }>(
      `insert into inspection_inspector (org_id, name, cert_no, category, valid_until, user_id, audit_state)
        values (${jy1}, '检验员${people}', 'TS-AUD-${kind}-${people}', 'DTY', '${addDays(today, 400)}',
          (select id from sys_user where username = '${username}'), 3)
        returning id, user_id`,
    );
    for (const p of [ord, rep, res]) await p.signIn([username]);
    return { username, inspectorId: row.id, userId: row.user_id };
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    eq = new CallProber(t, equipmentCalls);
    ins = new CallProber(t, inspectorCalls);
    ord = new CallProber(t, inspectionOrderCalls);
    rep = new CallProber(t, inspectionReportCalls);
    res = new CallProber(t, inspectionResultCalls);
    for (const p of [eq, ins, ord, rep, res]) await p.signIn(['jy_admin1', 'jy_inspector1']);
    [{ id: jy1 }] = await query<{ id: number }>(
      `select company_id as id from sys_user where username = 'jy_admin1'`,
    );
    [{ id: inspector1 }] = await query<{ id: number }>(
      `select id from inspection_inspector where user_id = (select id from sys_user where username = 'jy_inspector1')`,
    );
    await query(
      `update inspection_inspector set valid_until = '${addDays(today, 400)}' where id = ${inspector1}`,
    );
    // Passed inspectors of jy1 are audit state 3 (the seed's, checked here so the inserts above agree).
    const [state] = await query<{ audit_state: number }>(
      `select audit_state from inspection_inspector where id = ${inspector1}`,
    );
    expect(state.audit_state).toBe(3);
  }, 120_000);
  afterAll(() => t?.close());

  /** `n` reports 检验中 of jy_inspector1 (attempts of one order: each its own row and version). */
  const reports = async (n: number) => {
    const o = await order('inspecting', inspector1);
    return query<{ id: number; version: number }>(
      `insert into inspection_report (order_id, attempt, report_no, elevator_id, org_id, use_unit_id, inspector_user_id,
          inspector_ids, inspected_on)
        select o.id, a, 'BG' || o.order_no || '-' || a, o.elevator_id, o.org_id, o.use_unit_id, o.inspector_user_id,
          array[o.inspector_id], '${today}'
        from inspection_order o, generate_series(1, ${n}) a where o.id = ${o.id}
        returning id, version`,
    );
  };

  it('keeps an instrument a report names: the delete is refused whole, naming it, and the report still lists it', async () => {
    const used = await instrument('钢丝绳探伤仪');
    const free = await instrument('卷尺');
    const [report] = await reports(1);
    const put = await rep.send<InspectionReportDetail>('jy_inspector1', 'update', {
      id: report.id,
      version: report.version,
      instrumentIds: [used],
    });
    expect(put.status, put.body.resultMsg).toBe(200);
    // The report signed and pushed: a legal record of the calibrated instruments used.
    await query(
      `update inspection_report set state = 'pushed', signed = true, pushed = true where id = ${report.id}`,
    );

    const refused = await eq.send('jy_admin1', 'delete', { ids: [free, used] });
    expect(refused.status).toBe(409);
    expect(refused.body.resultMsg).toContain(`钢丝绳探伤仪（AUD-${kind}-`);
    expect(refused.body.resultMsg).toContain('1 份报告');
    expect(refused.body.resultMsg).not.toContain('卷尺');
    // Nothing of the batch went: the unused one is still there too.
    expect((await eq.send('jy_admin1', 'get', { id: free })).status).toBe(200);
    expect((await eq.send('jy_admin1', 'deleteGroups', { ids: [used] })).status).toBe(409);
    const detail = await rep.send<InspectionReportDetail>('jy_admin1', 'detail', { id: report.id });
    expect(detail.body.data.instruments.map((i) => i.id)).toEqual([used]);

    const done = await eq.send<{ deleted: number }>('jy_admin1', 'delete', { ids: [free] });
    expect(done.status, done.body.resultMsg).toBe(200);
    expect(done.body.data.deleted).toBe(1);
  });

  it('50 concurrent requests, half putting an instrument on reports and half deleting it: it exists or no report names it', async () => {
    const e = await instrument();
    const open = await reports(N / 2);
    // The deletes are sent a little after one another (a delete is the shorter request: sent all at
    // once, every one would land before any report), so that both orders of the two meet.
    const pause = (i: number) => new Promise((r) => setTimeout(r, i));
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        i % 2
          ? pause(i).then(() => eq.send('jy_admin1', 'delete', { ids: [e] }))
          : rep.send('jy_inspector1', 'update', {
              id: open[i / 2].id,
              version: open[i / 2].version,
              instrumentIds: [e],
            }),
      ),
    );
    const count = statuses(results);
    expect(
      Object.keys(count).every((s) => ['200', '404', '409'].includes(s)),
      JSON.stringify(count),
    ).toBe(true);
    const [row] = await query<{ exists: boolean; naming: number }>(
      `select exists (select 1 from inspection_equipment where id = ${e}) as exists,
        (select count(*)::int from inspection_report where instrument_ids @> array[${e}]) as naming`,
    );
    expect(row.exists || row.naming === 0, JSON.stringify({ row, count })).toBe(true);
    // Every report that took it (200) names it, and it is there for them.
    const put = results.filter((r, i) => i % 2 === 0 && r.status === 200).length;
    expect(row.naming).toBe(put);
  });

  it.runIf(kind === 'postgres')(
    'a report naming an instrument waits for a delete of it under way, then finds it gone',
    async () => {
      const e = await instrument();
      const [report] = await reports(1);
      const deleting = await heldTransaction(t.platform.db, (tx) =>
        tx.execute(sql`delete from inspection_equipment where id = ${e}`),
      );
      let settled = false;
      const put = rep
        .send('jy_inspector1', 'update', { id: report.id, version: report.version, instrumentIds: [e] })
        .then((r) => {
          settled = true;
          return r;
        });
      await new Promise((r) => setTimeout(r, 400));
      const waited = !settled;
      await deleting.commit();
      const answer = await put;
      expect(waited, 'the report waits for the delete').toBe(true);
      expect(answer.status, answer.body.resultMsg).toBe(404);
      const [row] = await query<{ ids: number[] }>(
        `select instrument_ids as ids from inspection_report where id = ${report.id}`,
      );
      expect(row.ids).toEqual([]);
    },
  );

  it('refuses to delete an inspector with open work, naming it; a new account takes the work over', async () => {
    const a = await inspectorWithAccount();
    const o = await order();
    const given = await ord.send('jy_admin1', 'distribution', {
      id: o.id,
      inspectorId: a.inspectorId,
      plannedDate: today,
    });
    expect(given.status, given.body.resultMsg).toBe(200);
    expect((await ord.send(a.username, 'get', { id: o.id })).status).toBe(200);

    const refused = await ins.send('jy_admin1', 'delete', { ids: [a.inspectorId] });
    expect(refused.status).toBe(409);
    expect(refused.body.resultMsg).toContain(`检验员${people}`);
    expect(refused.body.resultMsg).toContain(o.order_no);
    const [live] = await query<{ deleted: boolean }>(
      `select deleted_at is not null as deleted from inspection_inspector where id = ${a.inspectorId}`,
    );
    expect(live.deleted).toBe(false);

    // Relinked to another account: the work goes with the inspector, the old account loses it.
    const b = await inspectorWithAccount();
    await query(`update inspection_inspector set user_id = null where id = ${b.inspectorId}`);
    const current = (await ins.send<InspectorDetail>('jy_admin1', 'get', { id: a.inspectorId })).body.data;
    const values = {
      id: current.id,
      version: current.version,
      name: current.name,
      certNo: current.certNo,
      category: current.category,
      validUntil: current.validUntil,
    };
    const moved = await ins.send('jy_admin1', 'update', { ...values, userId: b.userId });
    expect(moved.status, moved.body.resultMsg).toBe(200);
    expect((await ord.send(a.username, 'get', { id: o.id })).status).toBe(404);
    const stale = await res.send(a.username, 'updateResult', {
      orderId: o.id,
      results: [{ itemId: 1, result: '符合' }],
    });
    expect([403, 404]).toContain(stale.status);
    expect((await ord.send(b.username, 'get', { id: o.id })).status).toBe(200);

    // No account at all while the work is open: refused, naming it.
    const after = (await ins.send<InspectorDetail>('jy_admin1', 'get', { id: a.inspectorId })).body.data;
    const unlinked = await ins.send('jy_admin1', 'update', {
      ...values,
      version: after.version,
      userId: null,
    });
    expect(unlinked.status).toBe(409);
    expect(unlinked.body.resultMsg).toContain(o.order_no);

    // Once the order is closed, the inspector goes.
    expect((await ord.send('jy_admin1', 'close', { id: o.id, reason: '检验人员离职' })).status).toBe(200);
    const gone = await ins.send<{ deleted: number }>('jy_admin1', 'delete', { ids: [a.inspectorId] });
    expect(gone.status, gone.body.resultMsg).toBe(200);
    expect(gone.body.data.deleted).toBe(1);
  });

  it('49 distributions and a delete of the inspector at once: no open order goes to a deleted inspector', async () => {
    const a = await inspectorWithAccount();
    const o = await order();
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        i === N / 2
          ? ins.send('jy_admin1', 'delete', { ids: [a.inspectorId] })
          : ord.send('jy_admin1', 'distribution', {
              id: o.id,
              inspectorId: a.inspectorId,
              plannedDate: today,
            }),
      ),
    );
    const count = statuses(results);
    const [row] = await query<{ deleted: boolean; open: number }>(
      `select deleted_at is not null as deleted,
        (select count(*)::int from inspection_order where inspector_id = ${a.inspectorId} and state in ('distributed', 'inspecting')) as open
       from inspection_inspector where id = ${a.inspectorId}`,
    );
    expect(!row.deleted || row.open === 0, JSON.stringify({ row, count })).toBe(true);
    expect(results[N / 2].status === 200).toBe(row.deleted);
  });

  it.runIf(kind === 'postgres')(
    'a distribution waits for an inspector edit under way (the certificate expiring), then refuses',
    async () => {
      const a = await inspectorWithAccount();
      const o = await order();
      const editing = await heldTransaction(t.platform.db, (tx) =>
        tx.execute(
          sql`update inspection_inspector set valid_until = ${addDays(today, -1)}, version = version + 1 where id = ${a.inspectorId}`,
        ),
      );
      let settled = false;
      const given = ord
        .send('jy_admin1', 'distribution', { id: o.id, inspectorId: a.inspectorId, plannedDate: today })
        .then((r) => {
          settled = true;
          return r;
        });
      await new Promise((r) => setTimeout(r, 400));
      const waited = !settled;
      await editing.commit();
      const answer = await given;
      expect(waited, 'the distribution waits for the edit').toBe(true);
      expect(answer.status, answer.body.resultMsg).toBe(400);
      expect(answer.body.resultMsg).toContain('资格证书');
      const [row] = await query<{ state: string }>(`select state from inspection_order where id = ${o.id}`);
      expect(row.state).toBe('noticed');
    },
  );
});
