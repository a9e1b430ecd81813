/** Route paths of the work order pages (spelling from the menu catalogue). */
export const MAINTENANCE_PATHS = {
  workOrder: '/basicInformation/workOrderNo',
  log: '/basicInformation/theLog',
} as const;

export const workOrderUrl = (id: number) => `${MAINTENANCE_PATHS.workOrder}?id=${id}`;
export const orderLogUrl = (orderId: number) => `${MAINTENANCE_PATHS.log}?orderId=${orderId}`;

/** Tag colours of the work order states (待维保, 维保中, 待确认, 已完成). */
export const ORDER_STATUS_COLOR: Record<number, string> = {
  0: 'default',
  1: 'processing',
  2: 'orange',
  3: 'green',
};
/** Tag colours of an item's result. */
export const RESULT_COLOR: Record<string, string> = {
  正常: 'green',
  已调整: 'blue',
  已更换: 'purple',
  异常: 'red',
  无此项: 'default',
};

/** A visit's length on site: "45 分钟", or "—" before sign-out. */
export const durationText = (minutes: number | null) => (minutes === null ? '—' : `${minutes} 分钟`);
