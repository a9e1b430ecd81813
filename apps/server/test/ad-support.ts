import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/platform/db/sql.ts';
import type { TestApp } from './harness.ts';

/* What the advertising tests of points, customers and orders share. */

export const q = async <T>(t: TestApp, text: string) => rowsOf<T>(await t.platform.db.execute(sql.raw(text)));

export const companyOfUser = async (t: TestApp, username: string) =>
  (await q<{ company_id: number }>(t, `select company_id from sys_user where username = '${username}'`))[0]
    .company_id;

let seq = 0;
let leases = 0;

/**
 * Leases (租赁签约, kind 2, naming no share) to the operator `companyId`, by their use units, of every
 * lift its points hang in, for `start`–`end` (by default 2020–2099, the tests' far dates): one lease
 * per use unit. A point is booked only in a leased lift (docs/paths.md "Lease before booking").
 * Returns the leases' ids.
 */
export async function leaseLifts(
  t: TestApp,
  companyId: number,
  start = '2020-01-01',
  end = '2099-12-31',
  where = 'true',
): Promise<number[]> {
  leases++;
  const tag = `${process.pid % 100000}_${leases}`;
  const made = await q<{ id: number; use_company_id: number }>(
    t,
    `insert into signing_record (sign_no, kind, use_company_id, partner_id, start_date, end_date, area_code, remark)
     select 'QYTEST' || '${tag}_' || u.id, 2, u.id, ${companyId}, '${start}', '${end}', coalesce(u.area_code, '450100'), '测试租赁'
     from enterprise u
     where u.id in (select p.use_company_id from ad_point p where p.company_id = ${companyId} and (${where}))
     returning id, use_company_id`,
  );
  if (made.length)
    await q(
      t,
      `insert into signing_elevator (signing_id, elevator_id)
       select distinct s.id, p.elevator_id from signing_record s
         join ad_point p on p.use_company_id = s.use_company_id and p.company_id = ${companyId} and (${where})
       where s.id in (${made.map((m) => m.id).join(', ')})`,
    );
  return made.map((m) => Number(m.id));
}

/**
 * A second advertising operator with an admin account (the ad_admin role) and `points` points of its
 * own, their lifts leased to it (leaseLifts) unless `lease` is false.
 */
export async function secondOperator(
  t: TestApp,
  points = 3,
  lease = true,
): Promise<{ companyId: number; username: string; pointIds: number[] }> {
  seq++;
  const tag = `${seq}_${process.pid % 1000}`;
  const username = `gg_second${tag}`;
  const [c] = await q<{ id: number }>(
    t,
    `insert into enterprise (name, kind, area_code, filing_state) values ('第二广告传媒有限公司${tag}', 'ad', '450103', 2) returning id`,
  );
  const [role] = await q<{ id: number }>(t, `select id from sys_role where role_key = 'ad_admin'`);
  const [from] = await q<{ password_hash: string }>(
    t,
    `select password_hash from sys_user where username = 'gg_admin1'`,
  );
  const [u] = await q<{ id: number }>(
    t,
    `insert into sys_user (username, real_name, user_type, company_id, password_hash)
     values ('${username}', '第二运营商', 'ad', ${c.id}, '${from.password_hash}') returning id`,
  );
  await q(t, `insert into sys_user_role (user_id, role_id) values (${u.id}, ${role.id})`);
  // Its points: landing screens (position 4, medium 2) of lifts the demo operator has no such point in.
  const made = await q<{ id: number }>(
    t,
    `insert into ad_point (point_no, company_id, elevator_id, position, size, medium, price, register_code,
       lift_name, address, area_code, use_company_id, lift_type, use_occasion, longitude, latitude)
     select e.register_code || '-HS', ${c.id}, e.id, 4, '32 英寸', 2, 150, e.register_code, e.name, e.address,
       e.area_code, e.use_company_id, e.type, e.use_occasion, e.longitude, e.latitude
     from elevator e where e.use_company_id is not null and e.longitude is not null
       and not exists (select 1 from ad_point p where p.elevator_id = e.id and p.position = 4 and p.medium = 2)
     order by e.id desc limit ${points} returning id`,
  );
  if (lease) await leaseLifts(t, c.id);
  return { companyId: c.id, username, pointIds: made.map((r) => r.id) };
}

/** Next month's first and last day (yyyy-MM-dd), Shanghai. */
export function nextMonth(): { start: string; end: string } {
  const now = new Date(Date.now() + 8 * 3600_000);
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() + 1;
  const start = new Date(Date.UTC(y, m, 1));
  const end = new Date(Date.UTC(y, m + 1, 0));
  return { start: start.toISOString().slice(0, 10), end: end.toISOString().slice(0, 10) };
}

/**
 * SQL of the tests' own (day by day, no range_agg): leases (kind 2) of the lift of point `p` (an
 * alias of ad_point) by its use unit to its operator cover every day from `start` to `end` (SQL
 * expressions, e.g. `'2031-01-01'` or `l.start_date`).
 */
export const leasedEveryDay = (p: string, start: string, end: string) =>
  `(${p}.use_company_id is not null and not exists (
     select 1 from generate_series((${start})::date, (${end})::date, interval '1 day') d
     where not exists (select 1 from signing_record s join signing_elevator se on se.signing_id = s.id
       where s.kind = 2 and s.partner_id = ${p}.company_id and s.use_company_id = ${p}.use_company_id
         and se.elevator_id = ${p}.elevator_id and d::date between s.start_date and s.end_date)))`;

/** Free points of an operator for dates (leased, no holding line overlaps, bookable state), lowest ids first. */
export async function freePoints(t: TestApp, companyId: number, start: string, end: string, n: number) {
  return (
    await q<{ id: number; price: number }>(
      t,
      `select p.id, p.price from ad_point p where p.company_id = ${companyId} and p.state not in (4, 5)
       and not exists (select 1 from ad_order_point l where l.point_id = p.id and l.active
         and daterange(l.start_date, l.end_date, '[]') && daterange('${start}', '${end}', '[]'))
       and ${leasedEveryDay('p', `'${start}'`, `'${end}'`)}
       order by p.id limit ${n}`,
    )
  ).map((r) => ({ id: Number(r.id), price: Number(r.price) }));
}
