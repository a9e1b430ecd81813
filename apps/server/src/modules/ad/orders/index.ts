import { AD_PERMISSIONS as P } from '@ec/contract';
import type { AdPart } from '../part.ts';
import { orderRoutes } from './routes.ts';

/** Orders (广告订单, /adOrder): booking points for dates, the availability search, the workflow. */
export const orderPart: AdPart = {
  routes: orderRoutes,
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
