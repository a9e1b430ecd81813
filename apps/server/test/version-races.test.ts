import fs from 'node:fs';
import path from 'node:path';
import * as contract from '@ec/contract';
import { AD_ORDER_STATE, type Call, fillPath, formatDate } from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db/sql.ts';
import { companyOfUser, freePoints, leaseLifts } from './ad-support.ts';
import { type ApiResult, dbKinds, startTestApp, type TestApp } from './harness.ts';
import { firstItemOf } from './inspection-support.ts';
import { newIdNumber, registerAndLogin, uploadPng } from './parties-support.ts';

/**
 * Every call whose request carries a row `version` (an optimistic save or a move of a record's
 * state), raced by writers that all hold the same version (50 on PostgreSQL, 5 on PGlite): exactly
 * one 200, the others 409 with the Chinese message of a stale version, and the record shows the
 * winner's change with its version raised by one. One app per database, one login per account.
 *
 * The calls are read from the contract (each exported `…Calls` group, the request schema's shape),
 * not listed here: a versioned call added later has no probe and fails the sweep until it gets one
 * here, or a `racedElsewhere` entry naming a file that races it with 50 writers.
 */
/** On PostgreSQL the writers truly run at once: the race the project's rule asks for, 50 strong. */
const PG_WRITERS = 50;
/**
 * PGlite runs one query at a time, so its writers only queue: 5 show the same one-200-rest-409
 * outcome (the stale ones still read the old version) at a tenth of the time.
 */
const PGLITE_WRITERS = 5;
const STALE = /已被他人修改.*请刷新后重试/;
/** The audit workflow's 409 (platform/workflow.ts STALE_MESSAGE). */
const STALE_CASE = /已被他人处理或状态已变化.*请刷新后重试/;

type Input = Record<string, unknown>;

/** The object shape of a request schema (through pipes, refinements, optionals, unions). */
function shapeOf(schema: unknown): Record<string, unknown> | undefined {
  // biome-ignore lint/suspicious/noExplicitAny: zod's internal definition, read for its shape only
  const def = (schema as any)?._zod?.def;
  if (!def) return undefined;
  switch (def.type) {
    case 'object':
      return def.shape;
    case 'pipe':
      return shapeOf(def.in);
    case 'optional':
    case 'nullable':
    case 'default':
      return shapeOf(def.innerType);
    case 'intersection':
      return { ...shapeOf(def.left), ...shapeOf(def.right) };
    case 'union':
      return Object.assign({}, ...def.options.map(shapeOf));
    default:
      return undefined;
  }
}

/** `group.key` → call, for every call of every exported `…Calls` group of the contract. */
const namedCalls = new Map<string, Call>();
for (const [group, calls] of Object.entries(contract)) {
  if (!group.endsWith('Calls') || Array.isArray(calls) || typeof calls !== 'object') continue;
  for (const [key, call] of Object.entries(calls as Record<string, Call>))
    namedCalls.set(`${group}.${key}`, call);
}
const versioned = [...namedCalls].filter(([, call]) => 'version' in (shapeOf(call.input) ?? {}));

/** What a probe prepares: who races, what each writer sends, and how to read the record back. */
interface Race {
  user: string;
  /** Writer `i`'s request: the record's id and the version all writers hold. */
  input: (i: number) => Input;
  /** Reads the record: its version and what shows whose change won (compared with `mark(winner)`). */
  read: () => Promise<{ version: number; mark?: unknown }>;
  mark?: (i: number) => unknown;
  /** The domain's documented 409 message, when not the generic one. */
  conflict?: RegExp;
}
type Probe = (t: TestApp) => Promise<Race>;

describe.each(dbKinds)('versioned calls under %s, raced by many writers of one version', (kind) => {
  const WRITERS = kind === 'postgres' ? PG_WRITERS : PGLITE_WRITERS;
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const token = async (user: string) => {
    tokens[user] ??= await t.login(user);
    return tokens[user];
  };
  const query = async <T>(text: string) => rowsOf<T>(await t.platform.db.execute(sql.raw(text)));
  const one = async <T>(text: string) => {
    const [row] = await query<T>(text);
    if (!row) throw new Error(`no row: ${text}`);
    return row;
  };

  /** Sends a call as the web client does: path parameters filled, GET/DELETE in the query, else JSON. */
  const send = async <T = unknown>(user: string, name: string, input: Input): Promise<ApiResult<T>> => {
    const call = namedCalls.get(name);
    if (!call) throw new Error(`no call ${name}`);
    const { path: filled, rest } = fillPath(call.path, input);
    const auth = await token(user);
    if (call.method === 'GET' || call.method === 'DELETE')
      return t.api<T>(call.method, filled, { token: auth, query: rest as Record<string, string> });
    return t.api<T>(call.method, filled, { token: auth, body: rest });
  };

  /** WRITERS requests of one version at once: one 200, the rest 409; the record moved by one version. */
  async function race(name: string, probe: Probe) {
    const r = await probe(t);
    const before = await r.read();
    const auth = await token(r.user);
    expect(auth).toBeTruthy();
    const results = await Promise.all(
      Array.from({ length: WRITERS }, (_, i) => send(r.user, name, r.input(i))),
    );
    const statuses = results.map((x) => x.status);
    const unexpected = results.filter((x) => x.status !== 200 && x.status !== 409);
    expect([...new Set(unexpected.map((x) => `${x.status} ${x.body.resultMsg}`))], name).toEqual([]);
    expect(statuses.filter((s) => s === 200).length, `${name}: writers answered 200`).toBe(1);
    expect(statuses.filter((s) => s === 409).length, `${name}: writers answered 409`).toBe(WRITERS - 1);
    for (const x of results.filter((x) => x.status === 409))
      expect(x.body.resultMsg).toMatch(r.conflict ?? STALE);
    const winner = statuses.indexOf(200);
    const after = await r.read();
    expect(after.version, `${name}: version`).toBe(before.version + 1);
    if (r.mark) expect(after.mark, `${name}: the winner's change`).toEqual(r.mark(winner));
  }

  /** A pending audit case of `auditKind` decided by `user` (the workflow's conditional UPDATE). */
  const pendingCase =
    (auditKind: string, user = 'admin', extra: Input = {}, where = 'true'): Probe =>
    async () => {
      const pending = `select id, version from audit_record where kind = '${auditKind}' and state = 2
        and deleted_at is null and ${where} order by id desc limit 1`;
      if ((await query(pending)).length === 0) {
        // The demo has no case waiting: a decided one is submitted again (as its owner would).
        await query(`update audit_record set state = 2, version = version + 1 where id = (select id
          from audit_record where kind = '${auditKind}' and state in (3, 4) and deleted_at is null and ${where}
          order by id desc limit 1)`);
      }
      const c = await one<{ id: number; version: number }>(pending);
      return {
        user,
        input: (i) => ({ auditId: c.id, version: c.version, auditDescription: `第${i}位审核`, ...extra }),
        read: async () =>
          one<{ version: number; mark: string }>(
            `select version, description as mark from audit_record where id = ${c.id}`,
          ),
        mark: (i) => `第${i}位审核`,
        conflict: STALE_CASE,
      };
    };

  const camel = (row: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => [
        k.replace(/_(\w)/g, (_, c: string) => c.toUpperCase()),
        v instanceof Date ? formatDate(v) : v,
      ]),
    );

  /**
   * A record of `table` (the first `where` finds) saved back by `user` as the form would send it:
   * the call's fields taken from the row, `extra` over them, and writer i's own `mark` field.
   */
  const rowProbe =
    (
      name: string,
      o: {
        user: string;
        table: string;
        where: string;
        mark: string;
        column?: string;
        value?: (i: number) => unknown;
        extra?: (row: Record<string, unknown>) => Input | Promise<Input>;
        omit?: string[];
        conflict?: RegExp;
      },
    ): Probe =>
    async () => {
      const row = camel(
        await one<Record<string, unknown>>(`select * from ${o.table} where ${o.where} limit 1`),
      );
      const fields = Object.keys(shapeOf(namedCalls.get(name)?.input) ?? {});
      const base: Input = {};
      for (const f of fields)
        if (row[f] !== null && row[f] !== undefined && !o.omit?.includes(f)) base[f] = row[f];
      Object.assign(base, await o.extra?.(row));
      const value = o.value ?? ((i: number) => `第${i}位`);
      return {
        user: o.user,
        input: (i) => ({ ...base, id: row.id, version: row.version, [o.mark]: value(i) }),
        read: () =>
          one<{ version: number; mark: unknown }>(
            `select version, ${o.column ?? o.mark} as mark from ${o.table} where id = ${row.id}`,
          ),
        mark: value,
        conflict: o.conflict,
      };
    };
  const orgOf = (user: string) => `(select company_id from sys_user where username = '${user}')`;
  const jy1 = orgOf('jy_admin1');

  /** An inspection order of sy_admin1's lift with jy_admin1's organisation, put in `state`. */
  let orders = 0;
  const inspectionOrder = async (state: string) => {
    orders += 1;
    // The lifts of sy_admin1 are few: the orders of earlier probes (raced already) are closed.
    await query(`update inspection_order set state = 'closed' where order_no like 'VR${kind}-%'`);
    const o = await one<{ id: number; version: number; elevatorId: number; orgId: number }>(
      `insert into inspection_order (order_no, elevator_id, org_id, use_unit_id, state, next_inspection_date, attachments)
        select 'VR${kind}-${orders}', e.id, ${jy1}, e.use_company_id, '${state}', current_date, '{}'::jsonb
        from elevator e where e.use_company_id = ${orgOf('sy_admin1')}
          and not exists (select 1 from inspection_order o where o.elevator_id = e.id
            and o.state not in ('reported', 'closed', 'cancelled'))
        order by e.id limit 1
        returning id, version, elevator_id as "elevatorId", org_id as "orgId"`,
    );
    await query(`insert into inspection_tech_param (org_id, elevator_id, variety, stops)
      select ${jy1}, id, coalesce(variety, '3110'), coalesce(floors, 6) from elevator where id = ${o.elevatorId}
      on conflict do nothing`);
    // Inside the 30 days before its next inspection, when a periodic inspection may be applied for.
    await query(`update elevator set next_inspect_date = current_date + 12 where id = ${o.elevatorId}`);
    return o;
  };
  const orderVersion = (id: number) => () =>
    one<{ version: number }>(`select version from inspection_order where id = ${id}`);
  /** The orders' 409s: the state it moved to, or (same state, another version) the stale version. */
  const ORDER_MOVED =
    /^该检验申请(已被他人处理或状态已变化（当前状态：.+），请刷新后重试|当前状态为「.+」，.+)$/;
  /** An order taken through the organisation's real steps (acceptance, quote) to 'quoted'. */
  const quotedOrder = async () => {
    const o = await inspectionOrder('applied');
    let version = o.version;
    for (const step of ['acceptance', 'quotedPrice']) {
      const res = await send<{ version: number }>('jy_admin1', `inspectionOrderCalls.${step}`, {
        id: o.id,
        version,
      });
      expect(res.status, `${step}: ${res.body.resultMsg}`).toBe(200);
      version = res.body.data.version;
    }
    return { ...o, version };
  };
  /** A move of an order in `state` by `user`, every writer sending `input` with the order's version. */
  const orderMove =
    (state: string, user: string, input: Input = {}): Probe =>
    async () => {
      const o = state === 'quoted' ? await quotedOrder() : await inspectionOrder(state);
      return {
        user,
        input: () => ({ id: o.id, version: o.version, ...input }),
        read: orderVersion(o.id),
        conflict: ORDER_MOVED,
      };
    };

  /** The reports' 409s: moved on, stale, or (for a move) the state it moved to. */
  const REPORT_MOVED =
    /^该检验报告(已被他人修改或状态已变化（当前状态：.+），请刷新后重试|当前状态为「.+」，.+)$/;
  /** A report of jy_inspector1 in `state` (its order 检验中). */
  const inspectionReport = async (state = 'inspecting') => {
    const o = await inspectionOrder('inspecting');
    const inspector = await one<{ id: number; userId: number }>(
      `select id, user_id as "userId" from inspection_inspector
        where user_id = (select id from sys_user where username = 'jy_inspector1')`,
    );
    await query(
      `update inspection_inspector set valid_until = current_date + 400 where id = ${inspector.id}`,
    );
    await query(`update inspection_order set inspector_id = ${inspector.id}, inspector_user_id = ${inspector.userId},
      planned_date = current_date where id = ${o.id}`);
    return one<{ id: number; version: number; elevatorId: number }>(
      `insert into inspection_report (order_id, attempt, report_no, elevator_id, org_id, use_unit_id, inspector_user_id,
          inspector_ids, inspected_on, state)
        select o.id, 1, 'BGVR-' || o.order_no, o.elevator_id, o.org_id, o.use_unit_id, o.inspector_user_id,
          array[o.inspector_id], current_date, '${state}'
        from inspection_order o where o.id = ${o.id}
        returning id, version, elevator_id as "elevatorId"`,
    );
  };
  /** A calibrated instrument of jy1, valid for a while. */
  const instrument = async () =>
    (
      await one<{ id: number }>(
        `select id from inspection_equipment where org_id = ${jy1} and state = 1
          and valid_until > current_date + 30 order by id limit 1`,
      )
    ).id;
  const reportRead = (id: number, column?: string) => () =>
    one<{ version: number; mark?: unknown }>(
      `select version${column ? `, ${column} as mark` : ''} from inspection_report where id = ${id}`,
    );

  const probes: Record<string, Probe> = {
    // First: the audits below decide filed people's cases, and these want a filed, employed one.
    ...Object.fromEntries(
      (
        [
          ['maintenanceUserCalls.update', '/pc/maintenanceUser', 1],
          ['buildingUserCalls.update', '/pc/buildingCompanyUser', 3],
        ] as const
      ).map(([name, base, companyId]): [string, Probe] => [
        name,
        async () => {
          type Person = Record<string, unknown> & { id: number; version: number };
          const admin = await token('admin');
          const list = await t.api<{ records: (Person & { employed: boolean })[] }>(
            'GET',
            `${base}/queryList`,
            {
              token: admin,
              query: { companyId, filingState: 3, limit: 50 },
            },
          );
          const person = list.body.data.records.find((r) => r.employed)!;
          const detail = async () =>
            (await t.api<Person>('GET', `${base}/detail/${person.id}`, { token: admin })).body.data;
          const d = await detail();
          const file = (f: unknown) => (f as { id: string } | null)?.id;
          const body = {
            id: d.id,
            version: d.version,
            realName: d.realName,
            certType: d.certType ?? undefined,
            certNo: d.certNo ?? undefined,
            certExpiry: d.certExpiry ?? undefined,
            certFileId: file(d.certFile),
            photoFileId: file(d.photoFile) ?? (await uploadPng(t, admin)),
          };
          return {
            user: 'admin',
            input: (i) => ({ ...body, position: `岗位${i}` }),
            read: async () => {
              const now = await detail();
              return { version: now.version, mark: now.position };
            },
            mark: (i) => `岗位${i}`,
          };
        },
      ]),
    ),
    'inspectionReportCalls.update': async () => {
      const r = await inspectionReport();
      return {
        user: 'jy_inspector1',
        input: (i) => ({ id: r.id, version: r.version, remark: `第${i}位备注` }),
        read: reportRead(r.id, 'remark'),
        mark: (i) => `第${i}位备注`,
        conflict: REPORT_MOVED,
      };
    },
    'inspectionReportCalls.remarkPdf': async () => {
      const r = await inspectionReport();
      return {
        user: 'jy_inspector1',
        input: (i) => ({ id: r.id, version: r.version, remark: `第${i}位报告备注` }),
        read: reportRead(r.id, 'pdf_remark'),
        mark: (i) => `第${i}位报告备注`,
        conflict: REPORT_MOVED,
      };
    },
    'inspectionReportCalls.putDetectionPlan': async () => {
      const r = await inspectionReport();
      const inspector = await one<{ id: number }>(
        `select id from inspection_inspector where user_id = (select id from sys_user where username = 'jy_inspector1')`,
      );
      const equipment = await instrument();
      return {
        user: 'jy_admin1',
        input: (i) => ({
          id: r.id,
          version: r.version,
          plannedDate: formatDate(new Date(Date.now() + (i + 1) * 86_400_000)),
          inspectorIds: [inspector.id],
          instrumentIds: [equipment],
        }),
        read: reportRead(r.id),
        conflict: REPORT_MOVED,
      };
    },
    'inspectionReportCalls.signature': async () => {
      const r = await inspectionReport();
      await query(
        `update inspection_report set instrument_ids = array[${await instrument()}] where id = ${r.id}`,
      );
      const itemId = await firstItemOf(
        query,
        (await one<{ id: number }>(`select ${jy1} as id`)).id,
        r.elevatorId,
      );
      await query(`insert into inspection_result (report_id, item_id, code, category, name, result)
        select ${r.id}, id, code, category, name, '符合' from inspection_item where id = ${itemId}`);
      return {
        user: 'jy_inspector1',
        input: () => ({ id: r.id, version: r.version }),
        read: reportRead(r.id),
        conflict: REPORT_MOVED,
      };
    },
    'inspectionReportCalls.pushReport': async () => {
      const r = await inspectionReport('signed');
      await query(`update inspection_report set signed = true where id = ${r.id}`);
      return {
        user: 'jy_admin1',
        input: () => ({ id: r.id, version: r.version }),
        read: reportRead(r.id),
        conflict: REPORT_MOVED,
      };
    },
    'inspectionResultCalls.updateResult': async () => {
      const r = await inspectionReport();
      const itemId = await firstItemOf(
        query,
        (await one<{ id: number }>(`select ${jy1} as id`)).id,
        r.elevatorId,
      );
      await query(`insert into inspection_result (report_id, item_id, code, category, name)
        select ${r.id}, id, code, category, name from inspection_item where id = ${itemId}`);
      return {
        user: 'jy_inspector1',
        input: (i) => ({
          reportId: r.id,
          version: r.version,
          results: [{ itemId, result: '符合', remark: `第${i}位` }],
        }),
        read: reportRead(r.id),
        conflict: REPORT_MOVED,
      };
    },
    'inspectionOrderCalls.update': async () => {
      const o = await inspectionOrder('returned');
      return {
        user: 'sy_admin1',
        input: (i) => ({ id: o.id, version: o.version, remark: `第${i}位补充` }),
        read: () => one(`select version, apply_remark as mark from inspection_order where id = ${o.id}`),
        mark: (i) => `第${i}位补充`,
        conflict: ORDER_MOVED,
      };
    },
    'inspectionOrderCalls.apply': async () => {
      const o = await inspectionOrder('returned');
      const sy = await token('sy_admin1');
      const attachments = {
        applicationForm: [await uploadPng(t, sy)],
        maintenanceContract: [await uploadPng(t, sy)],
        selfCheckReport: [await uploadPng(t, sy)],
      };
      return {
        user: 'sy_admin1',
        input: () => ({
          id: o.id,
          version: o.version,
          elevatorId: o.elevatorId,
          orgId: o.orgId,
          attachments,
        }),
        read: orderVersion(o.id),
        conflict: ORDER_MOVED,
      };
    },
    'inspectionOrderCalls.cancelBind': orderMove('applied', 'sy_admin1', { reason: '改期申请' }),
    'inspectionOrderCalls.acceptance': orderMove('applied', 'jy_admin1'),
    'inspectionOrderCalls.sendBack': orderMove('applied', 'jy_admin1', { reason: '材料不全' }),
    'inspectionOrderCalls.close': orderMove('accepted', 'jy_admin1', { reason: '不再检验' }),
    'inspectionOrderCalls.quotedPrice': orderMove('accepted', 'jy_admin1'),
    'inspectionOrderCalls.signChargeNotice': orderMove('quoted', 'jy_admin1'),
    'inspectionOrderCalls.distribution': async () => {
      const o = await inspectionOrder('noticed');
      const inspector = await one<{ id: number }>(
        `select id from inspection_inspector where org_id = ${jy1} and user_id is not null and audit_state = 3
          and deleted_at is null and valid_until > current_date + 30 order by id limit 1`,
      );
      return {
        user: 'jy_admin1',
        input: () => ({
          id: o.id,
          version: o.version,
          inspectorId: inspector.id,
          plannedDate: formatDate(new Date()),
        }),
        read: orderVersion(o.id),
        conflict: ORDER_MOVED,
      };
    },
    'chargeNoticeCalls.add': async () => {
      const o = await quotedOrder();
      const signed = await send<{ version: number }>('jy_admin1', 'inspectionOrderCalls.signChargeNotice', {
        id: o.id,
        version: o.version,
      });
      expect(signed.status, signed.body.resultMsg).toBe(200);
      const notice = () =>
        one<{ version: number }>(`select version from inspection_charge_notice where order_id = ${o.id}`);
      const { version } = await notice();
      return {
        user: 'jy_admin1',
        input: () => ({ orderId: o.id, version, payState: 'paid' }),
        read: notice,
        conflict: /^该收费通知单已登记为「已缴费」，不能重复登记$/,
      };
    },
    'claimCalls.auditPass': pendingCase('elevator-claim'),
    'claimCalls.auditReject': pendingCase('elevator-claim'),
    'maintenanceUnitCalls.auditPass': pendingCase('maintenance-unit'),
    'maintenanceUnitCalls.auditReject': pendingCase('maintenance-unit'),
    'buildingCompanyAuditCalls.auditPass': pendingCase('building-company'),
    'buildingCompanyAuditCalls.auditReject': pendingCase('building-company'),
    'buildingCompanyCalls.auditCompany': pendingCase('building-company', 'admin', { pass: true }),
    'buildingUserAuditCalls.auditPass': pendingCase('building-company-user'),
    'buildingUserAuditCalls.auditReject': pendingCase('building-company-user'),
    // The small demo's one filing case is wb_staff1's: rejected, then passed (filed again for the
    // work, rescue and leave probes after).
    'maintenanceUserCalls.auditReject': pendingCase('maintenance-user'),
    'maintenanceUserCalls.auditPass': pendingCase('maintenance-user'),
    'contractAuditCalls.auditPass': pendingCase('maintenance-contract'),
    'contractAuditCalls.auditReject': pendingCase('maintenance-contract'),
    'inspectionOrgCalls.auditPass': pendingCase('inspection-org'),
    'inspectionOrgCalls.auditReject': pendingCase('inspection-org'),
    'inspectorCalls.auditPass': pendingCase('inspection-inspector', 'jy_admin1', {}, `company_id = ${jy1}`),
    'inspectorCalls.auditReject': pendingCase('inspection-inspector', 'jy_admin1', {}, `company_id = ${jy1}`),
    'departmentCalls.update': rowProbe('departmentCalls.update', {
      user: 'jy_admin1',
      table: 'inspection_department',
      where: `org_id = ${jy1}`,
      mark: 'description',
    }),
    'inspectorCalls.update': rowProbe('inspectorCalls.update', {
      user: 'jy_admin1',
      table: 'inspection_inspector',
      where: `org_id = ${jy1} and deleted_at is null`,
      mark: 'remark',
      // Stored sealed; the form leaves it out to keep it.
      omit: ['idNumber'],
    }),
    'equipmentCalls.update': rowProbe('equipmentCalls.update', {
      user: 'jy_admin1',
      table: 'inspection_equipment',
      where: `org_id = ${jy1}`,
      mark: 'note',
    }),
    'sealCalls.update': rowProbe('sealCalls.update', {
      user: 'jy_admin1',
      table: 'inspection_seal',
      where: `org_id = ${jy1}`,
      mark: 'note',
    }),
    'inspectionItemCalls.update': rowProbe('inspectionItemCalls.update', {
      user: 'jy_admin1',
      table: 'inspection_item',
      where: `org_id = ${jy1}`,
      mark: 'content',
    }),
    'costCalls.update': rowProbe('costCalls.update', {
      user: 'jy_admin1',
      table: 'inspection_cost',
      where: `org_id = ${jy1}`,
      mark: 'note',
    }),
    'technicalParamCalls.update': rowProbe('technicalParamCalls.update', {
      user: 'jy_admin1',
      table: 'inspection_tech_param',
      where: `org_id = ${jy1}`,
      mark: 'stops',
      value: (i) => i + 2,
    }),
    'inspectionOrgCalls.updateInspection': async () => {
      const org = await one<{ id: number; version: number }>(
        `select enterprise_id as id, version from inspection_org_profile where enterprise_id = ${jy1}`,
      );
      return {
        user: 'jy_admin1',
        input: (i) => ({
          id: org.id,
          version: org.version,
          address: `南宁市青秀区第${i}号`,
          contactName: '韦工',
          contactPhone: '13977100001',
        }),
        read: () =>
          one(`select p.version, e.address as mark from inspection_org_profile p join enterprise e
            on e.id = p.enterprise_id where e.id = ${org.id}`),
        mark: (i) => `南宁市青秀区第${i}号`,
      };
    },
    'iotDeviceCalls.update': rowProbe('iotDeviceCalls.update', {
      user: 'iot_admin1',
      table: 'iot_device',
      where: `merchant_id = ${orgOf('iot_admin1')}`,
      mark: 'remark',
    }),
    'patrolContentCalls.save': rowProbe('patrolContentCalls.save', {
      user: 'jg_qingxiu',
      table: 'patrol_content',
      where: 'true',
      mark: 'requirement',
      conflict: STALE_CASE,
    }),
    'patrolTemplateCalls.save': rowProbe('patrolTemplateCalls.save', {
      user: 'jg_qingxiu',
      table: 'patrol_template',
      where: 'true',
      mark: 'remark',
      conflict: STALE_CASE,
      extra: async (row) => ({
        contentIds: (
          await query<{ contentId: number }>(
            `select content_id as "contentId" from patrol_template_item where template_id = ${row.id} order by seq`,
          )
        ).map((r) => r.contentId),
      }),
    }),
    'patrolTaskCalls.save': rowProbe('patrolTaskCalls.save', {
      user: 'jg_qingxiu',
      table: 'patrol_task',
      where: `state = 'pending' and area_code = '450103' order by id desc`,
      mark: 'remark',
      conflict: STALE_CASE,
      extra: async (row) => ({
        targetIds: (
          await query<{ id: number }>(
            `select coalesce(elevator_id, unit_id) as id from patrol_target where task_id = ${row.id} order by seq`,
          )
        ).map((r) => r.id),
        assigneeIds: (
          await query<{ id: number }>(
            `select user_id as id from patrol_task_assignee where task_id = ${row.id}`,
          )
        ).map((r) => r.id),
      }),
    }),
    'patrolTaskCalls.cancel': rowProbe('patrolTaskCalls.cancel', {
      user: 'jg_qingxiu',
      table: 'patrol_task',
      where: `state = 'pending' and area_code = '450103' order by id`,
      mark: 'reason',
      column: 'cancel_reason',
      // The first cancel moved it: the others are told its state.
      conflict: /该巡检任务当前状态为「已取消」，不能取消/,
    }),
    'patrolNoticeCalls.answer': async () => {
      const n = await one<{ id: number; version: number; username: string }>(
        `select n.id, n.version, u.username from patrol_notice n join sys_user u on u.company_id = n.recipient_company_id
          where n.state = 'open' and u.username in ('sy_admin1', 'wb_admin1', 'sy_admin2', 'wb_admin2')
          order by n.id limit 1`,
      );
      return {
        user: n.username,
        input: (i) => ({ id: n.id, version: n.version, text: `第${i}位整改` }),
        read: () => one(`select version, answer_text as mark from patrol_notice where id = ${n.id}`),
        mark: (i) => `第${i}位整改`,
        conflict: /该整改通知当前状态为「待复核」，不能回复/,
      };
    },
  };

  /** An inspector's account asks to join jy1 (企业绑定): a case the platform decides. */
  const inspectorJoins: Probe = async () => {
    const account = await registerAndLogin(t, 'inspection');
    const org = await one<{ creditCode: string; name: string }>(
      `select credit_code as "creditCode", name from enterprise where id = ${jy1}`,
    );
    const bound = await t.api('POST', '/pc/filing/bindCompany', {
      token: account.token,
      body: { ...org, idNumber: newIdNumber() },
    });
    expect(bound.status, bound.body.resultMsg).toBe(200);
    return pendingCase('inspection-org-user', 'admin', {}, `subject_id = '${account.userId}'`)(t);
  };
  Object.assign(probes, {
    'inspectionOrgCalls.userAuditPass': inspectorJoins,
    'inspectionOrgCalls.userAuditReject': inspectorJoins,
  });

  // Modules other helpers own (maintenance, rescue): probed here, fixed there.
  Object.assign(probes, {
    'maintenanceContentCalls.update': rowProbe('maintenanceContentCalls.update', {
      user: 'admin',
      table: 'maintenance_content',
      where: 'true order by id',
      mark: 'remark',
      conflict: STALE_CASE,
    }),
    'maintenanceItemCalls.update': rowProbe('maintenanceItemCalls.update', {
      user: 'admin',
      table: 'maintenance_content_item',
      where: 'true order by id',
      mark: 'requirement',
      conflict: STALE_CASE,
    }),
    'rescueUnitCalls.staffSave': rowProbe('rescueUnitCalls.staffSave', {
      user: 'admin',
      table: 'rescue_staff',
      where: 'true order by id',
      mark: 'position',
    }),
    'rescueUnitCalls.gridSave': rowProbe('rescueUnitCalls.gridSave', {
      user: 'admin',
      table: 'rescue_grid',
      where: 'true order by id',
      mark: 'remark',
    }),
  } satisfies Record<string, Probe>);

  /** A patrol task of jg_qingxiu's on sy_admin1's first lift in 青秀, its items `result` (pass/fail). */
  const patrolTask = async (result: 'pass' | 'fail') => {
    const regulator = await one<{ id: number; company: number }>(
      `select r.id, u.company_id as company from sys_user r, sys_user u
        where r.username = 'jg_qingxiu' and u.username = 'sy_admin1'`,
    );
    const lift = await one<{ id: number }>(
      `select id from elevator where use_company_id = ${regulator.company} and area_code = '450103' order by id limit 1`,
    );
    const template = await one<{ id: number }>(
      `select id from patrol_template where target_kind = 'lift' order by id limit 1`,
    );
    const today = formatDate(new Date());
    const made = await send<{
      id: number;
      targets: { id: number }[];
      items: { contentId: number }[];
    }>('jg_qingxiu', 'patrolTaskCalls.save', {
      name: '版本竞争',
      areaCode: '450103',
      templateId: template.id,
      targetIds: [lift.id],
      assigneeIds: [regulator.id],
      planStart: today,
      planEnd: formatDate(new Date(Date.now() + 86_400_000)),
    });
    expect(made.status, made.body.resultMsg).toBe(200);
    const task = made.body.data;
    const saved = await send<{ notices: { id: number }[] }>('jg_qingxiu', 'patrolTaskCalls.saveResult', {
      taskId: task.id,
      targetId: task.targets[0].id,
      results: task.items.map((i) => ({
        contentId: i.contentId,
        result,
        remark: result === 'fail' ? '待整改' : undefined,
      })),
    });
    expect(saved.status, saved.body.resultMsg).toBe(200);
    return { id: task.id, notices: saved.body.data.notices };
  };
  /** A notice of a failed patrol item, answered by sy_admin1 (待复核). */
  const answeredNotice = async () => {
    const { notices } = await patrolTask('fail');
    const id = notices[0].id;
    const answered = await send('sy_admin1', 'patrolNoticeCalls.answer', {
      id,
      version: (await noticeRead(id)()).version,
      text: '已整改',
    });
    expect(answered.status, answered.body.resultMsg).toBe(200);
    return { id, version: (await noticeRead(id)()).version };
  };
  const noticeRead = (id: number) => () =>
    one<{ version: number; mark: unknown }>(
      `select version, state as mark from patrol_notice where id = ${id}`,
    );
  /** The patrol moves' 409s: the stale version, or the state the first move left. */
  const PATROL_MOVED = /已被他人处理或状态已变化.*请刷新后重试|当前状态为「.+」，不能/;
  Object.assign(probes, {
    'patrolTaskCalls.complete': async () => {
      const task = await patrolTask('pass');
      const read = () =>
        one<{ version: number; mark: unknown }>(
          `select version, state as mark from patrol_task where id = ${task.id}`,
        );
      const { version } = await read();
      return {
        user: 'jg_qingxiu',
        input: () => ({ id: task.id, version }),
        read,
        mark: () => 'done',
        conflict: PATROL_MOVED,
      };
    },
    'patrolNoticeCalls.close': async () => {
      const n = await answeredNotice();
      return {
        user: 'jg_qingxiu',
        input: (i) => ({ id: n.id, version: n.version, remark: `第${i}位销号` }),
        read: noticeRead(n.id),
        mark: () => 'closed',
        conflict: PATROL_MOVED,
      };
    },
    'patrolNoticeCalls.reopen': async () => {
      const n = await answeredNotice();
      return {
        user: 'jg_qingxiu',
        input: (i) => ({ id: n.id, version: n.version, reason: `第${i}位退回` }),
        read: noticeRead(n.id),
        mark: () => 'open',
        conflict: PATROL_MOVED,
      };
    },
  } satisfies Record<string, Probe>);

  // Modules other helpers own (ad, rescue, maintenance): probed here, fixed there.
  const gg = orgOf('gg_admin1');
  Object.assign(probes, {
    'adCustomCalls.update': rowProbe('adCustomCalls.update', {
      user: 'gg_admin1',
      table: 'ad_custom',
      where: `company_id = ${gg} order by id`,
      mark: 'remark',
      omit: ['contactPhone'],
    }),
    'adPointCalls.updatePoint': rowProbe('adPointCalls.updatePoint', {
      user: 'gg_admin1',
      table: 'ad_point',
      where: `company_id = ${gg} order by id`,
      mark: 'remark',
      omit: ['state'],
    }),
    'adUserCalls.updateXcxUser': rowProbe('adUserCalls.updateXcxUser', {
      user: 'gg_admin1',
      table: 'ad_wx_user',
      where: `operator_id = ${gg} order by id`,
      mark: 'remark',
      conflict: STALE_CASE,
    }),
    'adIntentionCalls.save': rowProbe('adIntentionCalls.save', {
      user: 'gg_admin1',
      table: 'ad_intention',
      where: `company_id = ${gg} and status = 1 order by id`,
      mark: 'followNote',
      column: 'follow_note',
      conflict: STALE_CASE,
    }),
    'gxgdOrderCalls.save': rowProbe('gxgdOrderCalls.save', {
      user: 'gg_admin1',
      table: 'ad_intention',
      where: `company_id = ${gg} and status = 1 order by id desc`,
      mark: 'demand',
      omit: ['contactPhone'],
      conflict: /意向单已被他人修改或已受理，请刷新后重试/,
    }),
    'adIntentionCalls.accepted': rowProbe('adIntentionCalls.accepted', {
      user: 'gg_admin1',
      table: 'ad_intention',
      where: `company_id = ${gg} and status = 1 order by id`,
      mark: 'followNote',
      column: 'follow_note',
      conflict: /请刷新后重试|当前状态|已受理/,
    }),
    'maintenancePlanCalls.save': rowProbe('maintenancePlanCalls.save', {
      user: 'wb_admin1',
      table: 'maintenance_plan',
      where: `maintenance_company_id = ${orgOf('wb_admin1')} and enabled order by id`,
      mark: 'intervalDays',
      column: 'interval_days',
      value: (i) => 1 + (i % 15),
      extra: (row) => ({ templateId: row.contentId }),
      conflict: /请刷新后重试/,
    }),
    'signingCalls.saves': rowProbe('signingCalls.saves', {
      user: 'admin',
      table: 'signing_record',
      where: 'true order by id',
      mark: 'remark',
      conflict: /请刷新后重试/,
    }),
    'serviceUserCalls.update': async () => {
      const a = await one<Record<string, unknown> & { userId: number; version: number }>(
        `select user_id as "userId", seat_no as "seatNo", extension, version from service_agent order by user_id limit 1`,
      );
      const read = () =>
        one<{ version: number; mark: unknown }>(
          `select version, remark as mark from service_agent where user_id = ${a.userId}`,
        );
      return {
        user: 'admin',
        input: (i) => ({ ...a, remark: `第${i}位` }),
        read,
        mark: (i) => `第${i}位`,
        conflict: /请刷新后重试/,
      };
    },
  } satisfies Record<string, Probe>);

  /** An order of gg_admin1's (its own month in the far future, `points` free points) put in `status`. */
  let adOrders = 0;
  let leased = false;
  const adOrder = async (status: number, points = 1) => {
    const op = await companyOfUser(t, 'gg_admin1');
    if (!leased) await leaseLifts(t, op);
    leased = true;
    adOrders += 1;
    const month = `${2040 + adOrders}-03`;
    const [start, end] = [`${month}-01`, `${month}-28`];
    const pts = await freePoints(t, op, start, end, points + 1);
    const custom = await one<{ id: number }>(
      `select id from ad_custom where company_id = ${op} order by id limit 1`,
    );
    const add = await send<{ id: number }>('gg_admin1', 'adOrderCalls.add', {
      customId: custom.id,
      startDate: start,
      endDate: end,
      pointIds: pts.slice(0, points).map((p) => p.id),
    });
    expect(add.status, add.body.resultMsg).toBe(200);
    const id = add.body.data.id;
    if (status !== AD_ORDER_STATE.draft)
      await query(`update ad_order set status = ${status} where id = ${id}`);
    const read = () =>
      one<{ version: number; mark: unknown }>(
        `select version, remark as mark from ad_order where id = ${id}`,
      );
    return {
      id,
      version: (await read()).version,
      spare: pts[points].id,
      pointIds: pts.map((p) => p.id),
      read,
    };
  };
  /** The orders' 409s: the stale version, or the state the first move left. */
  const AD_MOVED = /已被他人(处理或状态已变化|修改).*请刷新后重试|当前状态为「.+」/;
  const adOrderMove =
    (status: number, extra: Input = {}): Probe =>
    async () => {
      const o = await adOrder(status);
      return {
        user: 'gg_admin1',
        input: () => ({ id: o.id, version: o.version, ...extra }),
        read: o.read,
        conflict: AD_MOVED,
      };
    };
  const S = AD_ORDER_STATE;
  Object.assign(probes, {
    'adOrderCalls.update': async () => {
      const o = await adOrder(S.draft);
      return {
        user: 'gg_admin1',
        input: (i) => ({ id: o.id, version: o.version, remark: `第${i}位` }),
        read: o.read,
        mark: (i) => `第${i}位`,
        conflict: AD_MOVED,
      };
    },
    'adOrderCalls.addUserOrder': async () => {
      const o = await adOrder(S.draft);
      return {
        user: 'gg_admin1',
        input: () => ({ id: o.id, version: o.version, pointIds: [o.spare] }),
        read: o.read,
        conflict: AD_MOVED,
      };
    },
    'adOrderCalls.delUserOrder': async () => {
      const o = await adOrder(S.draft, 2);
      return {
        user: 'gg_admin1',
        input: () => ({ id: o.id, version: o.version, pointIds: [o.pointIds[0]] }),
        read: o.read,
        conflict: AD_MOVED,
      };
    },
    'adOrderCalls.submit': adOrderMove(S.draft),
    'adOrderCalls.confirm': adOrderMove(S.submitted),
    'adOrderCalls.reject': adOrderMove(S.submitted),
    'adOrderCalls.start': adOrderMove(S.confirmed),
    'adOrderCalls.finish': adOrderMove(S.showing),
    'adOrderCalls.cancel': adOrderMove(S.submitted, { reason: '客户取消' }),
  } satisfies Record<string, Probe>);

  /**
   * A leave request (its company applies; a reviewer's would pass at once) for wb_staff1, the small demo's one worker: rejected first,
   * the pass last of all probes (the worker then leaves its company; nothing after needs it).
   */
  const leaveCase: Probe = async () => {
    const person = await one<{ id: number }>(`select id from sys_user where username = 'wb_staff1'`);
    const applied = await send('wb_admin1', 'maintenanceUserCalls.leave', {
      id: person.id,
      leaveReason: '个人原因',
      leaveDate: formatDate(new Date()),
    });
    expect(applied.status, applied.body.resultMsg).toBe(200);
    return pendingCase('maintenance-user-leave', 'admin', {}, `subject_id = '${person.id}'`)(t);
  };

  /** An order of wb_staff1's signed in and not out, its items answered. */
  const openVisit = async () => {
    const answered = `(select jsonb_agg(i || '{"result": "正常", "value": "5"}'::jsonb order by n)
      from jsonb_array_elements(items) with ordinality as x(i, n))`;
    return one<{ id: number; version: number }>(
      `update maintenance_order set items = ${answered}, version = version + 1
        where id = (select id from maintenance_order where status in (1, 2) and sign_out_at is null
          and sign_in_at is not null and jsonb_array_length(items) > 0
          and (select id from sys_user where username = 'wb_staff1') = any(worker_ids) order by id limit 1)
        returning id, version`,
    );
  };
  const visitRead =
    (id: number, column = 'remark') =>
    () =>
      one<{ version: number; mark: unknown }>(
        `select version, ${column} as mark from maintenance_order where id = ${id}`,
      );
  const WORK_MOVED = /请刷新后重试|签退，不能重复签退|当前状态为「.+」/;
  Object.assign(probes, {
    'maintenanceWorkCalls.saveProgress': async () => {
      const o = await openVisit();
      return {
        user: 'wb_staff1',
        input: (i) => ({ id: o.id, version: o.version, remark: `第${i}位` }),
        read: visitRead(o.id),
        mark: (i) => `第${i}位`,
        conflict: STALE_CASE,
      };
    },
    'maintenanceWorkCalls.signOut': async () => {
      const o = await openVisit();
      return {
        user: 'wb_staff1',
        input: (i) => ({ id: o.id, version: o.version, latitude: 22.8 + i / 100_000, longitude: 108.3 }),
        read: visitRead(o.id, 'sign_out_lat'),
        mark: (i) => 22.8 + i / 100_000,
        conflict: WORK_MOVED,
      };
    },
    'maintenanceWorkCalls.submit': async () => {
      const o = await openVisit();
      await query(`update maintenance_order set sign_out_at = now(), sign_out_lat = 22.8, sign_out_lng = 108.3,
        status = 2, version = version + 1 where id = ${o.id}`);
      const { version } = await visitRead(o.id)();
      const signature = await uploadPng(t, await token('wb_staff1'));
      return {
        user: 'wb_staff1',
        input: () => ({ id: o.id, version, signatureFileId: signature }),
        read: visitRead(o.id, 'status'),
        conflict: WORK_MOVED,
      };
    },
  } satisfies Record<string, Probe>);

  /** A rescue case of a lift of wb_admin1's with no open case, saved by kf_agent1. */
  let rescueSkip = 0;
  const rescueLift = async () =>
    (
      await one<{ id: number }>(
        `select id from elevator where maintenance_company_id = ${orgOf('wb_admin1')}
          and not exists (select 1 from rescue_case c where c.elevator_id = elevator.id and c.status < 6)
          order by id offset ${rescueSkip++} limit 1`,
      )
    ).id;
  const rescueCase = async () => {
    const saved = await send<{ case: { id: number; version: number } }>(
      'kf_agent1',
      'rescueCaseCalls.saveOrder',
      {
        kind: 1,
        elevatorId: await rescueLift(),
        trapped: 1,
      },
    );
    expect(saved.status, saved.body.resultMsg).toBe(200);
    return saved.body.data.case;
  };
  const step = async (user: string, name: string, c: { id: number; version: number }, extra: Input = {}) => {
    const res = await send<{ id: number; version: number }>(user, name, {
      id: c.id,
      version: c.version,
      ...extra,
    });
    expect(res.status, `${name}: ${res.body.resultMsg}`).toBe(200);
    return res.body.data;
  };
  const caseRead = (id: number) => () =>
    one<{ version: number; mark: unknown }>(
      `select version, status as mark from rescue_case where id = ${id}`,
    );
  const RESCUE_MOVED = /请刷新后重试|当前状态为「.+」|已.+，不能/;
  const repair = async () => {
    const hitch = (await send<{ value: string }[]>('admin', 'repairCalls.hitchTypeList', {})).body.data[0]
      .value;
    const saved = await send<{ id: number; version: number }>('admin', 'repairCalls.save', {
      elevatorId: await rescueLift(),
      hitchType: hitch,
      description: '版本竞争',
    });
    expect(saved.status, saved.body.resultMsg).toBe(200);
    return saved.body.data;
  };
  const repairRead = (id: number) => () =>
    one<{ version: number; mark: unknown }>(
      `select version, status as mark from repair_order where id = ${id}`,
    );
  Object.assign(probes, {
    'rescueCaseCalls.locate': async () => {
      const c = await rescueCase();
      const lift = await rescueLift();
      return {
        user: 'kf_agent1',
        input: (i) => ({ id: c.id, version: c.version, elevatorId: lift, trapped: 1 + (i % 5) }),
        read: () =>
          one<{ version: number; mark: unknown }>(
            `select version, trapped as mark from rescue_case where id = ${c.id}`,
          ),
        mark: (i) => 1 + (i % 5),
        conflict: RESCUE_MOVED,
      };
    },
    'rescueCaseCalls.fireBrigade': async () => {
      const c = await rescueCase();
      return {
        user: 'kf_agent1',
        input: (i) => ({ id: c.id, version: c.version, note: `第${i}位` }),
        read: caseRead(c.id),
        conflict: RESCUE_MOVED,
      };
    },
    'rescueCaseCalls.free': async () => {
      const c = await rescueCase();
      const d = await step('kf_agent1', 'rescueCaseCalls.dispatch', c, { level: 1 });
      const a = await step('wb_staff1', 'rescueCaseCalls.accept', d);
      const r = await step('wb_staff1', 'rescueCaseCalls.arrive', a);
      return {
        user: 'wb_staff1',
        input: (i) => ({ id: r.id, version: r.version, freed: 1, note: `第${i}位` }),
        read: caseRead(c.id),
        conflict: RESCUE_MOVED,
      };
    },
    'repairCalls.accept': async () => {
      const r = await repair();
      return {
        user: 'admin',
        input: () => ({ id: r.id, version: r.version }),
        read: repairRead(r.id),
        conflict: RESCUE_MOVED,
      };
    },
    'repairCalls.finish': async () => {
      const r = await step('admin', 'repairCalls.accept', await repair());
      return {
        user: 'admin',
        input: (i) => ({ id: r.id, version: r.version, result: `第${i}位处理` }),
        read: repairRead(r.id),
        conflict: RESCUE_MOVED,
      };
    },
  } satisfies Record<string, Probe>);

  Object.assign(probes, {
    'adSettlementCalls.approve': async () => {
      // A month of its own, far ahead, waiting for approval (待审核).
      const r = await one<{ id: number; version: number }>(
        `insert into ad_settlement (operator_id, use_company_id, month, point_count, paid_days, revenue, share, amount, status)
          select p.company_id, p.use_company_id, '2039-01', 1, 28, 100, 30, 30, 1 from ad_point p
          where p.company_id = ${gg} order by p.id limit 1
          returning id, version`,
      );
      return {
        user: 'gg_admin1',
        input: () => ({ id: r.id, version: r.version }),
        read: () =>
          one<{ version: number; mark: unknown }>(
            `select version, status as mark from ad_settlement where id = ${r.id}`,
          ),
        mark: () => 2,
        conflict: AD_MOVED,
      };
    },
    'adTaskCalls.resetTask': async () => {
      // A task of gg_admin1's whose point has no other open task, made 已完成.
      const task = await one<{ id: number; version: number }>(
        `update ad_task set status = 3, version = version + 1 where id = (select t.id from ad_task t
          where t.operator_id = ${gg} and not exists (select 1 from ad_task o where o.point_id = t.point_id
            and o.id <> t.id and o.status in (1, 2, 4)) order by (t.status = 3) desc, t.id limit 1)
          returning id, version`,
      );
      return {
        user: 'gg_admin1',
        input: () => ({ id: task.id, version: task.version }),
        read: () =>
          one<{ version: number; mark: unknown }>(
            `select version, status as mark from ad_task where id = ${task.id}`,
          ),
        mark: () => 1,
        conflict: AD_MOVED,
      };
    },
  } satisfies Record<string, Probe>);

  // Last: the leave pass ends wb_staff1's employment.
  Object.assign(probes, {
    'maintenanceUserCalls.leaveAuditReject': leaveCase,
    'maintenanceUserCalls.leaveAuditPass': leaveCase,
  });

  /** Calls a file of their own races with 50 writers of one version (checked below). */
  const racedElsewhere: Record<string, string> = {
    'elevatorCalls.update': 'test/concurrency.test.ts',
    'elevatorCalls.saveedit': 'test/concurrency.test.ts',
    'maintenanceUnitCalls.update': 'test/concurrency.test.ts',
    'buildingCompanyCalls.update': 'test/concurrency.test.ts',
    'inspectionOrgCalls.updateAudit': 'test/concurrency.test.ts',
    'contractCalls.update': 'test/concurrency.test.ts',
    'communityCalls.save': 'test/concurrency.test.ts',
    'maintenanceOrderCalls.confirm': 'test/maintenance-races.test.ts',
    'maintenanceWorkCalls.signIn': 'test/maintenance-races.test.ts',
    'rescueCaseCalls.dispatch': 'test/rescue-races.test.ts',
    'rescueCaseCalls.accept': 'test/rescue-races.test.ts',
    'rescueCaseCalls.arrive': 'test/rescue-races.test.ts',
    'rescueCaseCalls.close': 'test/rescue-races.test.ts',
    'rescueUnitCalls.teamSave': 'test/rescue-units-races.test.ts',
    'adTaskCalls.submitLog': 'test/ad-tasks-races.test.ts',
    'adTaskCalls.updateStatus': 'test/ad-tasks-races.test.ts',
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  it('every versioned call has a probe here or a verified 50-writer race elsewhere', () => {
    expect(versioned.length).toBeGreaterThan(90);
    const names = new Set(versioned.map(([name]) => name));
    // No probe or entry for a call that no longer carries a version.
    expect([...Object.keys(probes), ...Object.keys(racedElsewhere)].filter((n) => !names.has(n))).toEqual([]);
    const unverified: string[] = [];
    for (const [name, file] of Object.entries(racedElsewhere)) {
      const call = namedCalls.get(name)!;
      const [group, key] = name.split('.');
      const text = fs.readFileSync(path.join(import.meta.dirname, '..', file), 'utf8');
      // The call: its path, or its group imported and the call named.
      const named =
        text.includes(`'${call.path}'`) ||
        (text.includes(group) && new RegExp(`(\\.${key}\\b|'${key}')`).test(text));
      // 50 writers at once, holding a version.
      const races =
        /\bWRITERS = 50\b|length: 50\b|\bN = 50\b/.test(text) &&
        text.includes('Promise.all') &&
        /\bversion\b/.test(text);
      if (!named || !races)
        unverified.push(
          `${name} → ${file}${named ? '' : ' (call not named)'}${races ? '' : ' (no 50-writer race)'}`,
        );
    }
    expect(unverified, 'racedElsewhere entries whose file does not race the call').toEqual([]);
    const missing = versioned
      .map(([name, call]) => `${name} ${call.method} ${call.path}`)
      .filter((line) => {
        const name = line.split(' ')[0];
        return !(name in probes) && !(name in racedElsewhere);
      });
    expect(missing, 'versioned calls with no race').toEqual([]);
  });

  it.each(Object.keys(probes))('%s: one of the writers of one version wins', async (name) => {
    await race(name, probes[name]);
  });
});
