import { type AdTaskStat, adTaskCalls } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Segmented, Space, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { call } from '../../../lib/api.ts';

/** 投放统计 (/ad/taskLogStat): the logs per field worker or per order, over a date range. */
export default function TaskLogStatPage() {
  const [by, setBy] = useState<'worker' | 'order'>('worker');
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const input = {
    by,
    dateFrom: range?.[0]?.format('YYYY-MM-DD') ?? '',
    dateTo: range?.[1]?.format('YYYY-MM-DD') ?? '',
  };
  const stats = useQuery({
    queryKey: ['adTasks', 'stats', input],
    queryFn: () => call(adTaskCalls.getTaskLogStatList, input),
  });
  return (
    <Card
      title="投放统计"
      extra={
        <Space>
          <Segmented<'worker' | 'order'>
            value={by}
            onChange={setBy}
            options={[
              { label: '按安装人员', value: 'worker' },
              { label: '按订单', value: 'order' },
            ]}
          />
          <DatePicker.RangePicker value={range} onChange={(v) => setRange(v as typeof range)} />
        </Space>
      }
    >
      <Table<AdTaskStat>
        data-testid="ad-task-stat"
        rowKey="id"
        size="small"
        loading={stats.isLoading}
        dataSource={stats.data ?? []}
        pagination={{ pageSize: 20 }}
        locale={{ emptyText: '暂无投放日志' }}
        columns={[
          { title: by === 'worker' ? '安装人员' : '订单号', dataIndex: 'name' },
          { title: '日志数', dataIndex: 'logs' },
          { title: '待审核', dataIndex: 'pending' },
          { title: '已通过', dataIndex: 'approved' },
          { title: '已驳回', dataIndex: 'rejected' },
          { title: '距离超限', dataIndex: 'far' },
          { title: '涉及任务', dataIndex: 'tasks' },
          { title: '已完成任务', dataIndex: 'doneTasks' },
        ]}
      />
    </Card>
  );
}
