import { INSPECTION_PERMISSIONS as P } from '@ec/contract';
import type { ModulePart } from '../../../platform/module.ts';
import { catalogRoutes } from './routes.ts';
import { seedCatalog } from './seed.ts';

const itemList = { name: '查询检验项目', perms: P.itemList };
const itemEdit = { name: '维护检验项目', perms: P.itemEdit };
const costList = { name: '查询收费标准与报价', perms: P.costList };
const costEdit = { name: '维护收费标准', perms: P.costEdit };

/** The item catalogue (检验项目) per lift variety, and the tariff (检验收费标准) with the quotes computed from it. */
export const catalogPart: ModulePart = {
  routes: catalogRoutes,
  demoSeeders: [(tx) => seedCatalog(tx)],
  menuButtons: {
    '/organization/content': [itemList, itemEdit],
    '/organization/Fee': [costList, costEdit],
    '/organization/AddFee': [costList, costEdit],
  },
};
