import type { Page } from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db/sql.ts';
import { sysUser } from '../src/platform/db/tables.ts';
import { sameNumber } from '../src/platform/masking.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';

/**
 * Lists show other people's phones masked (138****0005), so their search on a phone matches the whole
 * number only: a prefix or a fragment would tell, one query at a time, which digits hide behind the
 * stars, around the audited reveal call.
 */
describe.each(dbKinds)('phone search on a masked list on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let rescuer: string;

  const total = async (token: string, path: string, query: Record<string, string | number>) => {
    const res = await t.api<Page<unknown>>('GET', path, { token, query });
    expect(res.status, res.body.resultMsg).toBe(200);
    return res.body.data.total;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login('admin');
    rescuer = await t.login('jy_rescue1');
  });
  afterAll(() => t.close());

  it('system users: the whole phone finds the account, a part of it nothing', async () => {
    const path = '/pc/sysUser/query';
    expect(await total(admin, path, { phone: '13807710005' })).toBe(1);
    expect(await total(admin, path, { phone: '1380771000' })).toBe(0);
    expect(await total(admin, path, { phone: '0005' })).toBe(0);
  });

  it('an account is found by its phone through an index, not by reading every account', async () => {
    // The users' and the parties' people lists search with sameNumber on sys_user.phone: the index
    // on the same expression (without dashes and spaces) serves it. Without it, even with the
    // sequential scan priced out the plan reads the whole table.
    const plan = await t.platform.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const found = rowsOf<{ 'QUERY PLAN': string }>(
        await tx.execute(
          sql`explain (costs off) select id from sys_user where ${sameNumber(sysUser.phone, '138-0771 0005')}`,
        ),
      );
      return found.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/(using|Scan on) sys_user_phone_digits_idx\b/);
    const [hit] = rowsOf<{ username: string }>(
      await t.platform.db.execute(
        sql`select username from sys_user where ${sameNumber(sysUser.phone, '138-0771 0005')}`,
      ),
    );
    expect(hit?.username, 'the number with a dash and a space is the account’s whole number').toBeTruthy();
  });

  it('maintenance staff: the whole phone finds the worker, a prefix nothing', async () => {
    const path = '/pc/maintenanceUser/queryList';
    expect(await total(admin, path, { phone: '13807710005' })).toBe(1);
    expect(await total(admin, path, { phone: '138077100' })).toBe(0);
  });

  it('rescue staff: the keyword matches a name in part, a phone only whole', async () => {
    const [staff] = rowsOf<{ name: string; phone: string }>(
      await t.platform.db.execute(sql`
        select s.name, s.phone from rescue_staff s join sys_user u on u.company_id = s.unit_id
        where u.username = 'jy_rescue1' and s.phone ~ '^1[0-9]{10}$' order by s.id limit 1`),
    );
    expect(staff, 'a demo rescue worker with a mobile phone').toBeTruthy();
    const path = '/pc/rescue/staff/list';
    expect(await total(rescuer, path, { keyword: staff.phone })).toBeGreaterThanOrEqual(1);
    expect(await total(rescuer, path, { keyword: staff.phone.slice(0, 7) })).toBe(0);
    expect(await total(rescuer, path, { keyword: staff.phone.slice(3) })).toBe(0);
    expect(await total(rescuer, path, { keyword: staff.name.slice(0, 1) })).toBeGreaterThanOrEqual(1);
    // A landline is found as it is kept (with its dash) and as digits only; its part, not.
    const [landline] = rowsOf<{ id: number }>(
      await t.platform.db.execute(sql`
        update rescue_staff set phone = '0771-5551234' where id = (
          select s.id from rescue_staff s join sys_user u on u.company_id = s.unit_id
          where u.username = 'jy_rescue1' order by s.id desc limit 1) returning id`),
    );
    expect(landline).toBeTruthy();
    expect(await total(rescuer, path, { keyword: '0771-5551234' })).toBe(1);
    expect(await total(rescuer, path, { keyword: '07715551234' })).toBe(1);
    expect(await total(rescuer, path, { keyword: '0771-555' })).toBe(0);
  });
});
