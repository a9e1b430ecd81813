import type { FeaturePages } from '../../app/page-loader.ts';

/** The pages of this feature (检验电梯、技术参数), joined into app/pages.tsx. */
export const inspectionParamPages: FeaturePages = [];
