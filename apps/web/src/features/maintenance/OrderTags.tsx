import { Space, Tag } from 'antd';
import { ORDER_STATUS_COLOR, VERDICT_COLOR } from './labels.ts';

/** An order's state as a tag, with 逾期 beside it when it was planned before today and not submitted. */
export function OrderStatus({
  status,
  label,
  late = false,
}: {
  status: number;
  label: string;
  late?: boolean;
}) {
  return (
    <Space size={0}>
      <Tag color={ORDER_STATUS_COLOR[status] ?? 'default'} data-testid="order-status">
        {label}
      </Tag>
      {late && (
        <Tag color="red" data-testid="order-late">
          逾期
        </Tag>
      )}
    </Space>
  );
}

/** Open findings of the regulator's checks: a red count, or — when there are none. */
export const FindingCount = ({ count }: { count: number }) =>
  count > 0 ? <Tag color="red">{count} 项</Tag> : <span>—</span>;

/** A finding's verdict (待核查, 确认违规, 误报). */
export const VerdictTag = ({ verdict, label }: { verdict: number; label: string }) => (
  <Tag color={VERDICT_COLOR[verdict] ?? 'default'} data-testid="check-verdict">
    {label}
  </Tag>
);
