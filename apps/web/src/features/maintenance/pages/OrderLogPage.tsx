import { ArrowLeftOutlined } from '@ant-design/icons';
import { maintenanceOrderCalls } from '@ec/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Pagination, Space, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { NotFoundCard } from '../../../components/NotFoundCard.tsx';
import { call } from '../../../lib/api.ts';
import { usePageParam } from '../../../lib/page-param.ts';
import { maintenanceKeys } from '../queries.ts';

const PAGE_SIZE = 20;

/** 维保日志 (?orderId=): the steps of one work order, oldest first. */
export default function OrderLogPage() {
  const orderId = usePageParam('orderId');
  const navigate = useNavigate();
  // The page number belongs to the order it was chosen for: another order's log starts at page 1.
  const [paging, setPaging] = useState({ orderId, page: 1 });
  const page = paging.orderId === orderId ? paging.page : 1;
  const order = useQuery({
    queryKey: maintenanceKeys.order('info', orderId),
    queryFn: ({ signal }) => call(maintenanceOrderCalls.info, { id: orderId! }, { signal, silent: true }),
    enabled: orderId !== null,
  });
  const log = useQuery({
    queryKey: [...maintenanceKeys.order('log', orderId), page],
    queryFn: ({ signal }) =>
      call(
        maintenanceOrderCalls.queryOrderRecord,
        { orderId: orderId!, page, limit: PAGE_SIZE },
        { signal, silent: true },
      ),
    enabled: orderId !== null,
    placeholderData: keepPreviousData,
  });

  if (orderId === null || log.isError) {
    return (
      <NotFoundCard
        title="工单不存在或无权访问"
        subTitle={orderId === null ? '缺少工单编号（orderId）' : log.error?.message}
      />
    );
  }
  const records = log.data?.records ?? [];
  return (
    <Card
      data-testid="order-log"
      loading={log.isPending}
      title={order.data ? `维保日志 · ${order.data.orderNo}` : '维保日志'}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
          返回
        </Button>
      }
    >
      {records.length === 0 ? (
        <Empty description="暂无维保日志" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Timeline
            items={records.map((r) => ({
              color: /驳回|违规/.test(r.action) ? 'red' : /确认|通过/.test(r.action) ? 'green' : 'blue',
              children: (
                <div data-testid="order-log-step">
                  <Typography.Text strong>{r.action}</Typography.Text>
                  <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
                    {r.time}
                  </Typography.Text>
                  <div>
                    {r.operator}
                    {r.detail ? `：${r.detail}` : ''}
                  </div>
                </div>
              ),
            }))}
          />
          {(log.data?.total ?? 0) > PAGE_SIZE && (
            <Pagination
              current={page}
              pageSize={PAGE_SIZE}
              total={log.data?.total ?? 0}
              showTotal={(total) => `共 ${total} 条`}
              onChange={(next) => setPaging({ orderId, page: next })}
            />
          )}
        </Space>
      )}
    </Card>
  );
}
