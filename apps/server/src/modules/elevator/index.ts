import { sql } from 'drizzle-orm';
import { defineModule } from '../../platform/module.ts';
import { attachmentFiles } from './attachments.ts';
import { elevatorExport, elevatorFullExport } from './exports.ts';
import { elevatorRoutes } from './routes.ts';
import { seedElevators } from './seed.ts';
import { refreshAllInspectTimes } from './service.ts';

export const elevatorModule = defineModule({
  name: 'elevator',
  routes: elevatorRoutes,
  exports: [elevatorExport, elevatorFullExport],
  fileReferences: [attachmentFiles],
  menuButtons: {
    '/basicInformation/theElevatorManagement': [
      { name: '查询电梯', perms: 'elevator:list' },
      { name: '编辑电梯', perms: 'elevator:edit' },
      { name: '导入电梯', perms: 'elevator:import' },
      { name: '导出电梯', perms: 'elevator:export' },
    ],
    '/basicInformation/thelEevatorList': [
      { name: '查询电梯', perms: 'elevator:list' },
      { name: '导出电梯', perms: 'elevator:export' },
    ],
    '/basicInformation/elevatorMaintenance': [
      { name: '查询电梯', perms: 'elevator:list' },
      { name: '认领电梯', perms: 'elevator:claim' },
    ],
    '/basicInformation/useTheElevator': [
      { name: '查询电梯', perms: 'elevator:list' },
      { name: '认领电梯', perms: 'elevator:claim' },
    ],
    '/basicInformation/theElevatorUsesClaim': [
      { name: '查询电梯', perms: 'elevator:list' },
      { name: '认领电梯', perms: 'elevator:claim' },
    ],
    '/basicInformation/userMyTheElevator': [
      { name: '查询电梯', perms: 'elevator:list' },
      { name: '导出电梯', perms: 'elevator:export' },
    ],
    '/basicInformation/regulationClaim': [
      { name: '查询电梯', perms: 'elevator:list' },
      { name: '审核认领', perms: 'elevator:claim:audit' },
    ],
    '/basicInformation/regulationClaimManager': [
      { name: '查询电梯', perms: 'elevator:list' },
      { name: '审核认领', perms: 'elevator:claim:audit' },
    ],
    '/equ/manage': [
      { name: '查询电梯', perms: 'elevator:list' },
      { name: '同步电梯数据', perms: 'elevator:sync' },
    ],
    '/getrecoreDianti': [{ name: '查询电梯', perms: 'elevator:list' }],
  },
  demoSeeders: [(tx, config) => seedElevators(tx, config.demoElevators)],
  jobs: [
    {
      name: 'elevator.refresh-inspect-time',
      label: '刷新电梯下次检验日期',
      everyMs: 24 * 3600_000,
      run: async (db) => {
        await refreshAllInspectTimes(db, sql`true`);
      },
    },
  ],
});
