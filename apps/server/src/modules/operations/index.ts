import { API_KEY_PERMISSIONS, EXPORT_TOPIC } from '@ec/contract';
import { sweepApiKeyRecords } from '../../platform/auth/api-keys.ts';
import { ExportWorker, sweepExports } from '../../platform/exports.ts';
import { defineModule } from '../../platform/module.ts';
import { apiKeyRoutes } from './api-keys/routes.ts';
import { noticeTopic, seedExportParams, seedNoticeRules, sendPendingSms } from './notices.ts';
import { exportRoutes, noticeRoutes } from './routes.ts';

/**
 * The operations centre (issue 20): the message centre (platform/notify.ts writes, this module reads
 * and texts) and, beside it, the export centre and the console's housekeeping.
 */
export const operationsModule = defineModule({
  name: 'operations',
  routes: [...noticeRoutes, ...exportRoutes, ...apiKeyRoutes],
  baseSeeders: [seedNoticeRules, seedExportParams],
  menuButtons: {
    '/ops/noticeRule': [{ name: '查看与修改消息规则', perms: 'system:notice:rule' }],
    '/ops/apiKey': [
      { name: '查看 API 密钥', perms: API_KEY_PERMISSIONS.list },
      { name: '签发与吊销 API 密钥', perms: API_KEY_PERMISSIONS.edit },
    ],
  },
  liveTopics: [
    noticeTopic,
    { name: EXPORT_TOPIC, sees: (user, a) => (a as { userIds: number[] }).userIds.includes(user.id) },
  ],
  async start(platform) {
    // The SMS sender needs the platform's driver: registered here, timed by the scheduler.
    platform.jobs.register({
      name: 'notice-sms',
      everyMs: 15_000,
      run: (db) => sendPendingSms(db, platform.sms, platform.log).then(() => undefined),
    });
    platform.jobs.register({
      name: 'export-sweep',
      everyMs: 30_000,
      run: (db) => sweepExports({ db, storage: platform.storage }).then(() => undefined),
    });
    platform.jobs.register({
      name: 'api-key-sweep',
      everyMs: 10 * 60_000,
      run: (db) => sweepApiKeyRecords(db),
    });
    // Background exports run on every node that runs jobs (JOBS=off: none, as for the scheduler).
    const worker = new ExportWorker(platform);
    if (platform.config.jobsEnabled) worker.start();
    return () => worker.stop();
  },
});
