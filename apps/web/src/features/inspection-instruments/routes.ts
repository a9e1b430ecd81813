import type { FeaturePages } from '../../app/page-loader.ts';

/** The pages of this feature (检验设备、印章管理), joined into app/pages.tsx. */
export const inspectionInstrumentPages: FeaturePages = [];
