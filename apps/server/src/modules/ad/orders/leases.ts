import { AD_ORDER_STATE_LABEL } from '@ec/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/client.ts';
import { rowsOf } from '../../../platform/db/sql.ts';
import { conflict } from '../../../platform/errors.ts';
import { type LeasedLift, leaseGaps, lockLeasesFor } from '../../rescue/api.ts';
import { adPoint } from '../points/tables.ts';
import { adOrder, adOrderPoint } from './tables.ts';

/*
 * Lease before booking: a point is booked for dates only when leases (租赁签约, kind 2) of its lift by
 * the lift's use unit to the point's operator cover every day of them (rescue/api.ts leaseGaps). The
 * leases are locked `for share` first (lockLeasesFor), in the booking's transaction, so that a lease
 * edit or delete waits for the booking and then sees its lines (the lease guard below refuses it).
 */

/** A point to book, as the lease check needs it. */
export interface LeaseNeed {
  id: number;
  pointNo: string;
  companyId: number;
  elevatorId: number;
  useCompanyId: number | null;
}

const MAX_NAMED = 10;

const named = (codes: string[]) =>
  `${codes.slice(0, MAX_NAMED).join('、')}${codes.length > MAX_NAMED ? ` 等 ${codes.length} 个` : ''}`;

/** The refusal naming the points whose lifts are not leased for every day of the dates. */
export const notLeased = (codes: string[], start: string, end: string) =>
  conflict(
    `以下点位所在电梯在 ${start} 至 ${end} 未全部租赁给本运营商（需使用单位的租赁签约覆盖每一天），不能预订：${named(codes)}`,
  );

/**
 * Locks the leases the points need and refuses (409, naming the points) unless they cover every day
 * of [start, end] for each point. Call inside the booking's transaction, before writing its lines.
 */
export async function requireLeased(tx: Queryable, points: LeaseNeed[], start: string, end: string) {
  if (points.length === 0) return;
  const needs = sql`(select * from (values ${sql.join(
    points.map(
      (p) =>
        sql`(${p.id}::int, ${p.companyId}::int, ${p.elevatorId}::int, ${p.useCompanyId}::int, ${start}::date, ${end}::date)`,
    ),
    sql`, `,
  )}) v(k, partner_id, elevator_id, use_company_id, start_date, end_date))`;
  await lockLeasesFor(tx, needs);
  const gaps = new Set(
    rowsOf<{ k: number }>(await tx.execute(sql`select k from ${leaseGaps(needs)} g`)).map((r) => Number(r.k)),
  );
  if (gaps.size === 0) return;
  const codes = points
    .filter((p) => gaps.has(p.id))
    .map((p) => p.pointNo)
    .sort();
  throw notLeased(codes, start, end);
}

/** The needs (one per active line) of an order's lines: a subquery for the rescue api. */
const orderNeeds = (orderId: number): SQL =>
  sql`(select l.id as k, p.company_id as partner_id, p.elevator_id, p.use_company_id, l.start_date, l.end_date
    from ${adOrderPoint} l join ${adPoint} p on p.id = l.point_id
    where l.order_id = ${orderId} and l.active)`;

/**
 * Again on confirm (a draft may outlive its lease: a lease removed with its use unit, say): the
 * order's lines' leases locked `for share` and every line covered, else 409 naming the points.
 */
export async function requireOrderLeased(tx: Queryable, orderId: number, start: string, end: string) {
  const needs = orderNeeds(orderId);
  await lockLeasesFor(tx, needs);
  const rows = rowsOf<{ point_no: string }>(
    await tx.execute(sql`select p.point_no from ${leaseGaps(needs)} g
      join ${adOrderPoint} l on l.id = g.k join ${adPoint} p on p.id = l.point_id
      order by p.point_no`),
  );
  if (rows.length)
    throw notLeased(
      rows.map((r) => r.point_no),
      start,
      end,
    );
}

/**
 * The lease guard (rescue/api.ts guardLeaseChanges): a lease write that takes away a lift an order
 * not yet finished or cancelled (草稿 … 投放中: its lines active) books on a day no other lease
 * covers is refused, 409 naming the orders. The lease rows are locked `for update` by the write and
 * a booking locks them `for share`, so this read sees every booking that relied on them.
 */
export async function refuseLeaseLoss(tx: Queryable, lifts: LeasedLift[]) {
  const keys = sql.join(
    lifts.map((k) => sql`(${k.partnerId}::int, ${k.elevatorId}::int, ${k.useCompanyId}::int)`),
    sql`, `,
  );
  const needs = sql`(select l.id as k, p.company_id as partner_id, p.elevator_id, p.use_company_id,
        l.start_date, l.end_date
      from ${adOrderPoint} l join ${adPoint} p on p.id = l.point_id
      where l.active and (p.company_id, p.elevator_id, p.use_company_id) in (values ${keys}))`;
  const rows = rowsOf<{ order_no: string; status: number; points: string[] }>(
    await tx.execute(sql`select o.order_no, o.status, array_agg(p.point_no order by p.point_no) as points
      from ${leaseGaps(needs)} g join ${adOrderPoint} l on l.id = g.k
        join ${adPoint} p on p.id = l.point_id join ${adOrder} o on o.id = l.order_id
      group by o.id, o.order_no, o.status order by o.order_no`),
  );
  if (rows.length === 0) return;
  const orders = rows
    .slice(0, MAX_NAMED)
    .map(
      (r) =>
        `${r.order_no}（${AD_ORDER_STATE_LABEL[r.status] ?? r.status}，点位 ${r.points.slice(0, 3).join('、')}${r.points.length > 3 ? ' 等' : ''}）`,
    );
  throw conflict(
    `租赁签约的电梯或日期正被广告订单使用，不能删除、缩短或移除：${orders.join('；')}${rows.length > MAX_NAMED ? ` 等 ${rows.length} 个订单` : ''}。请先取消或调整这些订单`,
  );
}
