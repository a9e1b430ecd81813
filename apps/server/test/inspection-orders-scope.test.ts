import * as XLSX from '@e965/xlsx';
import {
  API_PREFIX,
  addDays,
  chargeNoticeCalls,
  type InspectionOrderDetail,
  inspectionOrderCalls,
  shanghaiToday,
} from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db/sql.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { multipart, PNG_1PX } from './multipart.ts';
import { CallProber, type Probes } from './scope-sweep.ts';

/**
 * Data scope of the inspection orders and charge notices, call by call: another organisation
 * (jy_admin2), another use unit (sy_admin2), a maintenance company and a regulator of another
 * district ask for an order sy_admin1 applied for to jy1 (quoted, its charge notice issued, distributed). Each
 * call answers 404 (403 without the permission, or for a party the step is not theirs), leaves the
 * order out of a list, or leaves it out of the figures; the platform sees it; and afterwards
 * nothing changed.
 */
const ACTORS = ['jy_admin2', 'sy_admin2', 'wb_admin1', 'jg_jiangnan'] as const;
const USE_UNITS = ['sy_admin2'];
/** Who reads the overdue overview (a regulator, a use unit); an organisation is refused. */
const OVERVIEW_READERS = ['sy_admin2', 'jg_jiangnan'];

describe.each(dbKinds)('inspection orders data scope, call by call, on %s', (kind) => {
  let t: TestApp;
  let p: CallProber<typeof inspectionOrderCalls>;
  let cn: CallProber<typeof chargeNoticeCalls>;
  let order: InspectionOrderDetail;
  let inspectorId: number;
  let jy1: number;
  let companies: Record<string, number | null>;
  /** Another of sy_admin1's lifts (青秀区), overdue: the overview's probe. */
  let overdueLift: { id: number; code: string };
  const query = async <T>(text: string) => rowsOf<T>(await t.platform.db.execute(sql.raw(text)));
  const snapshot = () =>
    query(
      `select o.id, o.state, o.version, o.org_remark, n.pay_state from inspection_order o
        left join inspection_charge_notice n on n.order_id = o.id order by o.id`,
    );

  /**
   * The orders the actor's figures count: its organisation's or its use unit's; a regulator's, those
   * of the lifts in its district (jg_jiangnan: 江南区, where the probed order's lift is not); none
   * otherwise.
   */
  const ownCount = async (actor: string, extra = 'true') => {
    if (actor === 'jg_jiangnan') {
      const [{ n }] = await query<{ n: number }>(
        `select count(*)::int as n from inspection_order o join elevator e on e.id = o.elevator_id
          where e.area_code = '450105' and ${extra}`,
      );
      return n;
    }
    const company = companies[actor];
    const column = actor.startsWith('jy_') ? 'org_id' : actor.startsWith('sy_') ? 'use_unit_id' : null;
    if (!column || !company) return 0;
    const [{ n }] = await query<{ n: number }>(
      `select count(*)::int as n from inspection_order where ${column} = ${company} and ${extra}`,
    );
    return n;
  };

  /** The overdue lifts in use the actor's overview counts: its districts' or its use unit's. */
  const ownOverdue = async (actor: string) => {
    const where =
      actor === 'jg_jiangnan' ? `area_code = '450105'` : `use_company_id = ${companies[actor] ?? 0}`;
    const [{ n }] = await query<{ n: number }>(
      `select count(*)::int as n from elevator where ${where} and use_status = 1
        and next_inspect_date < '${shanghaiToday()}'`,
    );
    return n;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    p = new CallProber(t, inspectionOrderCalls);
    cn = new CallProber(t, chargeNoticeCalls);
    const users = ['sy_admin1', 'jy_admin1', ...ACTORS];
    await p.signIn(users);
    await cn.signIn(users);
    const rows = await query<{ username: string; company_id: number | null }>(
      `select username, company_id from sys_user where username in (${users.map((u) => `'${u}'`).join(', ')})`,
    );
    companies = Object.fromEntries(rows.map((r) => [r.username, r.company_id]));
    jy1 = companies.jy_admin1!;
    const sy1 = companies.sy_admin1!;
    const upload = async () => {
      const { payload, contentType } = multipart([{ name: '申请表.png', body: PNG_1PX, type: 'image/png' }]);
      const res = await t.inject({
        method: 'POST',
        url: `${API_PREFIX}/common/upload`,
        headers: { authorization: `Bearer ${p.tokens.sy_admin1}`, 'content-type': contentType },
        payload,
      });
      return res.json().data.id as string;
    };
    const [lift] = await query<{ id: number }>(
      `select e.id from elevator e where e.use_company_id = ${sy1} and not exists (select 1 from inspection_order o
        where o.elevator_id = e.id and o.state not in ('reported', 'closed', 'cancelled')) order by e.id limit 1`,
    );
    await query(
      `update elevator set next_inspect_date = '${addDays(shanghaiToday(), 9)}' where id = ${lift.id}`,
    );
    await query(`insert into inspection_tech_param (org_id, elevator_id, variety, stops)
      select ${jy1}, id, coalesce(variety, '3110'), coalesce(floors, 6) from elevator where id = ${lift.id}
      on conflict do nothing`);
    const applied = await p.send<InspectionOrderDetail>('sy_admin1', 'apply', {
      elevatorId: lift.id,
      orgId: jy1,
      attachments: {
        applicationForm: [await upload()],
        maintenanceContract: [await upload()],
        selfCheckReport: [await upload()],
      },
    });
    expect(applied.status, applied.body.resultMsg).toBe(200);
    const id = applied.body.data.id;
    for (const step of ['acceptance', 'quotedPrice', 'signChargeNotice'] as const)
      expect((await p.send('jy_admin1', step, { id })).status, step).toBe(200);
    const [ins] = await query<{ id: number }>(
      `select id from inspection_inspector where org_id = ${jy1} and audit_state = 3 and deleted_at is null
        and valid_until > '${addDays(shanghaiToday(), 30)}' order by id limit 1`,
    );
    inspectorId = ins.id;
    const distributed = await p.send('jy_admin1', 'distribution', {
      id,
      inspectorId,
      plannedDate: addDays(shanghaiToday(), 2),
    });
    expect(distributed.status, distributed.body.resultMsg).toBe(200);
    order = (await p.send<InspectionOrderDetail>('jy_admin1', 'get', { id })).body.data;
    const [late] = await query<{ id: number; register_code: string }>(
      `select id, register_code from elevator where use_company_id = ${sy1} and area_code = '450103'
        and id <> ${lift.id} order by id limit 1`,
    );
    await query(
      `update elevator set use_status = 1, next_inspect_date = '${addDays(shanghaiToday(), -3)}' where id = ${late.id}`,
    );
    overdueLift = { id: late.id, code: late.register_code };
  }, 180_000);
  afterAll(() => t?.close());

  const has = (d: unknown) => (d as { records: { id: number }[] }).records.some((r) => r.id === order.id);
  const filters = () => ({ registerCode: order.registerCode, limit: 500 });

  const probes = (): Probes<typeof inspectionOrderCalls> => ({
    organizationQuery: (a) => p.leftOut(a, 'organizationQuery', filters(), has),
    inspectorQuery: (a) => p.leftOut(a, 'inspectorQuery', filters(), has),
    useUnitQuery: (a) => p.leftOut(a, 'useUnitQuery', filters(), has),
    applicableLifts: async (a) => {
      // A use unit's own lifts only; nobody else applies (403).
      const res = await p.send<{ records: { elevatorId: number }[] }>(a, 'applicableLifts', filters());
      if (!p.may(a, 'applicableLifts') || !USE_UNITS.includes(a)) return void expect(res.status).toBe(403);
      expect(res.status).toBe(200);
      expect(res.body.data.records.some((r) => r.elevatorId === order.elevatorId)).toBe(false);
    },
    orgOptions: async (a) => {
      // The filed organisations are public to whoever applies; it reveals no order.
      const res = await p.send<{ id: number }[]>(a, 'orgOptions');
      expect(res.status).toBe(p.may(a, 'orgOptions') ? 200 : 403);
    },
    get: (a) => p.refused(a, 'get', { id: order.id }),
    apply: async (a) => {
      // Applying for the order's lift: another use unit does not reach it (404), anyone else is no use unit (403).
      const res = await p.send(a, 'apply', {
        elevatorId: order.elevatorId,
        orgId: jy1,
        attachments: { applicationForm: [], maintenanceContract: [], selfCheckReport: [] },
      });
      expect([400, 403, 404]).toContain(res.status);
      const ok = await p.send(a, 'apply', {
        elevatorId: order.elevatorId,
        orgId: jy1,
        attachments: {
          applicationForm: [order.attachments[0].files[0].id],
          maintenanceContract: [order.attachments[1].files[0].id],
          selfCheckReport: [order.attachments[2].files[0].id],
        },
      });
      expect(ok.status, `${a} apply: ${ok.body.resultMsg}`).toBe(
        !p.may(a, 'apply') ? 403 : USE_UNITS.includes(a) ? 404 : 403,
      );
    },
    update: (a) => p.refused(a, 'update', { id: order.id, version: order.version, remark: '越权修改' }),
    cancelBind: (a) => p.refused(a, 'cancelBind', { id: order.id }),
    acceptance: (a) => p.refused(a, 'acceptance', { id: order.id }),
    sendBack: (a) => p.refused(a, 'sendBack', { id: order.id, reason: '越权退回' }),
    close: (a) => p.refused(a, 'close', { id: order.id, reason: '越权关闭' }),
    saveRemark: (a) => p.refused(a, 'saveRemark', { id: order.id, remark: '越权备注' }),
    quotedPrice: (a) => p.refused(a, 'quotedPrice', { id: order.id }),
    chargeData: (a) => p.refused(a, 'chargeData', { id: order.id }),
    preChargeNotice: (a) => p.refused(a, 'preChargeNotice', { id: order.id }),
    signChargeNotice: (a) => p.refused(a, 'signChargeNotice', { id: order.id }),
    distribution: (a) =>
      p.refused(a, 'distribution', { id: order.id, inspectorId, plannedDate: addDays(shanghaiToday(), 3) }),
    overdueByDistrict: async (a) => {
      // The overdue lift (sy_admin1's, 青秀区): a regulator of another district and another use unit
      // do not count it (their figures are their own lifts'); the others are refused.
      const res = await p.send<{
        districts: { areaCode: string; overdue: number }[];
        total: { overdue: number };
      }>(a, 'overdueByDistrict');
      if (!p.may(a, 'overdueByDistrict') || !OVERVIEW_READERS.includes(a))
        return void expect(res.status, a).toBe(403);
      expect(res.status).toBe(200);
      expect(res.body.data.total.overdue, `${a} counts only its own lifts`).toBe(await ownOverdue(a));
      if (a === 'jg_jiangnan') expect(res.body.data.districts.map((d) => d.areaCode)).toEqual(['450105']);
    },
    overdueLifts: async (a) => {
      const has = (d: unknown) =>
        (d as { records: { elevatorId: number }[] }).records.some((r) => r.elevatorId === overdueLift.id);
      if (!OVERVIEW_READERS.includes(a) && p.may(a, 'overdueLifts')) {
        const res = await p.send(a, 'overdueLifts', { registerCode: overdueLift.code });
        return void expect(res.status, a).toBe(403);
      }
      await p.leftOut(a, 'overdueLifts', { registerCode: overdueLift.code }, has);
    },
    overdueLiftsExport: async (a) => {
      const res = await t.inject({
        method: 'GET',
        url: `${API_PREFIX}${inspectionOrderCalls.overdueLiftsExport.path}?registerCode=${overdueLift.code}`,
        headers: { authorization: `Bearer ${p.tokens[a]}` },
      });
      if (!p.may(a, 'overdueLiftsExport') || !OVERVIEW_READERS.includes(a))
        return void expect(res.statusCode, a).toBe(403);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBeGreaterThan(0);
      const book = XLSX.read(res.rawPayload);
      const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
      expect(
        rows.slice(1).some((r) => r[0] === overdueLift.code),
        `${a} export`,
      ).toBe(false);
    },
    inspecttionOrganizationMain: async (a) => {
      const res = await p.send<{ byState: Record<string, number> }>(a, 'inspecttionOrganizationMain');
      if (!p.may(a, 'inspecttionOrganizationMain')) return void expect(res.status).toBe(403);
      expect(res.status).toBe(200);
      const total = Object.values(res.body.data.byState).reduce((s, n) => s + n, 0);
      expect(total, `${a} counts only its own orders`).toBe(await ownCount(a));
    },
    inspecttionOrganizationStatistics: async (a) => {
      const month = order.appliedAt.slice(0, 7);
      const res = await p.send<{ applied: number }[]>(a, 'inspecttionOrganizationStatistics', {
        from: month,
        to: month,
      });
      if (!p.may(a, 'inspecttionOrganizationStatistics')) return void expect(res.status).toBe(403);
      expect(res.status).toBe(200);
      expect(res.body.data[0].applied).toBe(
        await ownCount(a, `to_char(applied_at at time zone 'Asia/Shanghai', 'YYYY-MM') = '${month}'`),
      );
    },
  });

  const noticeProbes = (): Probes<typeof chargeNoticeCalls> => ({
    add: (a) => cn.refused(a, 'add', { orderId: order.id, payState: 'paid' }),
    getDetail: (a) => cn.refused(a, 'getDetail', { orderId: order.id }),
  });

  it('has a probe for every call', () => {
    p.expectProbeForEveryCall(probes());
    cn.expectProbeForEveryCall(noticeProbes());
  });

  it.each(ACTORS)('%s reaches nothing of the order', async (actor) => {
    await p.sweep(actor, probes(), snapshot);
    await cn.sweep(actor, noticeProbes(), snapshot);
  });

  it('the parties of the order reach it', async () => {
    for (const u of ['sy_admin1', 'jy_admin1', 'admin'])
      expect((await p.send(u, 'get', { id: order.id })).status, u).toBe(200);
    expect((await cn.send('sy_admin1', 'getDetail', { orderId: order.id })).status).toBe(200);
  });
});
