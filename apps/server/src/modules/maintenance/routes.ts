import { elevatorCalls, maintenanceOrderCalls } from '@ec/contract';
import { implement } from '../../platform/http/implement.ts';
import { orderDetail, orderRecords, ordersOfElevator } from './service.ts';

export const maintenanceRoutes = [
  implement(elevatorCalls.detailMaintenanceOrderInfo, ({ elevatorId, page, limit }, { user, platform }) =>
    ordersOfElevator(platform.db, user, elevatorId, page, limit),
  ),
  implement(maintenanceOrderCalls.info, ({ id }, { user, platform }) => orderDetail(platform.db, user, id)),
  implement(maintenanceOrderCalls.queryOrderRecord, ({ orderId, page, limit }, { user, platform }) =>
    orderRecords(platform.db, user, orderId, page, limit),
  ),
];
