import {
  type CompanyAuditRow,
  LICENCE_GRADES_BY_TYPE,
  type LicenceType,
  licenceGradeAllowed,
} from '@ec/contract';
import { NANNING_DISTRICTS } from '@ec/contract/geo/nanning-districts';
import { ringContains } from '@ec/contract/geo/rings';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyChain } from '../src/modules/maintenance/chain.ts';
import { rowsOf } from '../src/platform/db/sql.ts';
import { DEMO_USERS, DISTRICT_REGULATORS } from '../src/platform/seed/demo.ts';
import { communityNames, personNames } from '../src/platform/seed/names.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { fileMaintenanceCompany, maintenanceFields, registerAndLogin, uploadPng } from './parties-support.ts';

type Page<T> = { records: T[]; total: number };

/** A person's name: two to four Chinese characters, nothing that names a role or a placeholder. */
const PERSON = /^[\u4e00-\u9fff]{2,4}$/;
const PLACEHOLDER = /联系人|总监|管理员|维保|安全员|检验|坐席|运营|商户|监管|测试/;
const isPersonName = (name: string | null) => !!name && PERSON.test(name) && !PLACEHOLDER.test(name);

/** Demo data that looks real (item 24): names, communities, licence levels, a regulator per district. */
describe('demo data', () => {
  let t: TestApp;
  const query = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await t.platform.db.execute(text));

  beforeAll(async () => {
    t = await startTestApp('pglite', { env: 'development', demoElevators: 400 });
  }, 180_000);
  afterAll(() => t?.close());

  it('places every lift inside its own district, in a rescue grid of that district', async () => {
    const lifts = await query<{ id: number; area: string; lng: number; lat: number }>(
      sql`select id, area_code as area, longitude as lng, latitude as lat from elevator order by id`,
    );
    const grids = await query<{ id: number; area: string; ring: [number, number][] }>(
      sql`select id, area_code as area, ring from rescue_grid order by id`,
    );
    expect(lifts.length).toBe(400);
    expect(new Set(lifts.map((l) => l.area)).size).toBeGreaterThanOrEqual(6);
    for (const l of lifts) {
      const district = NANNING_DISTRICTS.features.find((f) => f.properties.adcode === l.area);
      const at: [number, number] = [Number(l.lng), Number(l.lat)];
      expect(
        district && ringContains(district.geometry.coordinates[0], at),
        `lift ${l.id} in ${l.area}`,
      ).toBe(true);
      // Its grid (the oldest that holds it, as a case finds it) is of its district.
      expect(grids.find((g) => ringContains(g.ring, at))?.area, `lift ${l.id}'s grid`).toBe(l.area);
    }
  });

  it('names people like people, each one differently', async () => {
    const companies = await query<{ name: string; legal: string; contact: string }>(
      sql`select name, legal_person as legal, contact_name as contact from enterprise`,
    );
    expect(companies.length).toBeGreaterThan(5);
    for (const c of companies) {
      expect(isPersonName(c.legal), `${c.name} 法定代表人 ${c.legal}`).toBe(true);
      expect(isPersonName(c.contact), `${c.name} 联系人 ${c.contact}`).toBe(true);
    }
    expect(new Set(companies.map((c) => c.legal)).size).toBe(companies.length);
    const users = await query<{ username: string; realName: string }>(
      sql`select username, real_name as "realName" from sys_user where username <> 'admin'`,
    );
    for (const u of users) expect(isPersonName(u.realName), `${u.username}: ${u.realName}`).toBe(true);
    const staff = await query<{ name: string }>(
      sql`select u.real_name as name from staff_profile s join sys_user u on u.id = s.user_id`,
    );
    expect(staff.length).toBeGreaterThan(8);
    for (const s of staff) expect(isPersonName(s.name), s.name).toBe(true);
    const directors = await query<{ name: string }>(
      sql`select safety_director as name from use_unit_profile`,
    );
    for (const d of directors) expect(isPersonName(d.name), d.name).toBe(true);
    // Work orders are signed by the company's filed workers, confirmed by the use unit's officers.
    const workers = await query<{ name: string }>(
      sql`select distinct jsonb_array_elements_text(to_jsonb(workers)) as name from maintenance_order`,
    );
    const filed = new Set(staff.map((s) => s.name));
    expect(workers.length).toBeGreaterThan(2);
    for (const w of workers) expect(filed.has(w.name), w.name).toBe(true);
  });

  it('holds twelve months of rescue cases and maintenance visits, rolled up for the statistics', async () => {
    // The statistics chart the month 11 months ago .. this month (docs/statistics.md), in Shanghai.
    const [{ months }] = await query<{ months: string[] }>(
      sql`select array_agg(to_char(m, 'YYYY-MM') order by m) as months from generate_series(
          date_trunc('month', (now() at time zone 'Asia/Shanghai')::date) - interval '11 months',
          date_trunc('month', (now() at time zone 'Asia/Shanghai')::date), interval '1 month') m`,
    );
    expect(months).toHaveLength(12);
    const perMonth = async (text: ReturnType<typeof sql>) =>
      new Map((await query<{ m: string; n: number }>(text)).map((r) => [r.m, r.n]));
    const cases = await perMonth(
      sql`select to_char(alarm_at at time zone 'Asia/Shanghai', 'YYYY-MM') as m, count(*)::int as n
        from rescue_case group by 1`,
    );
    const orders = await perMonth(
      sql`select to_char(plan_date, 'YYYY-MM') as m, count(*)::int as n from maintenance_order group by 1`,
    );
    const caseRollup = await perMonth(
      sql`select to_char(day, 'YYYY-MM') as m, count(*)::int as n from stats_case group by 1`,
    );
    const orderRollup = await perMonth(
      sql`select to_char(day, 'YYYY-MM') as m, sum(planned)::int as n from stats_order_day group by 1`,
    );
    for (const m of months) {
      expect(cases.get(m) ?? 0, `rescue cases in ${m}`).toBeGreaterThan(0);
      expect(orders.get(m) ?? 0, `maintenance orders in ${m}`).toBeGreaterThan(0);
      // The rollups the charts read hold the same history (the seed's full refresh).
      expect(caseRollup.get(m) ?? 0, `stats_case in ${m}`).toBe(cases.get(m));
      expect(orderRollup.get(m) ?? 0, `stats_order_day in ${m}`).toBe(orders.get(m));
    }
    // About 60 closed cases a month, none after now.
    const [closed] = await query<{ n: number; future: number }>(
      sql`select count(*) filter (where status = 6)::int as n,
          count(*) filter (where alarm_at > now())::int as future from rescue_case`,
    );
    expect(closed.n).toBe(720);
    expect(closed.future).toBe(0);
    // The months before the recent two are paper records: no photos, no items; some signed out late.
    const [paper] = await query<{ n: number; withItems: number; withPhotos: number; late: number }>(
      sql`select count(*)::int as n,
          count(*) filter (where jsonb_array_length(items) > 0)::int as "withItems",
          count(*) filter (where exists (select 1 from maintenance_order_photo p where p.order_id = o.id))::int
            as "withPhotos",
          count(*) filter (where (sign_out_at at time zone 'Asia/Shanghai')::date > plan_date)::int as late
        from maintenance_order o where plan_date < (now() at time zone 'Asia/Shanghai')::date - 75`,
    );
    expect(paper.n).toBeGreaterThan(1000);
    expect(paper.withItems).toBe(0);
    expect(paper.withPhotos).toBe(0);
    expect(paper.late / paper.n).toBeGreaterThan(0.05);
    expect(paper.late / paper.n).toBeLessThan(0.25);
    const [future] = await query<{ n: number }>(
      sql`select count(*)::int as n from maintenance_order
        where sign_out_at > now() or confirmed_at > now() or audited_at > now()`,
    );
    expect(future.n).toBe(0);
    // A lift's chain runs from its oldest paper record to its latest confirmed visit, intact.
    const [lift] = await query<{ id: number; n: number }>(
      sql`select elevator_id as id, max(chain_seq)::int as n from maintenance_order
        where chain_seq is not null group by 1 order by 2 desc, 1 limit 1`,
    );
    expect(lift.n).toBeGreaterThan(20);
    expect(await verifyChain(t.platform.db, lift.id, null)).toMatchObject({ intact: true, checked: lift.n });
  });

  it('has a monitored escalator whose device answers with the escalator state', async () => {
    const [esc] = await query<{ device_id: number; elevator_id: number; n: number }>(sql`
      select b.device_id, b.elevator_id,
        (select count(*)::int from iot_history h where h.elevator_id = b.elevator_id and h.kind = 'escalator') as n
      from iot_binding b join elevator e on e.id = b.elevator_id
      where b.unbound_at is null and e.type = 2`);
    expect(esc, 'an escalator with a device').toBeDefined();
    expect(esc.n).toBeGreaterThan(100);
    const data = await t.api<{ state: unknown; escalator: { mode: string } | null }>(
      'GET',
      `/equ3000/getDeviceData/${esc.device_id}`,
      { token: await t.login('iot_admin1') },
    );
    expect(data.status, data.body.resultMsg).toBe(200);
    expect(data.body.data.state).toBeNull();
    expect(data.body.data.escalator?.mode).toMatch(/normal|maintenance|out_of_service/);
  });

  it('names communities after places of their own district: no name in two districts', async () => {
    const places = await query<{ name: string; areas: number }>(
      sql`select name, count(distinct area_code)::int as areas from (
          select community as name, area_code from elevator where community is not null
          union all select name, area_code from community) x group by name`,
    );
    expect(places.length).toBeGreaterThan(20);
    expect(places.filter((p) => p.areas > 1)).toEqual([]);
    const communities = await query<{ n: number }>(sql`select count(*)::int as n from community`);
    expect(communities[0].n).toBe(30);
  });

  it('gives licence levels that the 许可项目 has (TSG 07-2019), and refuses others', async () => {
    const licences = await query<{ type: string; grade: string }>(
      sql`select licence_type as type, licence_grade as grade from maintenance_unit_profile`,
    );
    expect(licences.length).toBeGreaterThan(1);
    for (const l of licences) expect(licenceGradeAllowed(l.type, l.grade), `${l.type} ${l.grade}`).toBe(true);
    // No C level, and 电梯制造 alone has A1 / A2.
    expect(Object.values(LICENCE_GRADES_BY_TYPE).flat()).not.toContain('C');
    expect(LICENCE_GRADES_BY_TYPE.install_repair).not.toContain('A1');

    const { token } = await registerAndLogin(t, 'maintenance', '韦振宁');
    const scan = await uploadPng(t, token);
    for (const [type, grade] of [
      ['install_repair', 'A1'],
      ['repair', 'C'],
    ] as [LicenceType, string][]) {
      const res = await t.api('POST', '/pc/maintenance/save', {
        token,
        body: maintenanceFields(scan, { licenceType: type, licenceGrade: grade }),
      });
      expect(res.status).toBe(400);
      expect(res.body.resultMsg).toContain(`没有 ${grade} 级`);
    }
    const good = await t.api('POST', '/pc/maintenance/save', {
      token,
      body: maintenanceFields(scan, { licenceType: 'manufacture', licenceGrade: 'A1' }),
    });
    expect(good.status, good.body.resultMsg).toBe(200);
  });

  it('has a regulator in every district with lifts, who reviews the filings made there', async () => {
    const districts = await query<{ code: string }>(sql`select distinct area_code as code from elevator`);
    const regulated = new Set([
      '450103',
      ...DEMO_USERS.filter((u) => u.type === 'regulator').flatMap((u) => u.areaCodes ?? []),
    ]);
    for (const d of districts) expect(regulated.has(d.code), d.code).toBe(true);
    expect(DISTRICT_REGULATORS.map(([u]) => u)).toContain('jg_jiangnan');

    // A company files in 江南区: jg_jiangnan finds it and passes it; jg_qingxiu does not see it.
    const filed = await fileMaintenanceCompany(t, '450105');
    const jiangnan = await t.login('jg_jiangnan');
    const queue = await t.api<Page<CompanyAuditRow>>('GET', '/pc/maintenance/queryAuditList', {
      token: jiangnan,
      query: { limit: 100 },
    });
    const row = queue.body.data.records.find((r) => r.companyId === filed.id);
    expect(row?.state).toBe(2);
    const qingxiu = await t.api<Page<CompanyAuditRow>>('GET', '/pc/maintenance/queryAuditList', {
      token: await t.login('jg_qingxiu'),
      query: { limit: 100 },
    });
    expect(qingxiu.body.data.records.some((r) => r.companyId === filed.id)).toBe(false);
    const passed = await t.api<CompanyAuditRow>('POST', '/pc/maintenance/auditPass', {
      token: jiangnan,
      body: { auditId: row!.auditId, version: row!.version },
    });
    expect(passed.status, passed.body.resultMsg).toBe(200);
    expect(passed.body.data.state).toBe(3);
    // The demo's own 江南区 companies were reviewed by it too.
    const deciders = await query<{ username: string }>(
      sql`select distinct u.username from audit_record a join enterprise e on e.id = a.company_id
        join sys_user u on u.id = a.decided_by where e.area_code = '450105' and a.kind like '%company%'
          or e.area_code = '450105' and a.kind like 'maintenance-unit%'`,
    );
    expect(deciders.map((d) => d.username)).toContain('jg_jiangnan');
  });
});

describe('name generator', () => {
  it('is deterministic and varied', () => {
    expect(personNames(7, 30)).toEqual(personNames(7, 30));
    expect(new Set(personNames(7, 30)).size).toBe(30);
    expect(new Set(personNames(7, 30).map((n) => n[0])).size).toBeGreaterThan(8);
    const qingxiu = communityNames('450103', 12);
    const jiangnan = communityNames('450105', 12);
    expect(qingxiu.filter((n) => jiangnan.includes(n))).toEqual([]);
    expect(communityNames('999999', 5)).toEqual([]);
  });
});
