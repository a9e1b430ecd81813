import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/platform/db/client.ts';
import { rowsOf } from '../src/platform/db/sql.ts';
import { dbKinds, restartableInstallation } from './harness.ts';

/**
 * 广告安装人员 (role ad_worker) on an installation seeded before the role existed: base seeders run on
 * an empty database only, so the advertising module's start seeder adds the role and its menu grants
 * on every start when no role has the key, and leaves a role that exists as its administrator edited
 * it. (The demo account gg_worker1 is demo data: an older installation does not get it.)
 */
type Role = {
  id: number;
  name: string;
  description: string | null;
  dataScope: string;
  roleType: string | null;
  permissions: string[];
  builtIn: boolean;
};

const role = async (db: Db) =>
  rowsOf<Role>(
    await db.execute(
      sql`select id, name, description, data_scope as "dataScope", role_type as "roleType", permissions,
        built_in as "builtIn" from sys_role where role_key = 'ad_worker'`,
    ),
  )[0];

/** The role's grants as the menus' paths (pages) and permissions (buttons), sorted. */
const grants = async (db: Db) =>
  rowsOf<{ g: string }>(
    await db.execute(
      sql`select case when m.type = 'F' then 'F:' || coalesce(m.perms, '') else m.url end as g
        from sys_role_menu rm join sys_role r on r.id = rm.role_id join sys_menu m on m.id = rm.menu_id
        where r.role_key = 'ad_worker' order by 1`,
    ),
  ).map((r) => r.g);

describe.each(dbKinds)('the ad_worker role reaches older installations, on %s', (kind) => {
  const { started } = restartableInstallation(kind);
  let first: Role | undefined;
  let firstGrants: string[] = [];

  it('a new installation holds the role and its menus', async () => {
    await started(async (db) => {
      first = await role(db);
      firstGrants = await grants(db);
    });
    expect(first).toMatchObject({
      name: '广告安装人员',
      dataScope: 'self',
      roleType: 'ad',
      permissions: ['ad:task:list', 'ad:task:work'],
      builtIn: true,
    });
    // 首页 (where the phone page /m/ad opens) and the personal pages every account has.
    expect(firstGrants).toEqual(expect.arrayContaining(['/dashboard', '/ops/notice', '/ops/export']));
  });

  it('an installation without the role gets it back, with its menu grants, on the next start', async () => {
    await started(async (db) => {
      await db.execute(
        sql`delete from sys_role_menu where role_id in (select id from sys_role where role_key = 'ad_worker')`,
      );
      await db.execute(sql`delete from sys_role where role_key = 'ad_worker'`);
      expect(await role(db)).toBeUndefined();
    });
    await started(async (db) => {
      const back = await role(db);
      expect(back).toBeDefined();
      expect({ ...back, id: 0 }).toEqual({ ...first, id: 0 });
      expect(await grants(db)).toEqual(firstGrants);
    });
    // A start that finds it changes nothing.
    await started(async (db) => {
      expect(await grants(db)).toEqual(firstGrants);
    });
  });

  it('a role its administrator edited keeps the edits over later starts', async () => {
    await started(async (db) => {
      await db.execute(
        sql`update sys_role set name = '广告安装（外包）', data_scope = 'company', permissions = '{ad:task:list}'
          where role_key = 'ad_worker'`,
      );
      // The administrator took 消息中心 away from the role.
      await db.execute(
        sql`delete from sys_role_menu where role_id in (select id from sys_role where role_key = 'ad_worker')
          and menu_id in (select id from sys_menu where url = '/ops/notice')`,
      );
    });
    await started(async (db) => {
      expect(await role(db)).toMatchObject({
        name: '广告安装（外包）',
        dataScope: 'company',
        permissions: ['ad:task:list'],
      });
      expect(await grants(db)).toEqual(firstGrants.filter((g) => g !== '/ops/notice'));
    });
  });
});
