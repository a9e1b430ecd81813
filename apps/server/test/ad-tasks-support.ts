import { AD_ORDER_STATE, API_PREFIX } from '@ec/contract';
import { sql } from 'drizzle-orm';
import { type OrderEvent, runOrderHooks } from '../src/modules/ad/orders/hooks.ts';
import { rowsOf } from '../src/platform/db/sql.ts';
import { leaseLifts } from './ad-support.ts';
import type { TestApp } from './harness.ts';
import { multipart, PNG_1PX } from './multipart.ts';

/*
 * What the tasks, users and settlement tests share: their own points and orders of an operator over
 * demo lifts (written straight into the orders' tables, then confirmed through the orders' hooks, as
 * the orders part's confirmation runs them), a second operator, a PNG upload.
 */

export const query = async <T>(t: TestApp, text: string) =>
  rowsOf<T>(await t.platform.db.execute(sql.raw(text)));

export const companyOf = async (t: TestApp, username: string) =>
  (
    await query<{ company_id: number }>(t, `select company_id from sys_user where username = '${username}'`)
  )[0].company_id;

let seq = 0;

/** A second advertising operator with its own admin account (the ad_admin role). */
export async function otherOperator(t: TestApp): Promise<{ companyId: number; username: string }> {
  seq++;
  const username = `gg_other${seq}_${process.pid % 1000}`;
  const [c] = await query<{ id: number }>(
    t,
    `insert into enterprise (name, kind, area_code, filing_state) values ('另一家广告传媒有限公司${seq}${process.pid % 1000}', 'ad', '450103', 2) returning id`,
  );
  const [role] = await query<{ id: number }>(t, `select id from sys_role where role_key = 'ad_admin'`);
  const [from] = await query<{ password_hash: string }>(
    t,
    `select password_hash from sys_user where username = 'gg_admin1'`,
  );
  const [u] = await query<{ id: number }>(
    t,
    `insert into sys_user (username, real_name, user_type, company_id, password_hash)
     values ('${username}', '另一运营商', 'ad', ${c.id}, '${from.password_hash}') returning id`,
  );
  await query(t, `insert into sys_user_role (user_id, role_id) values (${u.id}, ${role.id})`);
  return { companyId: c.id, username };
}

export interface MadeOrder {
  orderId: number;
  orderNo: string;
  pointIds: number[];
  elevatorIds: number[];
  customId: number;
}

/**
 * An operator's order for `points` fresh points on demo lifts (with coordinates and a use unit) from
 * `startDate` to `endDate`, in state 待审核, then confirmed: the state written and the confirmed hooks
 * run in one transaction.
 */
export async function confirmedOrder(
  t: TestApp,
  operatorId: number,
  opts: {
    points?: number;
    startDate: string;
    endDate: string;
    price?: number;
    confirm?: boolean;
    useCompanyId?: number;
    otherThan?: number;
  },
): Promise<MadeOrder> {
  seq++;
  const n = opts.points ?? 2;
  const price = opts.price ?? 700;
  const tag = `${process.pid % 1000}${seq}${Date.now() % 100000}`;
  const lifts = await query<{
    id: number;
    register_code: string;
    area_code: string;
    use_company_id: number;
    type: number;
    longitude: number;
    latitude: number;
    address: string;
    position: number;
    medium: number;
  }>(
    t,
    `select e.id, e.register_code, e.area_code, e.use_company_id, e.type, coalesce(e.longitude, 108.366) longitude,
       coalesce(e.latitude, 22.817) latitude, e.address, pos position, med medium
     from elevator e cross join generate_series(1, 4) pos cross join generate_series(1, 2) med
     where e.use_company_id is not null
     ${opts.useCompanyId ? `and e.use_company_id = ${opts.useCompanyId}` : ''}
     ${opts.otherThan ? `and e.use_company_id <> ${opts.otherThan}` : ''}
     and not exists (select 1 from ad_point p where p.elevator_id = e.id and p.position = pos and p.medium = med)
     order by (e.longitude is null), e.id desc, pos, med limit ${n}`,
  );
  if (lifts.length < n) throw new Error('not enough demo lifts');
  const [cust] = await query<{ id: number }>(
    t,
    `insert into ad_custom (company_id, name) values (${operatorId}, '测试客户${tag}') returning id`,
  );
  const points: number[] = [];
  for (const [i, l] of lifts.entries()) {
    const [p] = await query<{ id: number }>(
      t,
      `insert into ad_point (point_no, register_code, company_id, elevator_id, position, size, medium, price, state, area_code,
         use_company_id, lift_type, longitude, latitude, address)
       values ('TP${tag}${i}', '${l.register_code}', ${operatorId}, ${l.id}, ${l.position}, '60×90cm', ${l.medium}, ${price}, 1, '${l.area_code}',
         ${l.use_company_id}, ${l.type}, ${l.longitude}, ${l.latitude}, '${l.address.replace(/'/g, "''")}')
       returning id`,
    );
    points.push(p.id);
  }
  // Lease before booking: the points' lifts leased to the operator for the order's dates.
  await leaseLifts(t, operatorId, opts.startDate, opts.endDate, `p.id in (${points.join(', ')})`);
  const days = Math.round((Date.parse(opts.endDate) - Date.parse(opts.startDate)) / 86_400_000) + 1;
  const periods = Math.ceil(days / 7);
  const orderNo = `TO${tag}`;
  const [o] = await query<{ id: number }>(
    t,
    `insert into ad_order (order_no, company_id, custom_id, start_date, end_date, status, amount, point_count)
     values ('${orderNo}', ${operatorId}, ${cust.id}, '${opts.startDate}', '${opts.endDate}', ${AD_ORDER_STATE.submitted},
       ${price * periods * n}, ${n}) returning id`,
  );
  const lines: OrderEvent['lines'] = [];
  for (const [i, pointId] of points.entries()) {
    const [line] = await query<{ id: number }>(
      t,
      `insert into ad_order_point (order_id, point_id, start_date, end_date, price, amount)
       values (${o.id}, ${pointId}, '${opts.startDate}', '${opts.endDate}', ${price}, ${price * periods}) returning id`,
    );
    lines.push({
      lineId: line.id,
      pointId,
      elevatorId: lifts[i].id,
      startDate: opts.startDate,
      endDate: opts.endDate,
    });
  }
  if (opts.confirm !== false) {
    await t.platform.db.transaction(async (tx) => {
      await tx.execute(
        sql.raw(`update ad_order set status = ${AD_ORDER_STATE.confirmed} where id = ${o.id}`),
      );
      await runOrderHooks('confirmed', tx, {
        orderId: o.id,
        orderNo,
        companyId: operatorId,
        customId: cust.id,
        startDate: opts.startDate,
        endDate: opts.endDate,
        lines,
        user: null,
      });
    });
  }
  return { orderId: o.id, orderNo, pointIds: points, elevatorIds: lifts.map((l) => l.id), customId: cust.id };
}

/** Runs an order hook as the orders part does at that move. */
export async function orderMoved(
  t: TestApp,
  kind: 'finished' | 'cancelled',
  o: MadeOrder,
  operatorId: number,
) {
  const [row] = await query<{ start_date: string; end_date: string }>(
    t,
    `select to_char(start_date, 'YYYY-MM-DD') start_date, to_char(end_date, 'YYYY-MM-DD') end_date from ad_order where id = ${o.orderId}`,
  );
  const lines = await query<{ id: number; point_id: number }>(
    t,
    `select id, point_id from ad_order_point where order_id = ${o.orderId} order by id`,
  );
  const state = kind === 'finished' ? AD_ORDER_STATE.finished : AD_ORDER_STATE.cancelled;
  await t.platform.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`update ad_order set status = ${state} where id = ${o.orderId}`));
    await runOrderHooks(kind, tx, {
      orderId: o.orderId,
      orderNo: o.orderNo,
      companyId: operatorId,
      customId: o.customId,
      startDate: row.start_date,
      endDate: row.end_date,
      lines: lines.map((l, i) => ({
        lineId: l.id,
        pointId: l.point_id,
        elevatorId: o.elevatorIds[i],
        startDate: row.start_date,
        endDate: row.end_date,
      })),
      user: null,
    });
  });
}

/** Uploads a one-pixel PNG as the user (POST /common/upload); the file id. */
export async function uploadPhoto(t: TestApp, token: string): Promise<string> {
  const { payload, contentType } = multipart([{ name: '安装照片.png', body: PNG_1PX, type: 'image/png' }]);
  const res = await t.inject({
    method: 'POST',
    url: `${API_PREFIX}/common/upload`,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload,
  });
  if (res.statusCode !== 200) throw new Error(`upload ${res.statusCode} ${res.body}`);
  return res.json().data.id as string;
}
