import { INSPECTION_PERMISSIONS } from '@ec/contract';
import type { ModulePart } from '../../../platform/module.ts';
import { paramExport } from './exports.ts';
import { paramRoutes } from './routes.ts';
import { seedTechParams } from './seed.ts';

const list = { name: '查询检验电梯与技术参数', perms: INSPECTION_PERMISSIONS.paramList };
const edit = { name: '导入、维护技术参数', perms: INSPECTION_PERMISSIONS.paramEdit };

/**
 * Technical parameters (技术参数) of the lifts an organisation inspects, their import and export, and
 * the lifts due for inspection (检验电梯). Its demo data follows the parties' (the organisations).
 */
export const paramsPart: ModulePart = {
  routes: paramRoutes,
  exports: [paramExport],
  demoSeeders: [(tx) => seedTechParams(tx)],
  menuButtons: { '/organization/elevator': [list, edit] },
};
