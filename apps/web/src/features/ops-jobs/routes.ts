import type { FeaturePages } from '../../app/page-loader.ts';
import { OPS_PATHS } from '../../lib/routes.ts';

/** The page of this feature (定时任务), joined into app/pages.tsx. */
export const opsJobPages: FeaturePages = [[OPS_PATHS.job, () => import('./pages/JobPage.tsx')]];
