import { EXPORT_TOPIC } from '@ec/contract';
import { ExportWorker, sweepExports } from '../../platform/exports.ts';
import { defineModule } from '../../platform/module.ts';
import { noticeTopic, seedExportParams, seedNoticeRules, sendPendingSms } from './notices.ts';
import { exportRoutes, noticeRoutes } from './routes.ts';

/**
 * The operations centre (issue 20): the message centre (platform/notify.ts writes, this module reads
 * and texts) and, beside it, the export centre and the console's housekeeping.
 */
export const operationsModule = defineModule({
  name: 'operations',
  routes: [...noticeRoutes, ...exportRoutes],
  baseSeeders: [seedNoticeRules, seedExportParams],
  menuButtons: {
    '/ops/noticeRule': [{ name: '查看与修改消息规则', perms: 'system:notice:rule' }],
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
    // Background exports run on every node that runs jobs (JOBS=off: none, as for the scheduler).
    const worker = new ExportWorker(platform);
    if (platform.config.jobsEnabled) worker.start();
    return () => worker.stop();
  },
});
