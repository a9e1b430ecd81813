import { DAILY } from '../../../platform/jobs.ts';
import type { ModulePart } from '../../../platform/module.ts';
import { loginLogExport, purgeLoginLog, seedMonitorParams } from './login-log.ts';
import { monitorRoutes } from './routes.ts';

/** 在线用户 and 登录日志 (issue 20): what they add to the operations module. */
export const monitorPart = {
  routes: monitorRoutes,
  startSeeders: [seedMonitorParams],
  menuButtons: {
    '/ops/online': [
      { name: '查询在线用户', perms: 'monitor:online:list' },
      { name: '强制下线', perms: 'monitor:online:forceLogout' },
    ],
    '/ops/loginLog': [
      { name: '查询登录日志', perms: 'monitor:loginlog:list' },
      { name: '导出登录日志', perms: 'monitor:loginlog:export' },
    ],
  },
  jobs: [
    {
      // The sign-in log past its retention (monitor.loginlog.retentionDays), once a day.
      name: 'login-log-purge',
      label: '登录日志清理（超过保留天数）',
      everyMs: DAILY,
      run: (db) => purgeLoginLog(db).then(() => undefined),
    },
  ],
  exports: [loginLogExport],
} satisfies ModulePart;
