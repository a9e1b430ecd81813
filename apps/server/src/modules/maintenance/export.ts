/**
 * batchExportPDF: the chosen orders the user may open, or without a choice the orders the list shows
 * with the same filters in the same scope, as one PDF in the list's order (newest plan first),
 * streamed as it is drawn: orders are read 20 at a time by keyset (photos one at a time), so the
 * server's memory does not grow with the count. The count is taken first, up to one past the cap:
 * none is 404, more than PDF_EXPORT_MAX a 400 that says how to narrow the list.
 * An image that cannot be read for any reason but its absence (storage down) ends the stream with
 * an error: the download fails rather than deliver records with photos silently left out.
 */
import {
  type CallParsedInput,
  type maintenanceOrderCalls,
  ORDER_STATUSES,
  PDF_EXPORT_MAX,
  shanghaiToday,
} from '@ec/contract';
import { and, desc, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../../platform/access.ts';
import { rowsOf } from '../../platform/db/sql.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { pdfImageReader } from '../../platform/pdf.ts';
import type { Platform } from '../../platform/platform.ts';
import { workersByIds } from '../parties/api.ts';
import { detailsOf, filterConditions, type JoinedOrder, selectOrders } from './orders/read.ts';
import type { PdfOrder } from './pdf.ts';
import { renderOrdersPdf } from './pdf.ts';
import { orderScope } from './scope.ts';
import { maintenanceOrder } from './tables.ts';

const BATCH = 20;
type ExportInput = CallParsedInput<typeof maintenanceOrderCalls.batchExportPDF>;

/** The orders to print: the ids chosen, or the list's filters; always within the user's scope. */
function selection(user: AuthUser, { ids, ...filters }: ExportInput): SQL {
  const scope = orderScope(user);
  const chosen = ids ? [inArray(maintenanceOrder.id, ids)] : filterConditions(filters, shanghaiToday());
  return and(scope, ...chosen) ?? sql`true`;
}

async function* ordersToPrint(platform: Platform, where: SQL): AsyncGenerator<PdfOrder> {
  const db = platform.db;
  let after: { planDate: string; id: number } | null = null;
  for (;;) {
    const rows: JoinedOrder[] = await selectOrders(
      db,
      and(
        where,
        after
          ? sql`(${maintenanceOrder.planDate}, ${maintenanceOrder.id}) < (${after.planDate}::date, ${after.id})`
          : undefined,
      ),
    )
      .orderBy(desc(maintenanceOrder.planDate), desc(maintenanceOrder.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    const { planDate, id } = rows[rows.length - 1].order;
    after = { planDate, id };
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
  input: ExportInput,
  reply: FastifyReply,
) {
  const where = selection(user, input);
  const [counted] = rowsOf<{ n: number }>(
    await platform.db.execute(
      sql`select count(*)::int as n from (select 1 from ${maintenanceOrder} where ${where} limit ${PDF_EXPORT_MAX + 1}) s`,
    ),
  );
  const n = Number(counted?.n ?? 0);
  if (n === 0) throw notFound(input.ids ? '所选工单不存在或无权访问' : '没有符合筛选条件的维保工单可导出');
  if (n > PDF_EXPORT_MAX)
    throw badRequest(
      `符合筛选条件的工单超过 ${PDF_EXPORT_MAX} 张，一次最多导出 ${PDF_EXPORT_MAX} 张：请缩小筛选范围（如选择计划月份、维保单位或状态），或勾选要导出的工单`,
    );
  const [first] = await selectOrders(platform.db, where).limit(1);
  const readImage = pdfImageReader(platform, user, 'maintenance record');
  const name = n === 1 ? `维保记录_${first.order.orderNo}.pdf` : `维保记录_${n}张.pdf`;
  reply
    .type('application/pdf')
    .header(
      'Content-Disposition',
      `attachment; filename="records.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
  return reply.send(renderOrdersPdf(ordersToPrint(platform, where), readImage));
}
