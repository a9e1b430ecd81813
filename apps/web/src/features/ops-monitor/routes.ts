import type { FeaturePages } from '../../app/page-loader.ts';
import { OPS_PATHS } from '../../lib/routes.ts';

/** The pages of this feature (在线用户、登录日志), joined into app/pages.tsx. */
export const opsMonitorPages: FeaturePages = [
  [OPS_PATHS.online, () => import('./pages/OnlinePage.tsx')],
  [OPS_PATHS.loginLog, () => import('./pages/LoginLogPage.tsx')],
];
