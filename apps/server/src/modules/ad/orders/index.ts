import { AD_PERMISSIONS as P } from '@ec/contract';
import type { AdPart } from '../part.ts';
import { orderRoutes } from './routes.ts';
import { finishEndedOrders } from './service.ts';

/** Orders (广告订单, /adOrder): booking points for dates, the availability search, the workflow. */
export const orderPart: AdPart = {
  routes: orderRoutes,
  jobs: [
    {
      // Orders 投放中 past their last day → 已完成 (points settled, removal tasks). Every 10 minutes so
      // an order ends soon after midnight in Shanghai; each run is one conditional UPDATE, so a
      // second node (or a second run) finds nothing left to finish.
      name: 'ad-orders-finish',
      label: '广告订单到期完成',
      everyMs: 10 * 60_000,
      run: (db) => db.transaction((tx) => finishEndedOrders(tx)).then(() => undefined),
    },
  ],
  menuButtons: {
    '/ad/order': [
      { name: '查询广告订单', perms: P.orderList },
      { name: '新建、修改、提交、取消订单', perms: P.orderEdit },
      { name: '审核、投放、完结订单', perms: P.orderAudit },
      { name: '选择广告客户', perms: P.customList },
      { name: '选择广告点位', perms: P.pointList },
    ],
  },
};
