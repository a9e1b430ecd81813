import { AD_PERMISSIONS as P } from '@ec/contract';
import type { AdPart } from '../part.ts';
import { gxgdOrderExport, intentionExport } from './exports.ts';
import { customerRoutes } from './routes.ts';

/** Customers (广告客户, /adCustom) and the partner channel's leads (/adIntention, /gxgdOrder). */
export const customerPart: AdPart = {
  routes: customerRoutes,
  exports: [intentionExport, gxgdOrderExport],
  menuButtons: {
    '/ad/custom': [
      { name: '查询广告客户', perms: P.customList },
      { name: '编辑广告客户', perms: P.customEdit },
    ],
    '/ad/gxgdintention': [
      { name: '查询意向客户', perms: P.intentionList },
      { name: '跟进、受理意向客户', perms: P.intentionEdit },
      { name: '导出意向客户', perms: P.intentionExport },
    ],
  },
};
