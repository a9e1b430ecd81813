import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { maintenanceOrderCalls } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { Tag, Tooltip } from 'antd';
import { call } from '../../lib/api.ts';
import { maintenanceKeys } from './queries.ts';

/**
 * The tamper-evidence check of an order's record (verifyChain): green 记录完整 when every confirmed
 * record of the lift up to this one still hashes to its stored chain, red 记录被篡改 with the reason
 * and the first broken record otherwise.
 */
export function ChainBadge({ orderId }: { orderId: number }) {
  const chain = useQuery({
    queryKey: maintenanceKeys.order('chain', orderId),
    queryFn: ({ signal }) => call(maintenanceOrderCalls.verifyChain, { orderId }, { signal, silent: true }),
  });
  if (chain.isPending) return <Tag data-testid="chain-badge">校验中</Tag>;
  if (chain.isError) {
    return (
      <Tooltip title={chain.error.message}>
        <Tag data-testid="chain-badge">无法校验</Tag>
      </Tooltip>
    );
  }
  const v = chain.data;
  if (v.intact) {
    return (
      <Tooltip title={`已校验本电梯 ${v.checked} 条已确认的维保记录，内容与防篡改链一致`}>
        <Tag color="success" icon={<CheckCircleFilled />} data-testid="chain-badge" data-intact="true">
          记录完整
        </Tag>
      </Tooltip>
    );
  }
  const where = v.brokenOrderNo ? `工单 ${v.brokenOrderNo}：` : '';
  return (
    <span data-testid="chain-badge" data-intact="false">
      <Tag color="error" icon={<CloseCircleFilled />}>
        记录被篡改
      </Tag>
      <span style={{ color: '#cf1322' }}>{`${where}${v.reason ?? '记录内容与防篡改链不一致'}`}</span>
    </span>
  );
}
