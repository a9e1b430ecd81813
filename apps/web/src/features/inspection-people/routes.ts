import type { FeaturePages } from '../../app/page-loader.ts';

/** The pages of this feature (检验人员、人员审核、部门管理、人员分配), joined into app/pages.tsx. */
export const inspectionPeoplePages: FeaturePages = [];
