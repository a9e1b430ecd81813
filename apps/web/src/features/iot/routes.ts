import type { FeaturePages } from '../../app/page-loader.ts';
import { IOT_PATHS } from '../../lib/routes.ts';

/** The pages of this feature (物联网电梯, and the hidden 物联网 entry), joined into app/pages.tsx. */
export const iotPages: FeaturePages = [
  [IOT_PATHS.elevator, () => import('./pages/IotElevatorPage.tsx')],
  [IOT_PATHS.entry, () => import('./pages/IotEntryPage.tsx')],
];
