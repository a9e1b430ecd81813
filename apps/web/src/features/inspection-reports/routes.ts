import type { FeaturePages } from '../../app/page-loader.ts';
import { ORG_PATHS } from '../../lib/routes.ts';

/** The pages of this feature (检验报告、报告原始记录), joined into app/pages.tsx. */
export const inspectionReportPages: FeaturePages = [
  [ORG_PATHS.report, () => import('./pages/ReportPage.tsx')],
  [ORG_PATHS.reportfilehis, () => import('./pages/ReportFileHistoryPage.tsx')],
];
