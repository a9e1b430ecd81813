import type { FeaturePages } from '../../app/page-loader.ts';
import { ORG_PATHS } from '../../lib/routes.ts';

/** The pages of this feature (检验工单、报检、报检受理、任务分配), joined into app/pages.tsx. */
export const inspectionOrderPages: FeaturePages = [
  [ORG_PATHS.inspection, () => import('./pages/InspectionPage.tsx')],
  [[ORG_PATHS.inspectionDetail, ORG_PATHS.acceptanceDetail], () => import('./pages/OrderDetailPage.tsx')],
  [ORG_PATHS.inspectionAdd, () => import('./pages/ApplyPage.tsx')],
  [ORG_PATHS.acceptance, () => import('./pages/AcceptancePage.tsx')],
  [ORG_PATHS.taskAllotment, () => import('./pages/TaskAllotmentPage.tsx')],
];
