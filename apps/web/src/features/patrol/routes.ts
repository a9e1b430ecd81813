import type { FeaturePages } from '../../app/page-loader.ts';
import { PATROL_PATHS as P } from '../../lib/routes.ts';

/** The pages of this feature (电子巡查), joined into app/pages.tsx; the phone page is routed in app/router.tsx. */
export const patrolPages: FeaturePages = [
  [[P.tasks, P.myTasks], () => import('./pages/TaskListPage.tsx')],
  [P.taskDetail, () => import('./pages/TaskDetailPage.tsx')],
  [P.contents, () => import('./pages/ContentPage.tsx')],
  [P.templates, () => import('./pages/TemplatePage.tsx')],
  [P.myNotices, () => import('./pages/MyNoticePage.tsx')],
  [P.reviewNotices, () => import('./pages/NoticeReviewPage.tsx')],
  [P.newTask, () => import('./pages/NewTaskPage.tsx')],
];
