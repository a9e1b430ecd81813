import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  addDays,
  type MenuEntry,
  type Page,
  type PatrolNoticeRow,
  type PatrolTaskDetail,
  patrolNoticeCalls,
  patrolTaskCalls,
  shanghaiToday,
} from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db/sql.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { CallProber } from './scope-sweep.ts';

/**
 * 整改通知 (/patrol/notice), the regulator's list of notices to review: the regulator roles hold the
 * page with its read and close/reopen buttons (a new database by the seed, an installation seeded
 * before it by migration 0067), the recipients do not; the list of a regulator holds its districts'
 * notices, 待复核 by the filter the page opens with, and never another district's.
 */
const PAGE = '/patrol/notice';
const MIGRATION = path.join(import.meta.dirname, '../drizzle/0067_patrol_notice_menu.sql');

describe.each(dbKinds)('the regulator reviews rectification notices on %s', (kind) => {
  let t: TestApp;
  let o: CallProber<typeof patrolTaskCalls>;
  let n: CallProber<typeof patrolNoticeCalls>;
  let noticeId: number;
  const query = async <T>(text: string) => rowsOf<T>(await t.platform.db.execute(sql.raw(text)));

  /** The page and button permissions a role holds under /patrol/notice. */
  const grantsOf = async (roleKey: string) => {
    const rows = await query<{ url: string; perms: string | null }>(
      `select m.url, m.perms from sys_role_menu rm join sys_role r on r.id = rm.role_id
        join sys_menu m on m.id = rm.menu_id
        left join sys_menu p on p.id = m.parent_id
        where r.role_key = '${roleKey}' and (m.url = '${PAGE}' or p.url = '${PAGE}')
        order by m.url desc, m.perms`,
    );
    return rows.map((r) => r.perms ?? r.url);
  };
  const menuUrls = async (username: string) => {
    const res = await t.api<MenuEntry[]>('GET', '/pc/sysMenu/getMenuList', {
      token: await t.login(username),
    });
    expect(res.status).toBe(200);
    const walk = (es: MenuEntry[]): string[] => es.flatMap((e) => [e.url, ...walk(e.childTree)]);
    return walk(res.body.data);
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    o = new CallProber(t, patrolTaskCalls);
    n = new CallProber(t, patrolNoticeCalls);
    const users = ['jg_qingxiu', 'jg_jiangnan', 'sy_admin1', 'admin'];
    for (const p of [o, n]) await p.signIn(users);
    const [reg] = await query<{ id: number; company: number }>(
      `select r.id, u.company_id as company from sys_user r, sys_user u
        where r.username = 'jg_qingxiu' and u.username = 'sy_admin1'`,
    );
    const [lift] = await query<{ id: number }>(
      `select id from elevator where use_company_id = ${reg.company} and area_code = '450103' order by id limit 1`,
    );
    const [tpl] = await query<{ id: number }>(
      `select id from patrol_template where target_kind = 'lift' order by id limit 1`,
    );
    const saved = await o.send<PatrolTaskDetail>('jg_qingxiu', 'save', {
      name: '复核测试巡查',
      areaCode: '450103',
      templateId: tpl.id,
      targetIds: [lift.id],
      assigneeIds: [reg.id],
      planStart: shanghaiToday(),
      planEnd: addDays(shanghaiToday(), 2),
    });
    expect(saved.status, saved.body.resultMsg).toBe(200);
    const item = saved.body.data.items[0];
    const done = await o.send<PatrolTaskDetail>('jg_qingxiu', 'saveResult', {
      taskId: saved.body.data.id,
      targetId: saved.body.data.targets[0].id,
      results: [{ contentId: item.contentId, result: 'fail', remark: '复核测试发现' }],
    });
    expect(done.status, done.body.resultMsg).toBe(200);
    const notice = done.body.data.notices.find((x) => x.recipient === 'use') ?? done.body.data.notices[0];
    noticeId = notice.id;
    const answered = await n.send('sy_admin1', 'answer', { id: noticeId, text: '已整改' });
    expect(answered.status, answered.body.resultMsg).toBe(200);
  }, 180_000);
  afterAll(() => t?.close());

  it('gives the page with its buttons to the regulator, not to the recipients', async () => {
    expect(await grantsOf('regulator')).toEqual([PAGE, 'patrol:notice:handle', 'patrol:notice:list']);
    expect(await grantsOf('use_admin')).toEqual([]);
    expect(await grantsOf('maintenance_admin')).toEqual([]);
    expect(await menuUrls('jg_qingxiu')).toContain(PAGE);
    expect(await menuUrls('sy_admin1')).not.toContain(PAGE);
  });

  it("lists its districts' answered notices for the regulator, never to another district's", async () => {
    const ids = async (user: string, filters: Record<string, unknown>) => {
      const res = await n.send<Page<PatrolNoticeRow>>(user, 'queryList', { limit: 500, ...filters });
      expect(res.status, `${user} ${res.body.resultMsg}`).toBe(200);
      return res.body.data.records;
    };
    const mine = await ids('jg_qingxiu', { state: 'answered' });
    expect(mine.map((r) => r.id)).toContain(noticeId);
    expect(mine.every((r) => r.state === 'answered' && r.areaCode === '450103')).toBe(true);
    expect((await ids('jg_qingxiu', { state: 'open' })).map((r) => r.id)).not.toContain(noticeId);
    expect((await ids('jg_qingxiu', { state: 'answered', overdue: false })).map((r) => r.id)).toContain(
      noticeId,
    );
    const other = await ids('jg_jiangnan', {});
    expect(other.map((r) => r.id)).not.toContain(noticeId);
    expect(other.every((r) => r.areaCode !== '450103')).toBe(true);
    expect((await n.send('jg_jiangnan', 'close', { id: noticeId })).status).toBe(404);
    // The regulator closes it from the list's drawer: it leaves 待复核.
    const closed = await n.send('jg_qingxiu', 'close', { id: noticeId, remark: '复核通过' });
    expect(closed.status, closed.body.resultMsg).toBe(200);
    expect((await ids('jg_qingxiu', { state: 'answered' })).map((r) => r.id)).not.toContain(noticeId);
    expect((await ids('jg_qingxiu', { state: 'closed' })).map((r) => r.id)).toContain(noticeId);
  });

  it('brings the page to an installation seeded before it (migration 0067), once', async () => {
    // The installation as it was: no /patrol/notice.
    await query(
      `delete from sys_role_menu where menu_id in (select id from sys_menu where url = '${PAGE}'
        or parent_id in (select id from sys_menu where url = '${PAGE}'))`,
    );
    await query(`delete from sys_menu where parent_id in (select id from sys_menu where url = '${PAGE}')`);
    await query(`delete from sys_menu where url = '${PAGE}'`);
    expect(await grantsOf('regulator')).toEqual([]);
    expect(await menuUrls('jg_qingxiu')).not.toContain(PAGE);
    const statements = readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint');
    for (let run = 0; run < 2; run++) for (const s of statements) await query(s);
    const [{ pages }] = await query<{ pages: number }>(
      `select count(*)::int as pages from sys_menu where url = '${PAGE}'`,
    );
    expect(pages).toBe(1);
    expect(await grantsOf('regulator')).toEqual([PAGE, 'patrol:notice:handle', 'patrol:notice:list']);
    expect(await grantsOf('use_admin')).toEqual([]);
    const [{ parent }] = await query<{ parent: string }>(
      `select p.url as parent from sys_menu m join sys_menu p on p.id = m.parent_id where m.url = '${PAGE}'`,
    );
    expect(parent).toBe('/patrol');
    expect(await menuUrls('jg_qingxiu')).toContain(PAGE);
  });
});
