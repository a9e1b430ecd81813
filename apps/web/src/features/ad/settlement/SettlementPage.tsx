import type { ProColumns } from '@ant-design/pro-components';
import {
  AD_SETTLEMENT_STATUS,
  type AdSettlementRow,
  adSettlementCalls,
  AD_SETTLEMENT_PERMISSIONS as P,
} from '@ec/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Descriptions, Drawer, Popconfirm, Space, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { ExportButton } from '../../../components/ExportButton.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { usePermission } from '../../../lib/access.ts';
import { call } from '../../../lib/api.ts';
import { shanghaiDay } from '../../../lib/format.ts';

const keys = { all: ['adSettlements'] as const };
const money = (v: number) => v.toFixed(2);

/**
 * 结算管理 (/ad/settlement): per use unit and month, the points in its lifts that carried paid
 * advertising, their days, the revenue, the unit's share and the amount. The operator computes a
 * month (已审核 ones stay as approved) and approves; each row exports the unit's settlement (.xlsx).
 * A use unit sees its own.
 */
export default function SettlementPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const canApprove = usePermission(P.approve);
  const canExport = usePermission(P.export);
  const [month, setMonth] = useState<Dayjs>(() => shanghaiDay().subtract(1, 'month'));
  const [open, setOpen] = useState<number | null>(null);
  const [computing, setComputing] = useState(false);
  const refresh = () => qc.invalidateQueries({ queryKey: keys.all });
  const compute = async () => {
    setComputing(true);
    try {
      const r = await call(adSettlementCalls.compute, { month: month.format('YYYY-MM') });
      message.success(
        `已计算 ${r.settlements} 个使用单位、${r.points} 个点位，结算金额 ${money(r.amount)} 元`,
      );
    } catch {
      // The request layer showed the reason.
    } finally {
      setComputing(false);
      await refresh();
    }
  };
  const approve = async (r: AdSettlementRow) => {
    try {
      await call(adSettlementCalls.approve, { id: r.id, version: r.version });
      message.success('已审核');
    } catch {
      // The request layer showed the reason.
    } finally {
      await refresh();
    }
  };
  const columns: ProColumns<AdSettlementRow>[] = [
    {
      title: '使用单位',
      dataIndex: 'useCompanyName',
      key: 'useCompanyName',
      hideInSearch: true,
      ellipsis: true,
      render: (_, r) => (
        <RowAction data-testid="ad-settlement-link" onClick={() => setOpen(r.id)}>
          {r.useCompanyName}
        </RowAction>
      ),
    },
    { title: '月份', dataIndex: 'month', key: 'month', hideInSearch: true, width: 90 },
    { title: '点位数', dataIndex: 'pointCount', key: 'pointCount', hideInSearch: true, width: 80 },
    { title: '投放天数', dataIndex: 'paidDays', key: 'paidDays', hideInSearch: true, width: 90 },
    {
      title: '广告收入（元）',
      dataIndex: 'revenue',
      key: 'revenue',
      hideInSearch: true,
      width: 130,
      render: (_, r) => money(r.revenue),
    },
    {
      title: '分成比例',
      dataIndex: 'share',
      key: 'share',
      hideInSearch: true,
      width: 90,
      render: (_, r) => `${r.share}%`,
    },
    {
      title: '结算金额（元）',
      dataIndex: 'amount',
      key: 'amount',
      hideInSearch: true,
      width: 130,
      render: (_, r) => <span data-testid="ad-settlement-amount">{money(r.amount)}</span>,
    },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      valueType: 'select',
      valueEnum: { 1: { text: '待审核' }, 2: { text: '已审核' } },
      width: 90,
      render: (_, r) => (
        <Tag color={r.status === AD_SETTLEMENT_STATUS.approved ? 'green' : 'gold'}>{r.statusLabel}</Tag>
      ),
    },
    actionColumn<AdSettlementRow>(160, (r) => [
      ...(canExport
        ? [
            <ExportButton key="export" call={adSettlementCalls.export} input={() => ({ id: r.id })}>
              导出
            </ExportButton>,
          ]
        : []),
      ...(canApprove && r.status === AD_SETTLEMENT_STATUS.pending
        ? [
            <Popconfirm key="approve" title="审核后不再重算，确定？" onConfirm={() => approve(r)}>
              <RowAction>审核</RowAction>
            </Popconfirm>,
          ]
        : []),
    ]),
  ];
  return (
    <>
      <ContractTable<AdSettlementRow>
        testId="ad-settlement-list"
        call={adSettlementCalls.list}
        params={{ month: month.format('YYYY-MM') }}
        queryKey={keys.all}
        columns={columns}
        search={false}
        headerTitle={
          <Space>
            <DatePicker picker="month" allowClear={false} value={month} onChange={(v) => v && setMonth(v)} />
            {canApprove && (
              <Button
                type="primary"
                loading={computing}
                onClick={compute}
                data-testid="ad-settlement-compute"
              >
                计算本月结算
              </Button>
            )}
          </Space>
        }
        emptyText="该月暂无结算"
      />
      {open !== null && <SettlementDrawer id={open} onClose={() => setOpen(null)} />}
    </>
  );
}

function SettlementDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const detail = useQuery({
    queryKey: [...keys.all, 'detail', id],
    queryFn: () => call(adSettlementCalls.get, { id }),
  });
  const s = detail.data;
  return (
    <Drawer open width={760} title="结算明细" onClose={onClose} loading={detail.isLoading}>
      {s && (
        <>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="使用单位">{s.useCompanyName}</Descriptions.Item>
            <Descriptions.Item label="月份">{s.month}</Descriptions.Item>
            <Descriptions.Item label="投放天数">{s.paidDays}</Descriptions.Item>
            <Descriptions.Item label="广告收入">{money(s.revenue)} 元</Descriptions.Item>
            <Descriptions.Item label="分成比例">{s.share}%</Descriptions.Item>
            <Descriptions.Item label="结算金额">{money(s.amount)} 元</Descriptions.Item>
          </Descriptions>
          <Table
            style={{ marginTop: 16 }}
            size="small"
            rowKey="pointId"
            dataSource={s.lines}
            pagination={{ pageSize: 20 }}
            columns={[
              { title: '点位编号', dataIndex: 'pointName' },
              { title: '注册代码', dataIndex: 'registerCode' },
              { title: '地址', dataIndex: 'address', ellipsis: true },
              { title: '投放天数', dataIndex: 'paidDays', width: 90 },
              { title: '收入（元）', dataIndex: 'revenue', width: 100, render: money },
              { title: '结算（元）', dataIndex: 'amount', width: 100, render: money },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
