/**
 * batchExportPDF: the chosen orders the user may open, one PDF, streamed as it is drawn (orders are
 * read 20 at a time; photos one at a time), so the server's memory does not grow with the count.
 * An image that cannot be read for any reason but its absence (storage down) ends the stream with
 * an error: the download fails rather than deliver records with photos silently left out.
 */
import { ORDER_STATUSES } from '@ec/contract';
import { and, asc, gt, inArray } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../../platform/access.ts';
import { notFound } from '../../platform/errors.ts';
import { pdfImageReader } from '../../platform/pdf.ts';
import type { Platform } from '../../platform/platform.ts';
import { workersByIds } from '../parties/api.ts';
import { detailsOf, selectOrders } from './orders/read.ts';
import type { PdfOrder } from './pdf.ts';
import { renderOrdersPdf } from './pdf.ts';
import { orderScope } from './scope.ts';
import { maintenanceOrder } from './tables.ts';

const BATCH = 20;

async function* ordersToPrint(platform: Platform, user: AuthUser, ids: number[]): AsyncGenerator<PdfOrder> {
  const db = platform.db;
  let after = 0;
  for (;;) {
    const rows = await selectOrders(
      db,
      and(inArray(maintenanceOrder.id, ids), orderScope(user), gt(maintenanceOrder.id, after)),
    )
      .orderBy(asc(maintenanceOrder.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    after = rows[rows.length - 1].order.id;
    // One query per kind of fact for the twenty (details, then every worker of them at once).
    const details = await detailsOf(db, rows);
    const facts = await workersByIds(db, [...new Set(rows.flatMap((j) => j.order.workerIds))]);
    for (const [k, j] of rows.entries()) {
      const d = details[k];
      yield {
        ...d,
        workers: d.workers.map((name, w) => {
          const f = facts.find((x) => x.userId === j.order.workerIds[w]);
          return { name, certNo: f?.certNo ?? null, certExpiry: f?.certExpiry ?? null };
        }),
        items: d.items.map((i) => ({
          name: i.name,
          kindLabel: i.kindLabel,
          result: i.result,
          value: i.value,
          note: i.note,
        })),
        auditLabel: j.order.status >= 5 ? (ORDER_STATUSES[j.order.status] ?? null) : null,
      };
    }
  }
}

export async function exportOrdersPdf(
  platform: Platform,
  user: AuthUser,
  ids: number[],
  reply: FastifyReply,
) {
  const [first] = await selectOrders(
    platform.db,
    and(inArray(maintenanceOrder.id, ids), orderScope(user)),
  ).limit(1);
  if (!first) throw notFound('所选工单不存在或无权访问');
  const readImage = pdfImageReader(platform, user, 'maintenance record');
  const name = ids.length === 1 ? `维保记录_${first.order.orderNo}.pdf` : `维保记录_${ids.length}张.pdf`;
  reply
    .type('application/pdf')
    .header(
      'Content-Disposition',
      `attachment; filename="records.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
  return reply.send(renderOrdersPdf(ordersToPrint(platform, user, ids), readImage));
}
