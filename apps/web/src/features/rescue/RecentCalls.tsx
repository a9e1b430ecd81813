import { AGENT_TOPIC, CALL_DIRECTION, RESCUE_PERMISSIONS, serviceUserCalls } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Skeleton, Table, Tag } from 'antd';
import { usePermission } from '../../lib/access.ts';
import { call } from '../../lib/api.ts';
import { dash, formatDateTime } from '../../lib/format.ts';
import { useLiveRefresh } from '../../lib/live.ts';
import { rescueKeys } from './queries.ts';

/** How many calls the board shows. */
export const RECENT_CALLS = 10;

/**
 * 最近通话 on the board: the call centre's latest calls, newest first, refreshed when an agent records
 * a call or goes on or off duty (topic rescue.agent). Only for those who may read call records.
 */
export function RecentCalls() {
  const may = usePermission(RESCUE_PERMISSIONS.agentList);
  const calls = useQuery({
    queryKey: rescueKeys.recentCalls,
    enabled: may,
    queryFn: ({ signal }) =>
      call(serviceUserCalls.callRecords, { page: 1, limit: RECENT_CALLS }, { signal, silent: true }),
  });
  useLiveRefresh(may ? [AGENT_TOPIC] : [], rescueKeys.recentCalls);
  if (!may) return null;
  return (
    <Card size="small" title="最近通话" style={{ marginTop: 12 }} data-testid="recent-calls">
      {calls.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : calls.isError ? (
        <Alert type="error" showIcon message={`通话记录加载失败：${calls.error.message}`} />
      ) : calls.data.records.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无通话" />
      ) : (
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={calls.data.records}
          columns={[
            {
              title: '时间',
              dataIndex: 'startedAt',
              width: 96,
              // 月-日 时:分
              render: (v: string) => formatDateTime(v).slice(5, 16),
            },
            {
              title: '方向',
              dataIndex: 'direction',
              width: 56,
              render: (v: number, r) => (
                <Tag color={v === CALL_DIRECTION.incoming ? 'green' : 'blue'}>{r.directionLabel}</Tag>
              ),
            },
            { title: '号码', dataIndex: 'phone' },
            { title: '坐席', dataIndex: 'agentName', render: (v: string | null) => dash(v) },
            { title: '工单', dataIndex: 'caseNo', render: (v: string | null) => dash(v) },
          ]}
        />
      )}
    </Card>
  );
}
