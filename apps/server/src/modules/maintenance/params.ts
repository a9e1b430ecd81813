/**
 * 参数设置 of electronic maintenance: the regulator's checks' thresholds and the plan job's
 * look-ahead. The values seeded are the contract's MAINTENANCE_PARAMS, the same defaults checks.ts
 * and plans.ts fall back to, so the page shows what the server applies. Seeded on the first start
 * (a base seeder) and on every later start (the module's start), so that an installation made before
 * these rows existed gets them too; a row already there, possibly changed by an administrator, stays.
 */
import { MAINTENANCE_KINDS, MAINTENANCE_PARAMS, type MaintenanceKind } from '@ec/contract';
import type { Queryable } from '../../platform/db/client.ts';
import { sysParam } from '../../platform/db/tables.ts';

const KINDS = Object.keys(MAINTENANCE_KINDS).map(Number) as MaintenanceKind[];

/** The rows, in the order the page lists them. */
export const MAINTENANCE_PARAM_ROWS: (typeof sysParam.$inferInsert)[] = [
  ...KINDS.map((kind) => ({
    configKey: MAINTENANCE_PARAMS.minMinutesKey(kind),
    value: String(MAINTENANCE_PARAMS.minMinutes[kind]),
    name: `${MAINTENANCE_KINDS[kind]}最短现场作业时长（分钟）`,
    remark: `${MAINTENANCE_KINDS[kind]}工单签到至签退不足此分钟数的，提交时记为“维保时长过短”，列入监管核查`,
  })),
  {
    configKey: MAINTENANCE_PARAMS.signInMaxMetersKey,
    value: String(MAINTENANCE_PARAMS.signInMaxMeters),
    name: '维保签到距离上限（米）',
    remark:
      '签到或签退位置距电梯登记坐标超过此米数的，记为“签到位置异常”或“签退位置异常”，列入监管核查（广告安装签到同用此值）',
  },
  {
    configKey: MAINTENANCE_PARAMS.requiredPhotosKey,
    value: MAINTENANCE_PARAMS.requiredPhotos.join('、'),
    name: '维保必拍照片',
    remark: '每次维保必须拍摄的照片部位，用顿号或逗号分隔；缺少任一张的，记为“照片缺失”，列入图片核查',
  },
  {
    configKey: MAINTENANCE_PARAMS.generateAheadDaysKey,
    value: String(MAINTENANCE_PARAMS.generateAheadDays),
    name: '维保工单提前生成天数',
    remark: '每日任务按维保计划生成此天数内到期的维保工单',
  },
].map((row) => ({ ...row, builtIn: true }));

/** Inserts the rows that are missing; an existing row keeps its value. */
export async function seedMaintenanceParams(db: Queryable) {
  await db.insert(sysParam).values(MAINTENANCE_PARAM_ROWS).onConflictDoNothing();
}
