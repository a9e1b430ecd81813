import type { FeaturePages } from '../../app/page-loader.ts';
import { ORG_PATHS } from '../../lib/routes.ts';

/** The pages of this feature (检验项目、检验收费标准、新增收费标准), joined into app/pages.tsx. */
export const inspectionCatalogPages: FeaturePages = [
  [ORG_PATHS.content, () => import('./pages/ItemsPage.tsx')],
  [ORG_PATHS.fee, () => import('./pages/FeePage.tsx')],
  [ORG_PATHS.addFee, () => import('./pages/AddFeePage.tsx')],
];
