import { AD_PERMISSIONS as P } from '@ec/contract';
import type { AdPart } from '../part.ts';
import { seedAdDemo } from '../seed.ts';
import { pointExport, pointMapExport } from './exports.ts';
import { pointRoutes } from './routes.ts';

const list = { name: '查询广告点位', perms: P.pointList };
const edit = { name: '新增、批量新增、修改、删除点位', perms: P.pointEdit };
const exportPoints = { name: '导出点位', perms: P.pointExport };

/** Points (广告点位, /adPoint): the list, counts, the map's points, add / batch add, exports. */
export const pointPart: AdPart = {
  routes: pointRoutes,
  exports: [pointExport, pointMapExport],
  // The demo points, customers, orders and leads (seed.ts); the other parts' demo data follows.
  demoSeeders: [(tx) => seedAdDemo(tx)],
  menuButtons: {
    '/ad/point': [list, edit, exportPoints],
    '/ad/pointMap': [list],
  },
};
