import type { FeaturePages } from '../../app/page-loader.ts';
import { OPS_PATHS } from '../../lib/routes.ts';

/** The pages of this feature (消息中心、导出中心、消息规则), joined into app/pages.tsx. */
export const opsPages: FeaturePages = [
  [OPS_PATHS.notice, () => import('./pages/NoticePage.tsx')],
  [OPS_PATHS.export, () => import('./pages/ExportPage.tsx')],
  [OPS_PATHS.noticeRule, () => import('./pages/NoticeRulePage.tsx')],
];
