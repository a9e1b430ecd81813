import { sql } from 'drizzle-orm';
import type { Queryable } from '../../apps/server/src/platform/db/client.ts';

/**
 * Lease before booking (docs/paths.md): a point is booked only in a lift its use unit leases to the
 * point's operator on every day. The benches lease every lift their operator's points hang in: one
 * lease (租赁签约, kind 2) per use unit from `start` to `end`, naming `share` (percent, or none),
 * set-based and idempotent (a kept database gets them once: the sign numbers and links are unique).
 */
export async function leaseOperatorLifts(
  db: Queryable,
  operatorId: number,
  start: string,
  end: string,
  share: number | null = null,
): Promise<void> {
  const tag = `QYBENCH${operatorId}_${start.replaceAll('-', '')}_`;
  await db.execute(sql`insert into signing_record (sign_no, kind, use_company_id, partner_id, start_date, end_date,
      share, area_code, remark)
    select ${tag} || u.id, 2, u.id, ${operatorId}, ${start}::date, ${end}::date, ${share}::numeric,
      coalesce(u.area_code, '450100'), '基准测试租赁'
    from enterprise u
    where u.id in (select distinct use_company_id from ad_point where company_id = ${operatorId})
    on conflict (sign_no) do nothing`);
  await db.execute(sql`insert into signing_elevator (signing_id, elevator_id)
    select distinct s.id, p.elevator_id from ad_point p
      join signing_record s on s.sign_no = ${tag} || p.use_company_id
    where p.company_id = ${operatorId}
    on conflict do nothing`);
}
