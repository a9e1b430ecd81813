import type { FeaturePages } from '../../app/page-loader.ts';
import { OPS_PATHS } from '../../lib/routes.ts';

/** The page of this feature (API 密钥), joined into app/pages.tsx. */
export const opsApiKeyPages: FeaturePages = [[OPS_PATHS.apiKey, () => import('./pages/ApiKeyPage.tsx')]];
