/**
 * 定期检验 reminders (issue 20): once a week each use unit is told how many of its lifts in use are
 * due for periodic inspection within the application window (30 days, TSG T7001: apply before the
 * date) and how many are already past it; each district's regulators get the same figures for their
 * district. The rule of kind `inspection` names who (by default use-unit administrators and
 * regulators); a week's message is sent once however often the daily job runs.
 */
import { addDays, areaLabel, INSPECTION_APPLY_WINDOW_DAYS, shanghaiToday } from '@ec/contract';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/client.ts';
import { rowsOf } from '../../../platform/db/sql.ts';
import { notify } from '../../../platform/notify.ts';
import { liftsDueRelation } from '../../elevator/api.ts';

/** 申请定期检验 (the use unit's), 检验电梯 (the regulator's overview of due and overdue lifts). */
const APPLY_PAGE = '/organization/inspectionAdd';
const OVERVIEW_PAGE = '/organization/elevator';

/** The Monday (yyyy-MM-dd) of the week of `day`. */
export function weekOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

const figures = (due: number, overdue: number) =>
  [
    due > 0 ? `${due} 台将在 ${INSPECTION_APPLY_WINDOW_DAYS} 日内到期` : '',
    overdue > 0 ? `${overdue} 台已超期未检` : '',
  ]
    .filter(Boolean)
    .join('，');

/** Sends the week's reminders (once per week and recipient); returns how many messages were written. */
export async function notifyInspectionDue(db: Queryable, today = shanghaiToday()): Promise<number> {
  const due = liftsDueRelation(null, addDays(today, INSPECTION_APPLY_WINDOW_DAYS)).as('d');
  // One pass, two groupings: per use unit and per district (the other key null in each row).
  const rows = rowsOf<{ unit: number | null; area: string | null; due: number; overdue: number }>(
    await db.execute(sql`
      select d.use_company_id as unit, d.area_code as area,
        count(*) filter (where d.next_inspect_date >= ${today}::date)::int as due,
        count(*) filter (where d.next_inspect_date < ${today}::date)::int as overdue
      from ${due}
      group by grouping sets ((d.use_company_id), (d.area_code))`),
  );
  const byUnit = rows.filter((r) => r.unit !== null && r.area === null);
  const byArea = rows.filter((r) => r.area !== null && r.unit === null);
  const week = weekOf(today);
  let sent = 0;
  for (const n of byUnit) {
    const unit = Number(n.unit);
    const to = await notify(db, {
      kind: 'inspection',
      title: `${n.due + n.overdue} 台电梯需申请定期检验`,
      body: `贵单位使用的电梯中，${figures(n.due, n.overdue)}，请在下次检验日期前申请定期检验。`,
      link: APPLY_PAGE,
      dedupKey: `due:${week}:u${unit}`,
      companyIds: [unit],
    });
    sent += to.length;
  }
  for (const n of byArea) {
    const area = String(n.area);
    const to = await notify(db, {
      kind: 'inspection',
      title: `本辖区 ${n.due + n.overdue} 台电梯待检`,
      body: `${areaLabel(area) ?? area}在用电梯中，${figures(n.due, n.overdue)}。`,
      link: OVERVIEW_PAGE,
      dedupKey: `due:${week}:a${area}`,
      areaCode: area,
    });
    sent += to.length;
  }
  return sent;
}
