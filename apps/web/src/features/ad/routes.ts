import type { FeaturePages } from '../../app/page-loader.ts';
import { AD_PATHS } from '../../lib/routes.ts';

/**
 * The pages of this feature (电梯广告), joined into app/pages.tsx. Points, customers, leads, orders
 * and the point map here; tasks, task logs and their statistics, mini-program users, counts and
 * settlement added by their part (one line each).
 */
export const adPages: FeaturePages = [
  [AD_PATHS.point, () => import('./points/PointPage.tsx')],
  [AD_PATHS.pointMap, () => import('./points/PointMapPage.tsx')],
  [AD_PATHS.custom, () => import('./customers/CustomPage.tsx')],
  [AD_PATHS.intention, () => import('./customers/IntentionPage.tsx')],
  [AD_PATHS.order, () => import('./orders/OrderPage.tsx')],
  [AD_PATHS.task, () => import('./tasks/TaskPage.tsx')],
  [AD_PATHS.taskLog, () => import('./tasks/TaskLogPage.tsx')],
  [AD_PATHS.taskLogStat, () => import('./tasks/TaskLogStatPage.tsx')],
  [AD_PATHS.user, () => import('./users/UserPage.tsx')],
  [AD_PATHS.count, () => import('./settlement/CountPage.tsx')],
  [AD_PATHS.settlement, () => import('./settlement/SettlementPage.tsx')],
];
