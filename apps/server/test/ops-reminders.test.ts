import { addDays, areaLabel, shanghaiToday } from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyInspectionDue, weekOf } from '../src/modules/inspection/orders/reminders.ts';
import { recordOverdueDay } from '../src/modules/maintenance/lifts.ts';
import { notifyOverdue } from '../src/modules/maintenance/reminders.ts';
import { notifyExpiries } from '../src/modules/parties/reminders.ts';
import { rowsOf } from '../src/platform/db/sql.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';

interface Message {
  username: string;
  kind: string;
  title: string;
  body: string;
  link: string;
}

/**
 * The daily reminders of the message centre (issue 20): a maintenance company with overdue lifts is
 * told how many (once a day); a use unit and its district's regulators are told of the lifts due for
 * periodic inspection within 30 days and those past it (once a week); a worker's certificate and a
 * contract ending within 30 days are told to the person and to the companies concerned (once per end
 * date: a renewed one is told again). Nobody outside the companies and the district hears of it, and
 * the jobs running again write nothing twice.
 */
describe.each(dbKinds)('daily reminders on %s', (kind) => {
  let t: TestApp;
  const today = shanghaiToday();
  const query = async <T>(text: string) => rowsOf<T>(await t.platform.db.execute(sql.raw(text)));
  const messages = (kindName: string) =>
    query<Message>(`select u.username, n.kind, n.title, n.body, n.link from notification n
      join sys_user u on u.id = n.user_id where n.kind = '${kindName}' order by u.username, n.id`);
  const companyOf = async (username: string) =>
    Number(
      (await query<{ c: number }>(`select company_id as c from sys_user where username = '${username}'`))[0]
        .c,
    );
  let wb1: number;
  let wb2: number;
  let sy1: number;

  beforeAll(async () => {
    t = await startTestApp(kind);
    [wb1, wb2, sy1] = [
      await companyOf('wb_admin1'),
      await companyOf('wb_admin2'),
      await companyOf('sy_admin1'),
    ];
    await query('delete from notification');
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  it('a maintenance company with overdue lifts is told how many, once a day; one without is not', async () => {
    await query(`update maintenance_lift set due_date = '${addDays(today, 5)}'`);
    await query(`update maintenance_lift set due_date = '${addDays(today, -3)}'
      where elevator_id in (select elevator_id from maintenance_lift where maintenance_company_id = ${wb1}
        order by elevator_id limit 2)`);
    await recordOverdueDay(t.platform.db, today);
    expect(await notifyOverdue(t.platform.db, today)).toBeGreaterThan(0);
    const told = await messages('maintenance');
    expect(told.map((m) => m.username)).toContain('wb_admin1');
    for (const m of told) {
      expect(await companyOf(m.username), `${m.username} is of the overdue company`).toBe(wb1);
      expect(m.title).toBe('2 台电梯维保超期');
      expect(m.link).toBe('/components/information');
    }
    expect(told.some((m) => m.username === 'wb_admin2')).toBe(false);
    // The job again the same day: nothing new.
    expect(await notifyOverdue(t.platform.db, today)).toBe(0);
    expect(await messages('maintenance')).toHaveLength(told.length);
  });

  it("a use unit and its district's regulators hear of the lifts due for inspection, once a week", async () => {
    const [lift] = await query<{ id: number; area_code: string }>(
      `select id, area_code from elevator where use_company_id = ${sy1} and use_status = 1 order by id limit 1`,
    );
    await query(
      `update elevator set next_inspect_date = '${addDays(today, 200)}' where next_inspect_date is not null`,
    );
    await query(`update elevator set next_inspect_date = '${addDays(today, 10)}' where id = ${lift.id}`);
    const [late] = await query<{ id: number }>(
      `select id from elevator where use_company_id = ${sy1} and use_status = 1 and id <> ${lift.id} order by id limit 1`,
    );
    await query(`update elevator set next_inspect_date = '${addDays(today, -4)}' where id = ${late.id}`);

    expect(await notifyInspectionDue(t.platform.db, today)).toBeGreaterThan(0);
    const told = await messages('inspection');
    const unit = told.filter((m) => m.username === 'sy_admin1');
    expect(unit).toHaveLength(1);
    expect(unit[0]).toMatchObject({ title: '2 台电梯需申请定期检验', link: '/organization/inspectionAdd' });
    expect(unit[0].body).toContain('1 台将在 30 日内到期');
    expect(unit[0].body).toContain('1 台已超期未检');
    const [{ area_code: lateArea }] = await query<{ area_code: string }>(
      `select area_code from elevator where id = ${late.id}`,
    );
    const regulators = await query<{ username: string }>(
      `select u.username from sys_user u join sys_user_role ur on ur.user_id = u.id join sys_role r on r.id = ur.role_id
        where r.role_key = 'regulator' and '${lift.area_code}' = any(u.area_codes) order by 1`,
    );
    expect(regulators.length).toBeGreaterThan(0);
    for (const { username } of regulators) {
      const mine = told.filter((m) => m.username === username);
      expect(mine.length, `${username} hears of its district`).toBeGreaterThanOrEqual(1);
      expect(mine.some((m) => m.body.startsWith(areaLabel(lift.area_code) ?? lift.area_code))).toBe(true);
    }
    // Nobody else: every recipient is of the use unit or a regulator of one of the two districts.
    for (const m of told) {
      const [u] = await query<{ company_id: number | null; area_codes: string[] | null }>(
        `select company_id, area_codes from sys_user where username = '${m.username}'`,
      );
      const ofUnit = Number(u.company_id) === sy1;
      const ofDistrict = (u.area_codes ?? []).some((a) => a === lift.area_code || a === lateArea);
      expect(ofUnit || ofDistrict, `${m.username} is concerned`).toBe(true);
    }
    // Again later in the same week: nothing new.
    expect(await notifyInspectionDue(t.platform.db, addDays(today, weekOf(today) === today ? 1 : 0))).toBe(0);
    expect(weekOf('2026-11-29')).toBe('2026-11-23');
    expect(weekOf('2026-11-23')).toBe('2026-11-23');
    expect(await messages('inspection')).toHaveLength(told.length);
  });

  it('a certificate and a contract ending within 30 days are told once per end date', async () => {
    const [worker] = await query<{ user_id: number; username: string }>(
      `select p.user_id, u.username from staff_profile p join sys_user u on u.id = p.user_id
        where p.company_id = ${wb1} and p.employed = 1 and u.username <> 'wb_admin1' order by p.user_id limit 1`,
    );
    await query(`update staff_profile set cert_expiry = '${addDays(today, 365)}'`);
    await query(`update maintenance_unit_profile set licence_expiry = '${addDays(today, 365)}'`);
    // Only the contracts that would end within the window move out of it: pushing every contract a
    // year on would run an ended one into its lift's next contract (the no-overlap constraint).
    await query(
      `update maintenance_contract set end_date = '${addDays(today, 365)}'
        where end_date between '${today}' and '${addDays(today, 31)}'`,
    );
    await query(
      `update staff_profile set cert_expiry = '${addDays(today, 12)}' where user_id = ${worker.user_id}`,
    );
    const [contract] = await query<{ id: number; contract_no: string }>(
      `select id, contract_no from maintenance_contract where maintenance_company_id = ${wb2}
        and use_company_id = ${sy1} and filing_state = 3 order by id limit 1`,
    );
    if (contract) {
      await query(
        `update maintenance_contract set end_date = '${addDays(today, 20)}' where id = ${contract.id}`,
      );
    }

    expect(await notifyExpiries(t.platform.db, today)).toBeGreaterThan(0);
    const told = await messages('expiry');
    const cert = told.filter((m) => m.title.includes('作业证书'));
    const certTo = cert.map((m) => m.username);
    expect(certTo).toContain(worker.username);
    expect(certTo).toContain('wb_admin1');
    for (const m of cert) expect(await companyOf(m.username)).toBe(wb1);
    expect(certTo).not.toContain('wb_admin2');
    if (contract) {
      const to = told.filter((m) => m.title.includes(contract.contract_no)).map((m) => m.username);
      expect(to).toEqual(expect.arrayContaining(['sy_admin1', 'wb_admin2']));
      expect(to).not.toContain('wb_admin1');
    }
    // Again: nothing twice.
    expect(await notifyExpiries(t.platform.db, today)).toBe(0);
    // Renewed, and ending again within the window: told again.
    await query(
      `update staff_profile set cert_expiry = '${addDays(today, 25)}' where user_id = ${worker.user_id}`,
    );
    expect(await notifyExpiries(t.platform.db, today)).toBeGreaterThan(0);
    const again = (await messages('expiry')).filter(
      (m) => m.username === worker.username && m.title.includes(addDays(today, 25)),
    );
    expect(again).toHaveLength(1);
  });
});
