import { Tag } from 'antd';

/** Tag colours of the work order states (待维保, 维保中, 待确认, 已完成). */
const ORDER_STATUS_COLOR: Record<number, string> = {
  0: 'default',
  1: 'processing',
  2: 'orange',
  3: 'green',
};

/** A work order's state as a tag: the work order pages and the elevator's 维保记录 show it alike. */
export function OrderStatusTag({ status, label }: { status: number; label: string }) {
  return <Tag color={ORDER_STATUS_COLOR[status]}>{label}</Tag>;
}
