import type { FeaturePages } from '../../app/page-loader.ts';
import { ORG_PATHS } from '../../lib/routes.ts';

/** The pages of this feature (检验设备、印章管理), joined into app/pages.tsx. */
export const inspectionInstrumentPages: FeaturePages = [
  [ORG_PATHS.equipment, () => import('./pages/EquipmentPage.tsx')],
  [ORG_PATHS.equipmentAdd, () => import('./pages/EquipmentAddPage.tsx')],
  [ORG_PATHS.seals, () => import('./pages/SealPage.tsx')],
  [ORG_PATHS.sealDetail, () => import('./pages/SealDetailPage.tsx')],
];
