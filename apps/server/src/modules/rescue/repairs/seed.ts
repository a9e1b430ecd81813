import { and, asc, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client.ts';
import { rowsOf } from '../../../platform/db/sql.ts';
import { pick, rng } from '../../../platform/seed/random.ts';
import { liftsRelation } from '../../elevator/api.ts';
import { repairOrder } from '../tables.ts';

const DAY = 86_400_000;
/** How many demo repairs. */
const COUNT = 360;

/** Fault types by how often they are reported (keys of the dictionary hitch_type). */
const TYPES: [string, number][] = [
  ['1', 30],
  ['3', 12],
  ['4', 14],
  ['5', 8],
  ['6', 12],
  ['7', 6],
  ['8', 10],
  ['99', 4],
];
const WORDS: Record<string, string[]> = {
  '1': ['厅门关不上', '轿门反复开关', '开门时有卡阻'],
  '3': ['运行时有异响', '井道内有摩擦声'],
  '4': ['电梯停在 5 楼不动', '电梯停用，按钮无反应'],
  '5': ['运行中抖动明显', '启动和停止时有顿挫'],
  '6': ['楼层显示不亮', '外呼按钮失灵'],
  '7': ['轿厢照明不亮', '轿厢风扇不转'],
  '8': ['平层误差大，有台阶', '停靠时高出地面'],
  '99': ['轿厢内有异味'],
};
const RESULTS = [
  '更换门机皮带，试运行正常',
  '调整门刀间隙，运行正常',
  '更换按钮板',
  '紧固导靴，异响消除',
  '重新校准平层感应器',
];

/**
 * Demo repairs: 360 over the last twelve months (more of them recent), from use units, maintenance
 * companies and the call centre, the older ones done, the latest waiting or in hand: the statistics'
 * 12-month 故障类型 and 故障率 charts have a year of faults to show.
 */
export async function seedRepairs(tx: Tx) {
  const r = rng(20261126);
  const l = liftsRelation().as('l');
  const lifts = await tx
    .select()
    .from(l)
    .where(and(isNotNull(l.maintenanceCompanyId)))
    .orderBy(asc(l.id));
  if (lifts.length === 0) return;
  const now = Date.now();
  const ids = rowsOf<{ id: string | number }>(
    await tx.execute(
      sql`select nextval(pg_get_serial_sequence('repair_order', 'id')) as id from generate_series(1, ${COUNT})`,
    ),
  ).map((row) => Number(row.id));
  const rows: (typeof repairOrder.$inferInsert)[] = [];
  for (const id of ids) {
    const lift = lifts[Math.floor(r() * lifts.length)];
    const daysAgo = Math.floor(r() ** 1.5 * 365);
    const at = new Date(now - daysAgo * DAY - Math.floor(r() * 10) * 3_600_000 - 3_600_000);
    const [hitchType] = pick(r, TYPES);
    const words = WORDS[hitchType];
    const status = daysAgo > 3 ? 3 : daysAgo > 0 ? (r() < 0.5 ? 2 : 3) : r() < 0.6 ? 1 : 2;
    const source = [1, 5, 6, 6][Math.floor(r() * 4)];
    const day = new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');
    rows.push({
      id,
      repairNo: `BX${day}${String(id).padStart(6, '0')}`,
      elevatorId: lift.id,
      areaCode: lift.areaCode,
      maintenanceCompanyId: lift.maintenanceCompanyId,
      useCompanyId: lift.useCompanyId,
      hitchType,
      description: words[Math.floor(r() * words.length)],
      reporterName: source === 1 ? null : '物业值班',
      reporterPhone: `139${String(10_000_000 + Math.floor(r() * 89_999_999))}`,
      source,
      status,
      result: status === 3 ? RESULTS[Math.floor(r() * RESULTS.length)] : null,
      finishedAt: status === 3 ? new Date(at.getTime() + (2 + Math.floor(r() * 30)) * 3_600_000) : null,
      version: status - 1,
      createdAt: at,
      updatedAt: at,
    });
  }
  await tx.insert(repairOrder).values(rows);
}
