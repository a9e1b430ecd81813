import { flattenMenu, type MenuEntry, samePageRoutes } from '@ec/contract';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysMenu } from '../src/platform/db/tables.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';

/** Every demo account of the README. */
const FILED = [
  'admin',
  'jg_qingxiu',
  'wb_admin1',
  'wb_admin2',
  'wb_staff1',
  'sy_admin1',
  'sy_admin2',
  'aq_officer1',
  'jy_admin1',
  'jy_inspector1',
  'jy_rescue1',
  'kf_agent1',
  'gg_admin1',
  'gg_worker1',
  'iot_admin1',
];
const UNFILED = {
  wb_pending: '/initialFiling',
  sy_pending: '/initialFiling/initialFiling',
  wb_rejected: '/initialFiling',
};

/** The detail pages the sidebar showed (issue 11 item 22). */
const DETAIL_PAGES = ['签约详情', '坐席编辑', '监管认领详情', '机构详情', '印章详情'];
const catalogueHidden = new Set(
  flattenMenu()
    .filter((n) => n.hidden)
    .map((n) => n.path),
);

/** What the sidebar shows: entries not hidden, under parents not hidden. */
function visible(entries: MenuEntry[]): MenuEntry[] {
  return entries.filter((e) => !e.hidden).flatMap((e) => [e, ...visible(e.childTree)]);
}
function all(entries: MenuEntry[]): MenuEntry[] {
  return entries.flatMap((e) => [e, ...all(e.childTree)]);
}

/**
 * The sidebar menu each account gets from the server (doc 000 §2): hidden routes stay out of it, one
 * page has one entry, and an account that has not been passed sees its filing page only.
 */
describe.each(dbKinds)('menu per role on %s', (kind) => {
  let t: TestApp;
  const menus: Record<string, MenuEntry[]> = {};
  const menuOf = async (username: string) => {
    const token = await t.login(username);
    const res = await t.api<MenuEntry[]>('GET', '/pc/sysMenu/getMenuList', { token });
    expect(res.status).toBe(200);
    return res.body.data;
  };
  beforeAll(async () => {
    t = await startTestApp(kind, { env: 'development' });
    for (const u of [...FILED, ...Object.keys(UNFILED)]) menus[u] = await menuOf(u);
  });
  afterAll(() => t.close());

  it('shows no hidden route and no detail page to any account', () => {
    for (const u of FILED) {
      const shown = visible(menus[u]);
      expect(shown.length, u).toBeGreaterThan(1);
      expect(
        shown.filter((e) => catalogueHidden.has(e.url)).map((e) => e.name),
        u,
      ).toEqual([]);
      expect(
        shown.filter((e) => DETAIL_PAGES.includes(e.name)).map((e) => e.name),
        u,
      ).toEqual([]);
    }
    // Hidden pages are still granted, so that a list can open them.
    expect(all(menus.admin).find((e) => e.name === '监管认领详情')?.hidden).toBe(true);
    expect(all(menus.jg_qingxiu).find((e) => e.url === '/basicInformation/elevatorPageDetails')?.hidden).toBe(
      true,
    );
  });

  it('gives one entry per page', () => {
    for (const u of FILED) {
      const urls = visible(menus[u]).map((e) => e.url);
      expect(new Set(urls).size, u).toBe(urls.length);
      for (const [first, second] of samePageRoutes) {
        expect(urls.includes(first) && urls.includes(second), `${u}: ${first} and ${second}`).toBe(false);
      }
    }
    const names = visible(menus.sy_admin1).map((e) => e.name);
    expect(names).toContain('电梯使用认领');
    expect(names).not.toContain('使用认领');
    expect(visible(menus.admin).map((e) => e.name)).toContain('使用认领');
    expect(visible(menus.admin).map((e) => e.name)).not.toContain('电梯使用认领');
  });

  it('opens the 基础信息备案 group on a filing page, with only pages that have a filing variant', () => {
    const group = menus.admin.find((e) => e.url === '/basicInformationb');
    const shown = visible(group?.childTree ?? []).map((e) => e.url.replace('/basicInformationb/', ''));
    expect(shown).toEqual(['maintenanceUnit', 'maintenancePersonnel', 'maintenanceContract', 'hon']);
  });

  it('gives an account that has not been passed its filing page only', () => {
    for (const [u, path] of Object.entries(UNFILED)) {
      expect(
        menus[u].map((e) => ({ url: e.url, hidden: e.hidden, children: e.childTree.length })),
        u,
      ).toEqual([{ url: path, hidden: false, children: 0 }]);
    }
  });

  it('gives a company its whole menu once its filing passes, on the same token', async () => {
    const token = await t.login('sy_pending');
    const me = await t.api<{ companyName: string }>('GET', '/pc/sysUser/getUserInfo', { token });
    const name = me.body.data.companyName;
    const regulator = await t.login('jg_qingxiu');
    const cases = await t.api<{ records: { auditId: number; version: number; name: string }[] }>(
      'GET',
      '/pc/buildingCompanyAudit/queryList',
      { token: regulator, query: { state: 2, name } },
    );
    const row = cases.body.data.records.find((r) => r.name === name)!;
    const passed = await t.api('POST', '/pc/buildingCompanyAudit/auditPass', {
      token: regulator,
      body: { auditId: row.auditId, version: row.version },
    });
    expect(passed.status, passed.body.resultMsg).toBe(200);
    const menu = (await t.api<MenuEntry[]>('GET', '/pc/sysMenu/getMenuList', { token })).body.data;
    const shown = visible(menu).map((e) => e.name);
    expect(shown).toContain('电梯使用认领');
    expect(shown).not.toContain('企业绑定');
  });

  it('keeps hidden pages hidden and duplicates single in a menu stored before they were marked', async () => {
    const urls = ['/userunitDetail', '/organization/SealDetail', '/basicInformation/regulationClaimDetail'];
    await t.platform.db.update(sysMenu).set({ hidden: false }).where(inArray(sysMenu.url, urls));
    const shown = visible(await menuOf('admin')).map((e) => e.url);
    expect(shown.filter((u) => urls.includes(u))).toEqual([]);
    expect(shown).toContain('/basicInformation/useTheElevator');
    expect(shown).not.toContain('/basicInformation/theElevatorUsesClaim');
  });
});
