import type { FeaturePages } from '../../app/page-loader.ts';
import { ORG_PATHS } from '../../lib/routes.ts';

/** The pages of this feature (检验人员、人员审核、部门管理、人员分配), joined into app/pages.tsx. */
export const inspectionPeoplePages: FeaturePages = [
  [ORG_PATHS.personnel, () => import('./pages/InspectorsPage.tsx')],
  [ORG_PATHS.personnelDetail, () => import('./pages/InspectorDetailPage.tsx')],
  [ORG_PATHS.auditPersonnel, () => import('./pages/AuditPersonnelPage.tsx')],
  [ORG_PATHS.auditPersonnelDetail, () => import('./pages/AuditPersonnelDetailPage.tsx')],
  [ORG_PATHS.department, () => import('./pages/DepartmentPage.tsx')],
  [ORG_PATHS.personnelAllotment, () => import('./pages/AllotmentPage.tsx')],
];
