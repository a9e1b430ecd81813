import { PATROL_PERMISSIONS as P } from '@ec/contract';
import { defineModule } from '../../platform/module.ts';
import { patrolRoutes } from './routes.ts';
import {
  answerPhotos,
  NOTICE_TOPIC,
  type NoticeAudience,
  resultPhotos,
  seesNotice,
  seesTask,
  TASK_TOPIC,
  type TaskAudience,
} from './scope.ts';
import { seedPatrolContents, seedPatrolDemo } from './seed.ts';

const contentList = { name: '查询巡检内容与模板', perms: P.contentList };
const contentEdit = { name: '编辑巡检内容与模板', perms: P.contentEdit };
const taskList = { name: '查询巡检任务', perms: P.taskList };
const taskEdit = { name: '新建、修改、取消巡检任务', perms: P.taskEdit };
const taskExecute = { name: '现场巡检（记录结果、完成任务）', perms: P.taskExecute };
const noticeList = { name: '查询整改通知', perms: P.noticeList };
const noticeAnswer = { name: '回复整改通知', perms: P.noticeAnswer };
const noticeHandle = { name: '整改通知销号、退回', perms: P.noticeHandle };

/**
 * 电子巡查 (issue 17): check contents and templates (city-wide, seeded on first start), a regulator's
 * patrol tasks over the lifts or use units of its district, done on the phone page (/m/patrol), and
 * the rectification notices its findings open, answered by the use unit or maintenance company and
 * closed or reopened by the regulator. scope.ts says who sees what.
 */
export const patrolModule = defineModule({
  name: 'patrol',
  routes: patrolRoutes,
  baseSeeders: [seedPatrolContents],
  demoSeeders: [(tx) => seedPatrolDemo(tx)],
  menuButtons: {
    '/patrol/task': [taskList, noticeList],
    '/patrol/taskDetail': [taskList, noticeList, noticeHandle],
    '/patrol/content': [contentList, contentEdit],
    '/patrol/template': [contentList, contentEdit],
    '/patrol/myContent': [noticeList, noticeAnswer],
    '/patrol/notice': [noticeList, noticeHandle],
    '/wisdom/patrolTask': [taskList, taskEdit, taskExecute, noticeList, noticeHandle],
    '/wisdom/newInspectionTask': [taskList, taskEdit, contentList],
  },
  fileReferences: [resultPhotos, answerPhotos],
  liveTopics: [
    {
      name: TASK_TOPIC,
      permissions: [P.taskList, P.taskExecute],
      sees: (user, audience) => seesTask(user, audience as TaskAudience),
    },
    {
      name: NOTICE_TOPIC,
      permissions: [P.noticeList, P.noticeAnswer, P.noticeHandle],
      sees: (user, audience) => seesNotice(user, audience as NoticeAudience),
    },
  ],
});
