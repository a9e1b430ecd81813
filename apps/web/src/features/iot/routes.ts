import type { FeaturePages } from '../../app/page-loader.ts';

/** 物联网电梯: the lifts' monitoring page. */
export const IOT_ELEVATOR_PATH = '/wisdom/iotelevator';

/** The pages of this feature (物联网电梯, and the hidden 物联网 entry), joined into app/pages.tsx. */
export const iotPages: FeaturePages = [
  [IOT_ELEVATOR_PATH, () => import('./pages/IotElevatorPage.tsx')],
  ['/iot', () => import('./pages/IotEntryPage.tsx')],
];
