import { IOT_ALARM_TOPIC, IOT_STATE_TOPIC, IOT_PERMISSIONS as P } from '@ec/contract';
import { DAILY } from '../../platform/jobs.ts';
import { defineModule } from '../../platform/module.ts';
import { vouchForAlarms } from '../rescue/api.ts';
import { applyAccounts, brokerAccountsJob, keepsAccounts } from './accounts.ts';
import { iotRuntime, startIot } from './broker.ts';
import { detectOffline, detectTrapped, maintainPartitions, orderFinishedDays } from './jobs.ts';
import { iotRoutes } from './routes.ts';
import { type IotAudience, monitorsLift, seesIot } from './scope.ts';
import { seedIotDemo, seedIotParams } from './seed.ts';

// A merchant posts `POST /pc/rescueCase/alarm` only for the lifts its devices are bound to.
vouchForAlarms(monitorsLift);

const list = { name: '查询物联网设备', perms: P.deviceList };
const edit = { name: '维护物联网设备', perms: P.deviceEdit };
const alarms = { name: '查询物联网报警', perms: P.alarmList };
const handle = { name: '确认物联网报警', perms: P.alarmHandle };

/**
 * Elevator IoT (电梯物联网, issue 17): the merchants' devices and their bindings, ingestion over
 * MQTT (embedded broker or an external one) and HTTP, the latest state per lift, the monthly
 * partitioned history, alarms (open / repeat / clear), 困人 → rescue case, 离线.
 */
export const iotModule = defineModule({
  name: 'iot',
  routes: iotRoutes,
  startSeeders: [seedIotParams],
  demoSeeders: [(tx, config) => seedIotDemo(tx, config)],
  menuButtons: {
    // The merchant's 电梯数据同步 page and its hidden 'iot' entry.
    '/equ/manage': [list, edit, alarms, handle],
    iot: [list, edit, alarms, handle],
    // 物联网电梯 (regulators, the merchant): devices, live state, alarms.
    '/wisdom/iotelevator': [list, alarms, handle],
    // The elevator detail's 物联网 tab: whoever opens the lift reads its device and alarms.
    '/basicInformation/elevatorPageDetails': [list, alarms],
  },
  jobs: [
    {
      // 离线 (silent for 3 × the interval), and 困人 of a lift that fell silent while trapped.
      name: 'iot-watch',
      label: '物联网终端离线与困人检测',
      everyMs: 15_000,
      async run(db) {
        const now = new Date();
        await detectOffline(db, now);
        await detectTrapped(db, now);
      },
    },
    {
      // The history's monthly partitions: last month to two months ahead, those past the retention dropped.
      name: 'iot-partitions',
      label: '物联网历史数据分区维护',
      everyMs: DAILY,
      run: (db) => maintainPartitions(db, new Date()).then(() => undefined),
    },
    {
      // Each finished day (an hour past its end) rewritten once in (lift, time) order, so that a
      // lift's day is read from adjacent pages (docs/paths.md, "History on disk"). One transaction per day.
      name: 'iot-history-order',
      label: '物联网历史数据按电梯整理',
      everyMs: 3_600_000,
      outsideTransaction: true,
      run: (db) => orderFinishedDays(db, new Date()).then(() => undefined),
    },
  ],
  liveTopics: [
    {
      name: IOT_ALARM_TOPIC,
      permissions: [P.alarmList],
      sees: (user, audience) => seesIot(user, audience as IotAudience),
    },
    {
      name: IOT_STATE_TOPIC,
      permissions: [P.deviceList],
      sees: (user, audience) => seesIot(user, audience as IotAudience),
    },
  ],
  async start(platform) {
    // Last month and the months ahead exist before the first message (the daily job keeps them).
    await maintainPartitions(platform.db, new Date()).catch((err) =>
      platform.log.error({ err }, 'iot: history partitions could not be prepared'),
    );
    const stop = await startIot(platform);
    if (keepsAccounts(platform)) {
      // The devices' broker accounts (MQTT_DYNSEC): what the broker refused or missed, applied again
      // by the job, and at once what was left queued when the server stopped.
      platform.jobs.register(brokerAccountsJob(platform));
      void iotRuntime(platform)
        .ready.then(() => applyAccounts(platform))
        .catch((err) =>
          platform.log.warn({ err: (err as Error).message }, 'iot: queued broker accounts not applied'),
        );
    }
    return stop;
  },
});
