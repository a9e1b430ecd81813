import { exportCalls as E, noticeCalls as N } from '@ec/contract';
import {
  activeExports,
  cancelExport,
  downloadExport,
  listExports,
  removeExport,
} from '../../platform/exports.ts';
import { implement } from '../../platform/http/implement.ts';
import { listNotices, listRules, readAllNotices, readNotices, unreadNotices, updateRule } from './notices.ts';

export const noticeRoutes = [
  implement(N.query, (f, { user, db }) => listNotices(db, user, f)),
  implement(N.unread, (_, { user, db }) => unreadNotices(db, user)),
  implement(N.read, ({ ids }, { user, db }) => readNotices(db, user, ids)),
  implement(N.readAll, ({ kind }, { user, db }) => readAllNotices(db, user, kind)),
  implement(N.rules, (_, { db }) => listRules(db)),
  implement(N.updateRule, (f, { db }) => updateRule(db, f)),
];

export const exportRoutes = [
  implement(E.query, (f, { user, db }) => listExports(db, user, f)),
  implement(E.active, (_, { user, db }) => activeExports(db, user)),
  implement(E.download, ({ id }, { user, platform, reply }) => downloadExport(platform, user, id, reply)),
  implement(E.cancel, ({ id }, { user, db }) => cancelExport(db, user, id)),
  implement(E.remove, ({ id }, { user, platform }) => removeExport(platform, user, id)),
];
