/**
 * 维保超期 messages (issue 20): after the daily job has recorded the day's overdue counts, each
 * maintenance company with overdue lifts is told how many, once a day (the rule of kind
 * `maintenance` names who: by default its administrators).
 */
import { OVERDUE_AFTER_DAYS, shanghaiToday } from '@ec/contract';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { rowsOf } from '../../platform/db/sql.ts';
import { notify } from '../../platform/notify.ts';
import { maintenanceOverdueDaily } from './tables.ts';

/** 维保电梯 (the maintained lifts with their 超期天数). */
const LIFTS_PAGE = '/components/information';

/** One message per company with overdue lifts on `day` (recordOverdueDay has run); returns the count sent. */
export async function notifyOverdue(db: Queryable, day = shanghaiToday()): Promise<number> {
  const companies = rowsOf<{ company: number; overdue: number }>(
    await db.execute(sql`
      select maintenance_company_id as company, sum(overdue)::int as overdue
      from ${maintenanceOverdueDaily}
      where day = ${day}::date and overdue > 0
      group by 1 order by 1`),
  );
  let sent = 0;
  for (const c of companies) {
    const to = await notify(db, {
      kind: 'maintenance',
      title: `${c.overdue} 台电梯维保超期`,
      body: `截至 ${day}，贵单位维保的 ${c.overdue} 台电梯已超过 ${OVERDUE_AFTER_DAYS} 日未维保，请尽快安排维保。`,
      link: LIFTS_PAGE,
      dedupKey: `overdue:${day}`,
      companyIds: [Number(c.company)],
    });
    sent += to.length;
  }
  return sent;
}
