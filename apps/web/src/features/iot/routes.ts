import type { FeaturePages } from '../../app/page-loader.ts';

/** The pages of this feature (物联网电梯), joined into app/pages.tsx. */
export const iotPages: FeaturePages = [['/wisdom/iotelevator', () => import('./pages/IotElevatorPage.tsx')]];
