import { allCalls, type Call, isWrite, maskIdNumber, maskPhone } from '@ec/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffProfile, useUnitProfile } from '../src/modules/parties/tables.ts';
import { enterprise, operationLog, sysOffice, sysUser } from '../src/platform/db/tables.ts';
import { apiHelpers, dbKinds, startTestApp, type TestApp } from './harness.ts';
import { waitForLog } from './system-support.ts';

/**
 * One masking policy (issue 11, items 4 and 25): every call that returns a person's or a company's
 * phone or ID number shows it in full only to the person themself, or for a company's contact
 * numbers to that company's own accounts. Everyone else, the administrator included, sees masks;
 * the full number takes the explicit, logged reveal call.
 */

const SENSITIVE_KEY = /phone|mobile|idnumber|idcard|telephone/i;

/** Whether a zod schema holds a field named like a phone or an ID number, at any depth. */
function holdsNumbers(schema: unknown, seen = new Set<unknown>()): boolean {
  if (!schema || seen.has(schema)) return false;
  seen.add(schema);
  // biome-ignore lint/suspicious/noExplicitAny: walking zod's internal definition
  const d = (schema as any)._zod?.def;
  if (!d) return false;
  switch (d.type) {
    case 'object':
      return Object.entries(d.shape).some(([k, v]) => SENSITIVE_KEY.test(k) || holdsNumbers(v, seen));
    case 'array':
      return holdsNumbers(d.element, seen);
    case 'nullable':
    case 'optional':
    case 'default':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
    case 'prefault':
      return holdsNumbers(d.innerType, seen);
    case 'pipe':
      return holdsNumbers(d.in, seen) || holdsNumbers(d.out, seen);
    case 'lazy':
      return holdsNumbers(d.getter(), seen);
    case 'union':
      return d.options.some((o: unknown) => holdsNumbers(o, seen));
    case 'intersection':
      return holdsNumbers(d.left, seen) || holdsNumbers(d.right, seen);
    case 'record':
      return holdsNumbers(d.valueType, seen);
    default:
      return false;
  }
}

/** The top-level field names of a call's input (path parameters included). */
/** The input object's shape (zod's internal definition walked past its wrappers). */
function inputShape(call: Call): Record<string, { safeParse: (v: unknown) => { success: boolean } }> {
  // biome-ignore lint/suspicious/noExplicitAny: walking zod's internal definition
  let d = (call.input as any)?._zod?.def;
  while (d && d.type !== 'object') d = (d.in ?? d.innerType)?._zod?.def;
  return d ? d.shape : {};
}

function inputKeys(call: Call): string[] {
  const keys = Object.keys(inputShape(call));
  for (const m of call.path.matchAll(/\{(\w+)\}/g)) if (!keys.includes(m[1])) keys.push(m[1]);
  return keys;
}

const VIEWERS = [
  'admin',
  'jg_qingxiu',
  'wb_admin1',
  'wb_staff1',
  'sy_admin1',
  'aq_officer1',
  'kf_agent1',
  'jy_admin1',
];
const LANDLINE = '0771-5100000';

describe.each(dbKinds)('one masking policy for phones and ID numbers on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const reads = allCalls.filter((c) => holdsNumbers(c.output) && !isWrite(c) && c.result !== 'file');

  const { send } = apiHelpers(() => t, tokens);

  /** Every stored phone and ID number, and which of them a viewer may see in full. */
  async function numbers() {
    const db = t.platform.db;
    const users = await db
      .select({
        id: sysUser.id,
        username: sysUser.username,
        phone: sysUser.phone,
        idNumber: sysUser.idNumber,
        companyId: sysUser.companyId,
        officeId: sysUser.officeId,
      })
      .from(sysUser);
    const staff = await db
      .select({ userId: staffProfile.userId, idNumber: staffProfile.idNumber })
      .from(staffProfile);
    const companies = await db
      .select({ id: enterprise.id, phone: enterprise.contactPhone })
      .from(enterprise)
      .where(isNotNull(enterprise.contactPhone));
    const directors = await db
      .select({ id: useUnitProfile.enterpriseId, phone: useUnitProfile.safetyDirectorPhone })
      .from(useUnitProfile)
      .where(isNotNull(useUnitProfile.safetyDirectorPhone));
    const offices = await db
      .select({ id: sysOffice.id, phone: sysOffice.phone })
      .from(sysOffice)
      .where(isNotNull(sysOffice.phone));
    const all = new Set<string>();
    for (const u of users) for (const v of [u.phone, u.idNumber]) if (v) all.add(v);
    for (const s of staff) all.add(s.idNumber);
    for (const c of [...companies, ...directors, ...offices]) if (c.phone) all.add(c.phone);
    const allowedFor = (username: string) => {
      const me = users.find((u) => u.username === username)!;
      const allowed = new Set<string>();
      for (const v of [me.phone, me.idNumber]) if (v) allowed.add(v);
      for (const s of staff) if (s.userId === me.id) allowed.add(s.idNumber);
      for (const c of [...companies, ...directors])
        if (c.id === me.companyId && c.phone) allowed.add(c.phone);
      for (const o of offices) if (o.id === me.officeId && o.phone) allowed.add(o.phone);
      return allowed;
    };
    return { all, allowedFor, users };
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const u of VIEWERS) tokens[u] = await t.login(u);
    // A department with a landline, and a use unit's landline contact phone.
    const office = await t.api('POST', '/pc/sysOffice/save', {
      token: tokens.admin,
      body: { name: '青秀区市场监督管理局', areaCode: '450103', phone: LANDLINE },
    });
    expect(office.status, office.body.resultMsg).toBe(200);
    const [sy1] = await t.platform.db
      .select({ companyId: sysUser.companyId })
      .from(sysUser)
      .where(eq(sysUser.username, 'sy_admin1'));
    await t.platform.db
      .update(enterprise)
      .set({ contactPhone: '0771-5100001' })
      .where(eq(enterprise.id, sy1.companyId!));
  });
  afterAll(() => t.close());

  it('masks mobiles as 3 + 4 stars + 4, landlines as area code + stars + last four, ID numbers as 6 + stars + 4', () => {
    expect(maskPhone('13807710001')).toBe('138****0001');
    expect(maskPhone(LANDLINE)).toBe('0771-***0000');
    expect(maskPhone('07715100000')).toBe('0771***0000');
    expect(maskPhone('010-12345678')).toBe('010-****5678');
    expect(maskPhone('12345')).toBe('***45');
    expect(maskIdNumber('11010519491231002X')).toBe('110105********002X');
  });

  it('lists every read call that returns phone or ID number fields, so that the sweep covers new ones', () => {
    const paths = reads.map((c) => c.path);
    for (const p of [
      '/pc/sysUser/query',
      '/pc/sysUser/detail/{id}',
      '/pc/sysOffice/tree',
      '/pc/enterprise/detail/{id}',
      '/pc/elevator/queryDetail/buildingCompanyInfo',
      '/pc/elevator/queryDetail/maintenanceInfo',
      '/pc/maintenanceUser/queryList',
      '/pc/maintenanceUser/detail/{id}',
      '/pc/buildingCompany/companyDetail',
    ]) {
      expect(paths).toContain(p);
    }
  });

  it('shows no full phone or ID number to anyone but its holder, in any call, for any demo role', async () => {
    const { all, allowedFor } = await numbers();
    // Ids to try: whatever the lists show the administrator (records of every company).
    const pool = new Map<string, Set<number>>();
    // And the ids each list showed, by the list's resource (the detail calls next to it take them).
    const byResource = new Map<string, Set<number>>();
    const resourceOf = (path: string) => path.split('/').slice(0, 3).join('/');
    const popupTokens = new Set<string>();
    const collect = (value: unknown, key = '', resource = '') => {
      if (Array.isArray(value)) for (const v of value) collect(v, key, resource);
      else if (value && typeof value === 'object') {
        for (const [k, v] of Object.entries(value)) collect(v, k, resource);
      } else if (typeof value === 'string' && key === 'token') {
        // A call record's pop-up token (GET /pc/serviceUser/popup/{token}).
        if (popupTokens.size < 10) popupTokens.add(value);
      } else if (typeof value === 'number' && /^(id|auditId|elevatorId|userId|companyId)$/.test(key)) {
        const set = pool.get(key) ?? new Set<number>();
        if (set.size < 20) set.add(value);
        pool.set(key, set);
        if (key === 'id' || key === 'auditId') {
          const near = byResource.get(resource) ?? new Set<number>();
          if (near.size < 10) near.add(value);
          byResource.set(resource, near);
        }
      }
    };
    for (const user of ['admin', 'jg_qingxiu', 'wb_admin1', 'sy_admin1']) {
      // Every read without a path parameter: the lists (the others answer 400 or 404, ignored).
      for (const call of allCalls) {
        if (call.path.includes('{') || call.result === 'file' || isWrite(call)) continue;
        const res = await send(user, call, { page: 1, limit: 50 });
        if (res.status === 200) collect(res.body.data, '', resourceOf(call.path));
      }
    }
    const ids = (key: string) => [...(pool.get(key) ?? [])];
    const anyId = [...new Set([...ids('id'), ...ids('userId'), ...ids('companyId'), ...ids('auditId')])];

    const inputsFor = (call: Call): Record<string, unknown>[] => {
      const keys = inputKeys(call);
      const needsId = keys.filter((k) =>
        ['id', 'elevatorId', 'auditId', 'companyId', 'orderId', 'userId'].includes(k),
      );
      const base: Record<string, unknown> = { page: 1, limit: 50 };
      // A message type (the notices' `type`), not a lift type (1 直梯, 2 扶梯: left out).
      if (inputShape(call).type?.safeParse('info').success) base.type = 'info';
      if (keys.includes('token')) return [...popupTokens].map((token) => ({ ...base, token }));
      // A search that needs words (the call centre's locate box) is tried with the city's name.
      if (needsId.length === 0)
        return keys.includes('keyword') ? [base, { ...base, keyword: '南宁' }] : [base];
      const key = needsId[0];
      const values =
        key === 'elevatorId'
          ? ids('elevatorId')
          : key === 'auditId'
            ? ids('auditId')
            : [...new Set([...(byResource.get(resourceOf(call.path)) ?? []), ...anyId])];
      // A list filtered by an optional id is also tried without it.
      return [...(call.path.includes('{') ? [] : [base]), ...values.map((v) => ({ ...base, [key]: v }))];
    };

    let masked = 0;
    let answered = 0;
    const answeredCalls = new Set<string>();
    const ownSeen = new Set<string>();
    for (const viewer of VIEWERS) {
      const allowed = allowedFor(viewer);
      for (const call of reads) {
        for (const input of inputsFor(call)) {
          const res = await send(viewer, call, input);
          if (res.status !== 200) continue;
          answered++;
          answeredCalls.add(call.path);
          for (const value of all) {
            if (!res.raw.includes(value)) continue;
            if (allowed.has(value)) ownSeen.add(`${viewer}:${value}`);
            else
              expect.fail(
                `${viewer} saw ${value} in full from ${call.method} ${call.path} ${JSON.stringify(input)}`,
              );
          }
          masked += (res.raw.match(/\d\*{3,}\d/g) ?? []).length;
        }
      }
    }
    // Every call answered someone, but a detail whose list holds nothing in the test's demo data.
    for (const c of reads.filter((r) => !answeredCalls.has(r.path))) {
      expect(
        c.path.includes('{') && !byResource.get(resourceOf(c.path))?.size,
        `${c.path} never answered`,
      ).toBe(true);
    }
    // The sweep saw real answers with masked numbers, and each holder's own numbers in full.
    expect(answered).toBeGreaterThan(100);
    expect(masked).toBeGreaterThan(50);
    expect([...ownSeen].some((s) => s.startsWith('sy_admin1:0771-5100001'))).toBe(true);
    expect([...ownSeen].some((s) => s.startsWith('wb_staff1:'))).toBe(true);
  }, 600_000);

  it('the elevator detail masks the use unit’s phone for others and shows it to the unit itself', async () => {
    const list = await t.api<{ records: { id: number; useCompanyId: number | null }[] }>(
      'POST',
      '/pc/elevator/queryList',
      { token: tokens.sy_admin1, body: { page: 1, limit: 5 } },
    );
    const lift = list.body.data.records.find((r) => r.useCompanyId !== null)!;
    const own = await t.api<{ contactPhone: string }>(
      'POST',
      '/pc/elevator/queryDetail/buildingCompanyInfo',
      {
        token: tokens.sy_admin1,
        body: { elevatorId: lift.id },
      },
    );
    expect(own.body.data.contactPhone).toBe('0771-5100001');
    const byAdmin = await t.api<{ contactPhone: string }>(
      'POST',
      '/pc/elevator/queryDetail/buildingCompanyInfo',
      { token: tokens.admin, body: { elevatorId: lift.id } },
    );
    expect(byAdmin.body.data.contactPhone).toBe('0771-***0001');
  });

  it('the operation log shows the numbers of logged requests masked too', async () => {
    const list = await t.api<{ records: { id: number }[] }>('GET', '/pc/operationRecord/query', {
      token: tokens.admin,
      query: { path: '/pc/sysOffice/save' },
    });
    const detail = await t.api<{ params: { phone: string } }>(
      'GET',
      `/pc/operationRecord/detail/${list.body.data.records[0].id}`,
      { token: tokens.admin },
    );
    expect(detail.body.data.params.phone).toBe('0771-***0000');
    expect(detail.raw).not.toContain(LANDLINE);
  });

  describe('the reveal call', () => {
    const reveal = (user: string, body: Record<string, unknown>) =>
      t.api<{ value: string | null }>('POST', '/pc/common/reveal', { token: tokens[user], body });

    it('gives the full number to the administrator and writes an operation-log entry without it', async () => {
      const { users } = await numbers();
      const wb1 = users.find((u) => u.username === 'wb_admin1')!;
      const res = await reveal('admin', { kind: 'user', id: wb1.id, field: 'phone' });
      expect(res.status, res.body.resultMsg).toBe(200);
      expect(res.body.data.value).toBe(wb1.phone);
      const [entry] = await waitForLog(
        t,
        and(eq(operationLog.path, '/pc/common/reveal'), eq(operationLog.username, 'admin')),
      );
      expect(entry).toMatchObject({ success: true, summary: '查看完整号码' });
      expect(entry.params).toMatchObject({ kind: 'user', id: wb1.id, field: 'phone' });
      expect(JSON.stringify(entry.params)).not.toContain(wb1.phone!);

      const [worker] = await t.platform.db
        .select({ userId: staffProfile.userId, idNumber: staffProfile.idNumber })
        .from(staffProfile)
        .innerJoin(sysUser, eq(sysUser.id, staffProfile.userId))
        .where(eq(sysUser.username, 'wb_staff1'));
      const id = await reveal('admin', { kind: 'person', id: worker.userId, field: 'idNumber' });
      expect(id.body.data.value).toBe(worker.idNumber);
    });

    it('lets a regulator reveal inside its districts only: another district’s record is 404, and logged', async () => {
      const rows = await t.platform.db
        .select({
          id: enterprise.id,
          name: enterprise.name,
          areaCode: enterprise.areaCode,
          phone: enterprise.contactPhone,
        })
        .from(enterprise);
      const inside = rows.find((r) => r.areaCode === '450103' && r.phone)!;
      const outside = rows.find((r) => r.areaCode !== '450103' && r.phone)!;
      const ok = await reveal('jg_qingxiu', { kind: 'company', id: inside.id, field: 'contactPhone' });
      expect(ok.status, ok.body.resultMsg).toBe(200);
      expect(ok.body.data.value).toBe(inside.phone);
      const far = await reveal('jg_qingxiu', { kind: 'company', id: outside.id, field: 'contactPhone' });
      expect(far.status).toBe(404);
      expect(far.body.resultMsg).toBe('记录不存在或无权访问');
      expect(JSON.stringify(far.body)).not.toContain(outside.phone!);
      const missing = await reveal('jg_qingxiu', { kind: 'person', id: 2_000_000, field: 'phone' });
      expect(missing.status).toBe(404);
      const logged = await waitForLog(
        t,
        and(eq(operationLog.path, '/pc/common/reveal'), eq(operationLog.username, 'jg_qingxiu')),
        3,
      );
      expect(logged.map((l) => l.success).sort()).toEqual([false, false, true]);
    });

    it('is refused without the permission, and for a field the record does not have', async () => {
      for (const user of ['wb_admin1', 'sy_admin1', 'kf_agent1']) {
        const res = await reveal(user, { kind: 'company', id: 1, field: 'contactPhone' });
        expect(res.status, user).toBe(403);
      }
      const wrong = await reveal('admin', { kind: 'office', id: 1, field: 'idNumber' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.resultMsg).toMatch(/字段/);
    });
  });
});
