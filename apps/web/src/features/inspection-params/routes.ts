import type { FeaturePages } from '../../app/page-loader.ts';
import { ORG_PATHS } from '../../lib/routes.ts';

/** The pages of this feature (检验电梯、技术参数), joined into app/pages.tsx. */
export const inspectionParamPages: FeaturePages = [
  [ORG_PATHS.elevator, () => import('./pages/DueElevatorsPage.tsx')],
];
