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
  const rows = rowsOf<{ use_company_id: number | null; area_code: string; due: number; overdue: number }>(
    await db.execute(sql`
      select d.use_company_id, d.area_code,
        count(*) filter (where d.next_inspect_date >= ${today}::date)::int as due,
        count(*) filter (where d.next_inspect_date < ${today}::date)::int as overdue
      from ${due}
      group by 1, 2`),
  );
  const byUnit = new Map<number, { due: number; overdue: number }>();
  const byArea = new Map<string, { due: number; overdue: number }>();
  for (const r of rows) {
    for (const [map, key] of [
      [byUnit, r.use_company_id === null ? null : Number(r.use_company_id)],
      [byArea, r.area_code],
    ] as [Map<unknown, { due: number; overdue: number }>, unknown][]) {
      if (key === null) continue;
      const sum = map.get(key) ?? { due: 0, overdue: 0 };
      sum.due += r.due;
      sum.overdue += r.overdue;
      map.set(key, sum);
    }
  }
  const week = weekOf(today);
  let sent = 0;
  for (const [unit, n] of byUnit) {
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
  for (const [area, n] of byArea) {
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
