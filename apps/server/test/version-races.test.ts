import fs from 'node:fs';
import path from 'node:path';
import * as contract from '@ec/contract';
import { type Call, fillPath, formatDate } from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db/sql.ts';
import { type ApiResult, dbKinds, startTestApp, type TestApp } from './harness.ts';
import { uploadPng } from './parties-support.ts';

/**
 * Every call whose request carries a row `version` (an optimistic save or a move of a record's
 * state), raced by 50 writers that all hold the same version: exactly one 200, the 49 others 409
 * with the Chinese message of a stale version, and the record shows the winner's change with its
 * version raised by one. PGlite runs the writers one at a time; PostgreSQL truly at once.
 *
 * The calls are read from the contract (each exported `…Calls` group, the request schema's shape),
 * not listed here: a versioned call added later has no probe and fails the sweep until it gets one
 * here, or a `racedElsewhere` entry naming a file that races it with 50 writers.
 */
const WRITERS = 50;
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

describe.each(dbKinds)('versioned calls under %s, raced by 50 writers of one version', (kind) => {
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

  const probes: Record<string, Probe> = {
    'claimCalls.auditPass': pendingCase('elevator-claim'),
    'claimCalls.auditReject': pendingCase('elevator-claim'),
    'maintenanceUnitCalls.auditPass': pendingCase('maintenance-unit'),
    'maintenanceUnitCalls.auditReject': pendingCase('maintenance-unit'),
    'buildingCompanyAuditCalls.auditPass': pendingCase('building-company'),
    'buildingCompanyAuditCalls.auditReject': pendingCase('building-company'),
    'buildingCompanyCalls.auditCompany': pendingCase('building-company', 'admin', { pass: true }),
    'buildingUserAuditCalls.auditPass': pendingCase('building-company-user'),
    'buildingUserAuditCalls.auditReject': pendingCase('building-company-user'),
    'maintenanceUserCalls.auditPass': pendingCase('maintenance-user'),
    'maintenanceUserCalls.auditReject': pendingCase('maintenance-user'),
    'maintenanceUserCalls.leaveAuditPass': pendingCase('maintenance-user-leave'),
    'maintenanceUserCalls.leaveAuditReject': pendingCase('maintenance-user-leave'),
    'contractAuditCalls.auditPass': pendingCase('maintenance-contract'),
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
  };

  /** Calls a file of their own races with 50 writers of one version (checked below). */
  const racedElsewhere: Record<string, string> = {
    'elevatorCalls.update': 'test/concurrency.test.ts',
    'elevatorCalls.saveedit': 'test/concurrency.test.ts',
    'maintenanceUnitCalls.update': 'test/concurrency.test.ts',
    'buildingCompanyCalls.update': 'test/concurrency.test.ts',
    'inspectionOrgCalls.updateAudit': 'test/concurrency.test.ts',
    'contractCalls.update': 'test/concurrency.test.ts',
    'communityCalls.save': 'test/concurrency.test.ts',
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
      const races = /\bWRITERS\b|length: 50\b|\bN = 50\b/.test(text) && text.includes('Promise.all');
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

  it.each(Object.keys(probes))('%s: one of 50 writers of one version wins', async (name) => {
    await race(name, probes[name]);
  });
});
