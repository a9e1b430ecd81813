import type { FeaturePages } from '../../app/page-loader.ts';
import { ORG_PATHS } from '../../lib/routes.ts';

/** The pages of this feature (检验账单), joined into app/pages.tsx. */
export const inspectionBillPages: FeaturePages = [[ORG_PATHS.bill, () => import('./pages/BillPage.tsx')]];
