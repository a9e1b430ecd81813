import { API_KEY_PERMISSIONS, EXPORT_TOPIC, JOB_PERMISSIONS } from '@ec/contract';
import { sweepApiKeyRecords } from '../../platform/auth/api-keys.ts';
import { ExportWorker, sweepExports } from '../../platform/exports.ts';
import { recipientsTopic } from '../../platform/live.ts';
import { defineModule } from '../../platform/module.ts';
import { apiKeyRoutes } from './api-keys/routes.ts';
import { jobRoutes } from './jobs/routes.ts';
import { monitorPart } from './monitor/index.ts';
import { noticeTopic, seedExportParams, seedNoticeRules, sendPendingSms } from './notices.ts';
import { exportRoutes, noticeRoutes } from './routes.ts';

/**
 * The operations centre (issue 20): the message centre (platform/notify.ts writes, this module reads
 * and texts) and, beside it, the export centre and the console's housekeeping: the scheduled jobs'
 * page (jobs/: runs, 立即执行; platform/jobs.ts records the runs and alerts on failures in a row).
 */
export const operationsModule = defineModule({
  name: 'operations',
  routes: [...noticeRoutes, ...exportRoutes, ...apiKeyRoutes, ...jobRoutes, ...monitorPart.routes],
  baseSeeders: [seedNoticeRules],
  startSeeders: [seedExportParams, ...(monitorPart.startSeeders ?? [])],
  menuButtons: {
    '/ops/noticeRule': [{ name: '查看与修改消息规则', perms: 'system:notice:rule' }],
    '/ops/apiKey': [
      { name: '查看 API 密钥', perms: API_KEY_PERMISSIONS.list },
      { name: '签发与吊销 API 密钥', perms: API_KEY_PERMISSIONS.edit },
    ],
    '/ops/job': [
      { name: '查看定时任务与执行记录', perms: JOB_PERMISSIONS.list },
      { name: '立即执行定时任务', perms: JOB_PERMISSIONS.run },
    ],
    ...monitorPart.menuButtons,
  },
  jobs: [...monitorPart.jobs],
  exports: [...monitorPart.exports],
  liveTopics: [noticeTopic, recipientsTopic(EXPORT_TOPIC)],
  async start(platform) {
    // The SMS sender needs the platform's driver: registered here, timed by the scheduler.
    platform.jobs.register({
      name: 'notice-sms',
      label: '发送消息短信',
      everyMs: 15_000,
      run: (db) => sendPendingSms(db, platform.sms, platform.log).then(() => undefined),
    });
    platform.jobs.register({
      name: 'export-sweep',
      label: '导出任务清理（中断与过期）',
      everyMs: 30_000,
      run: (db) => sweepExports({ db, storage: platform.storage }).then(() => undefined),
    });
    platform.jobs.register({
      name: 'api-key-sweep',
      label: 'API 密钥计数与使用记录清理',
      everyMs: 10 * 60_000,
      run: (db) => sweepApiKeyRecords(db),
    });
    // Background exports run on every node that runs jobs (JOBS=off: none, as for the scheduler).
    const worker = new ExportWorker(platform);
    if (platform.config.jobsEnabled) worker.start();
    return () => worker.stop();
  },
});
