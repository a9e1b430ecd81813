import type { FeaturePages } from '../../app/page-loader.ts';

/** The pages of this feature (检验项目、检验收费标准), joined into app/pages.tsx. */
export const inspectionCatalogPages: FeaturePages = [];
