import { loginLogCalls as L, onlineCalls as O } from '@ec/contract';
import { exportList } from '../../../platform/exports.ts';
import { implement } from '../../../platform/http/implement.ts';
import { listLoginLog, loginLogExport } from './login-log.ts';
import { forceLogout, listOnline } from './online.ts';

export const monitorRoutes = [
  implement(L.query, (f, { db }) => listLoginLog(db, f)),
  implement(L.export, (f, ctx) => exportList(ctx, loginLogExport, f)),
  implement(O.query, (f, { user, db }) => listOnline(db, user, f)),
  implement(O.forceLogout, ({ id }, { user, db }) => forceLogout(db, user, id)),
];
