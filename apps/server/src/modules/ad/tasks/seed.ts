import { deflateSync } from 'node:zlib';
import { AD_ORDER_STATE } from '@ec/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client.ts';
import { rowsOf } from '../../../platform/db/sql.ts';
import type { FileStorage } from '../../../platform/files/storage.ts';
import { storeSeedPng } from '../../../platform/png.ts';
import { computeMonth } from '../settlement/service.ts';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (b: Buffer) => {
  let c = 0xffffffff;
  for (const x of b) c = CRC_TABLE[(c ^ x) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/**
 * A small picture of a poster in its frame (RGB PNG): a grey lift wall, the frame, a coloured poster
 * with a band of "text"; `seed` varies the colours so the demo photos differ.
 */
export function drawPosterPng(seed: number, w = 96, h = 128): Buffer {
  const hue = [
    [220, 60, 60],
    [40, 120, 220],
    [40, 170, 90],
    [230, 150, 30],
    [140, 70, 200],
    [20, 160, 170],
  ][seed % 6];
  const rows: Buffer[] = [];
  for (let y = 0; y < h; y++) {
    const row = Buffer.alloc(1 + w * 3);
    for (let x = 0; x < w; x++) {
      let c = [170, 172, 176];
      const inFrame = x >= 12 && x < w - 12 && y >= 14 && y < h - 14;
      const inPoster = x >= 16 && x < w - 16 && y >= 18 && y < h - 18;
      if (inFrame) c = [60, 60, 64];
      if (inPoster) {
        c = hue.map((v) => Math.min(255, v + Math.round((y / h) * 40)));
        if (y > h * 0.6 && y < h * 0.68 && (x + seed) % 7 < 5) c = [250, 250, 250];
        if (y > h * 0.72 && y < h * 0.76 && (x + seed) % 5 < 3) c = [245, 245, 245];
      }
      row.set(c, 1 + x * 3);
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const q = async <T>(tx: Tx, query: ReturnType<typeof sql>) => rowsOf<T>(await tx.execute(query));

/**
 * Demo tasks and logs over the demo orders (set-based: a few statements whatever the number of
 * orders): install tasks for every confirmed, running, finished or cancelled order, removal tasks for
 * the finished ones, poster changes (换画) on some points of the running ones; a running order's
 * installs are done with approved logs; a confirmed order's tasks are spread over 待执行 / 待审核 /
 * 已驳回 (none approved: that would have made it 投放中), a cancelled order's are 已取消, the changes over
 * 待执行 / 待审核 / 已驳回 / 已完成; half of the removals are done. Each log carries one
 * of six real poster photos. Then the mini-program users and last month's settlement.
 */
export async function seedTasks(tx: Tx, storage: FileStorage | null): Promise<void> {
  const [op] = await q<{ id: number; admin: number | null }>(
    tx,
    sql`select e.id, (select u.id from sys_user u where u.username = 'gg_admin1') admin
        from enterprise e where e.kind = 'ad' order by e.id limit 1`,
  );
  if (!op) return;
  const S = AD_ORDER_STATE;
  // Mini-program users: three field workers (the first bound to the demo account gg_worker1, who
  // opens the phone page as him), and a contact for each of the first five customers.
  const workers = await q<{ id: number }>(
    tx,
    sql`insert into ad_wx_user (operator_id, kind, name, phone, remark, user_id)
        values (${op.id}, 1, '韦立新', '13977101001', '青秀区、兴宁区安装',
                  (select u.id from sys_user u where u.username = 'gg_worker1' and u.company_id = ${op.id})),
               (${op.id}, 1, '黄海波', '13977101002', '西乡塘区、江南区安装', null),
               (${op.id}, 1, '蒙小东', '13977101003', '良庆区、邕宁区安装', null)
        on conflict do nothing returning id`,
  );
  if (workers.length === 0) return;
  await tx.execute(sql`insert into ad_wx_user (operator_id, kind, name, phone, customer_id)
      select ${op.id}::int, 2, coalesce(c.contact_name, c.name || '联系人'), '1397710' || lpad((2000 + row_number() over (order by c.id))::text, 4, '0'), c.id
      from (select * from ad_custom where company_id = ${op.id} order by id limit 5) c
      on conflict do nothing`);
  const w = workers.map((x) => x.id);
  // Tasks.
  await tx.execute(sql`insert into ad_task (operator_id, order_id, point_id, kind, plan_date, worker_id)
      select o.company_id, o.id, op.point_id, 1, op.start_date,
        (array[${w[0]}::int, ${w[1]}::int, ${w[2]}::int])[1 + op.point_id % 3]
      from ad_order_point op join ad_order o on o.id = op.order_id
      where o.status in (${S.confirmed}, ${S.showing}, ${S.finished}, ${S.cancelled})
      on conflict do nothing`);
  await tx.execute(sql`insert into ad_task (operator_id, order_id, point_id, kind, plan_date, worker_id)
      select o.company_id, o.id, op.point_id, 2, op.end_date + 1,
        (array[${w[0]}::int, ${w[1]}::int, ${w[2]}::int])[1 + op.point_id % 3]
      from ad_order_point op join ad_order o on o.id = op.order_id
      where o.status = ${S.finished}
      on conflict do nothing`);
  // Poster changes (换画) asked for on some points of the running orders, in the coming days.
  await tx.execute(sql`insert into ad_task (operator_id, order_id, point_id, kind, plan_date, worker_id)
      select o.company_id, o.id, op.point_id, 3, current_date + (op.point_id % 4),
        (array[${w[0]}::int, ${w[1]}::int, ${w[2]}::int])[1 + op.point_id % 3]
      from ad_order_point op join ad_order o on o.id = op.order_id
      where o.status = ${S.showing} and op.point_id % 12 = 0
      on conflict do nothing`);
  // Their states: (status, log status, far) by the order's state and the task's id. An order still
  // 已确认 has no install approved (the first approved one makes it 投放中); a cancelled order's
  // installs were cancelled with it.
  await tx.execute(sql`update ad_task t set status = case
        when o.status = ${S.cancelled} then 5
        when o.status in (${S.showing}) and t.kind = 1 then 3
        when o.status = ${S.finished} and t.kind = 1 then 3
        when o.status = ${S.finished} and t.kind = 2 then case when t.id % 2 = 0 then 3 else 1 end
        when o.status = ${S.confirmed} then (array[1, 2, 4, 2, 1])[1 + t.id % 5]
        else (array[1, 2, 4, 3, 1])[1 + t.id % 5] end,
      finished_at = case when t.kind <> 3 and o.status in (${S.showing}, ${S.finished}) then o.start_date + time '18:00' else null end
      from ad_order o where o.id = t.order_id`);
  await tx.execute(
    sql`update ad_task set finished_at = coalesce(finished_at, now() - interval '1 day') where status = 3`,
  );
  // The points of done installs carry their QR codes.
  await tx.execute(sql`update ad_point p set qr_code = 'GG-' || p.point_no
      where p.qr_code is null and exists (select 1 from ad_task t where t.point_id = p.id and t.kind = 1 and t.status in (2, 3, 4))`);
  if (!storage || !op.admin) return;
  const photos: string[] = [];
  for (let i = 0; i < 6; i++)
    photos.push(
      await storeSeedPng(tx, storage, {
        fileName: `安装照片${i + 1}.png`,
        body: drawPosterPng(i),
        uploaderId: op.admin,
        ownerCompanyId: op.id,
      }),
    );
  const photoArray = sql.raw(`array[${photos.map((p) => `'${p}'::uuid`).join(',')}]`);
  // One log per submitted or done task; a rejected task has its rejected (far) log.
  await tx.execute(sql`insert into ad_task_log (task_id, operator_id, worker_id, recorded_by, photo_file_id, qr_code,
        latitude, longitude, distance_m, far, logged_at, status, reviewed_by, reviewed_at, review_remark)
      select t.id, t.operator_id, t.worker_id, ${op.admin}::int, (${photoArray})[1 + t.id % 6], p.qr_code,
        p.latitude + case when t.status = 4 then 0.008 else 0.0001 end, p.longitude,
        case when p.latitude is null then null when t.status = 4 then 890 else 11 end,
        t.status = 4,
        coalesce(t.finished_at, now() - interval '3 hours') - interval '2 hours',
        case t.status when 2 then 1 when 3 then 2 else 3 end,
        case when t.status = 2 then null else ${op.admin}::int end,
        case when t.status = 2 then null else coalesce(t.finished_at, now() - interval '1 hour') end,
        case when t.status = 4 then '定位距电梯过远，请到现场重新拍照' else null end
      from ad_task t join ad_point p on p.id = t.point_id
      where t.status in (2, 3, 4) and t.worker_id is not null`);
  // Last month's settlement.
  const now = new Date(Date.now() + 8 * 3_600_000);
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
  await computeMonth(tx, op.id, last);
}
