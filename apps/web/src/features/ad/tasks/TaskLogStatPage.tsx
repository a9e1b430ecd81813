import { type AdTaskStat, adTaskCalls } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Segmented, Space, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ExportButton } from '../../../components/ExportButton.tsx';
import { RowAction } from '../../../components/RowAction.tsx';
import { call } from '../../../lib/api.ts';

/** 投放日志 (/ad/taskLog) narrowed to one statistics row: its worker or order, over the same dates. */
export function taskLogLink(by: 'worker' | 'order', id: number, dateFrom: string, dateTo: string): string {
  const query = new URLSearchParams({ [by === 'worker' ? 'workerId' : 'orderId']: String(id) });
  if (dateFrom && dateTo) {
    query.set('dateFrom', dateFrom);
    query.set('dateTo', dateTo);
  }
  return `/ad/taskLog?${query}`;
}

/**
 * 投放统计 (/ad/taskLogStat): the logs per field worker or per order, over a date range; a row opens
 * 投放日志 narrowed to it (its worker or order, the same dates); 导出 writes the same rows as .xlsx.
 */
export default function TaskLogStatPage() {
  const navigate = useNavigate();
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
  const open = (r: AdTaskStat) => navigate(taskLogLink(by, r.id, input.dateFrom, input.dateTo));
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
          <ExportButton call={adTaskCalls.exportStat} input={() => input}>
            导出
          </ExportButton>
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
        onRow={(r) => ({ onClick: () => open(r), style: { cursor: 'pointer' }, title: '查看投放日志' })}
        columns={[
          {
            title: by === 'worker' ? '安装人员' : '订单号',
            dataIndex: 'name',
            render: (v: string, r) => (
              <RowAction
                data-testid="ad-task-stat-link"
                onClick={(e) => {
                  e.stopPropagation();
                  open(r);
                }}
              >
                {v}
              </RowAction>
            ),
          },
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
