import {
  patrolContentCalls as C,
  patrolNoticeCalls as N,
  patrolTaskCalls as O,
  patrolTemplateCalls as T,
} from '@ec/contract';
import { implement } from '../../platform/http/implement.ts';
import {
  deleteContents,
  deleteTemplates,
  listContents,
  listTemplates,
  saveContent,
  saveTemplate,
  templateDetail,
} from './contents.ts';
import {
  answerNotice,
  cancelTask,
  closeNotice,
  completeTask,
  reopenNotice,
  saveResult,
  saveTask,
} from './flow.ts';
import {
  assigneeOptions,
  listNotices,
  listTasks,
  myTasks,
  noticeDetail,
  targetOptions,
  taskDetail,
} from './read.ts';

const tx = { tx: true };

/** 电子巡查: thin bindings over the services (contents.ts, read.ts, flow.ts). */
export const patrolRoutes = [
  implement(C.queryList, (f, { db }) => listContents(db, f)),
  implement(C.save, (v, { db }) => saveContent(db, v), tx),
  implement(C.delete, ({ ids }, { db }) => deleteContents(db, ids), tx),
  implement(T.queryList, (f, { db }) => listTemplates(db, f)),
  implement(T.queryDetail, ({ id }, { db }) => templateDetail(db, id)),
  implement(T.save, (v, { db }) => saveTemplate(db, v), tx),
  implement(T.delete, ({ ids }, { db }) => deleteTemplates(db, ids), tx),
  implement(O.queryList, (f, { user, db }) => listTasks(db, user, f)),
  implement(O.queryDetail, ({ id }, { user, db }) => taskDetail(db, user, id)),
  implement(O.save, (v, { user, db }) => saveTask(db, user, v), tx),
  implement(O.cancel, (v, { user, db }) => cancelTask(db, user, v), tx),
  implement(O.targetOptions, (f, { user, db }) => targetOptions(db, user, f)),
  implement(O.assigneeOptions, ({ areaCode }, { user, db }) => assigneeOptions(db, user, areaCode)),
  implement(O.myTasks, (_f, { user, db }) => myTasks(db, user)),
  implement(O.saveResult, (v, { user, db }) => saveResult(db, user, v), tx),
  implement(O.complete, (v, { user, db }) => completeTask(db, user, v), tx),
  implement(N.queryList, (f, { user, db }) => listNotices(db, user, f)),
  implement(N.queryDetail, ({ id }, { user, db }) => noticeDetail(db, user, id)),
  implement(N.answer, (v, { user, db }) => answerNotice(db, user, v), tx),
  implement(N.close, (v, { user, db }) => closeNotice(db, user, v), tx),
  implement(N.reopen, (v, { user, db }) => reopenNotice(db, user, v), tx),
];
