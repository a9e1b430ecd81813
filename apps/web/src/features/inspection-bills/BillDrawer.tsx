import {
  CHARGE_PAY_STATE_LABEL,
  formatYuan,
  INSPECTION_BILL_STATE_LABEL,
  type InspectionBillReport,
} from '@ec/contract';
import { Alert, Button, Descriptions, Drawer, Empty, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { dash } from '../../lib/format.ts';
import { ChargeTable, PaymentDialog } from './dialogs.tsx';
import { BILL_STATE_COLOR, PAY_STATE_COLOR, periodText, unpaidOf } from './logic.ts';
import { useBill, useBillReports, useBillRights } from './queries.ts';

/**
 * A bill's detail: its use unit, period and sums, its charges (the organisation records payment or
 * exemption of the chosen unpaid ones, or of all), and the reports the charges cover, with whether
 * each is released.
 */
export function BillDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const bill = useBill(id);
  const reports = useBillReports(id);
  const rights = useBillRights();
  const [selected, setSelected] = useState<number[]>([]);
  const [paying, setPaying] = useState<'paid' | 'exempt' | null>(null);
  const b = bill.data;
  const chosen = b ? b.charges.filter((c) => selected.includes(c.noticeId) && c.payState === 'unpaid') : [];
  const open = b ? unpaidOf(b.charges) : { count: 0, amount: 0 };
  return (
    <Drawer
      open={id !== null}
      onClose={() => {
        setSelected([]);
        onClose();
      }}
      width={1080}
      title={b ? `检验账单 ${b.billNo}` : '检验账单'}
      data-testid="bill-drawer"
      destroyOnHidden
      extra={
        b &&
        rights.edit &&
        open.count > 0 && (
          <Space>
            <Button type="primary" onClick={() => setPaying('paid')} data-testid="bill-detail-pay">
              {chosen.length ? `登记缴费（${chosen.length} 笔）` : '全部登记缴费'}
            </Button>
            <Button onClick={() => setPaying('exempt')} data-testid="bill-detail-exempt">
              {chosen.length ? `免缴（${chosen.length} 笔）` : '全部免缴'}
            </Button>
          </Space>
        )
      }
    >
      {bill.isError ? (
        <Alert
          type="error"
          showIcon
          message="无法加载账单"
          description={bill.error instanceof ApiError ? bill.error.message : '请稍后重试'}
        />
      ) : !b ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions
            size="small"
            bordered
            column={3}
            style={{ marginBottom: 16 }}
            data-testid="bill-detail"
          >
            <Descriptions.Item label="账单编号">{b.billNo}</Descriptions.Item>
            <Descriptions.Item label="使用单位">{dash(b.useUnitName)}</Descriptions.Item>
            <Descriptions.Item label="检验机构">{dash(b.orgName)}</Descriptions.Item>
            <Descriptions.Item label="账期">{periodText(b.periodFrom, b.periodTo)}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <Tag color={BILL_STATE_COLOR[b.state]} data-testid="bill-detail-state">
                {INSPECTION_BILL_STATE_LABEL[b.state]}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label="收费通知单">{b.chargeCount} 笔</Descriptions.Item>
            <Descriptions.Item label="应收（元）">{formatYuan(b.amount)}</Descriptions.Item>
            <Descriptions.Item label="已缴（元）">{formatYuan(b.paidAmount)}</Descriptions.Item>
            <Descriptions.Item label="免缴（元）">{formatYuan(b.exemptAmount)}</Descriptions.Item>
            <Descriptions.Item label="未缴（元）">
              <Typography.Text
                type={b.unpaidAmount > 0 ? 'danger' : undefined}
                data-testid="bill-detail-unpaid"
              >
                {formatYuan(b.unpaidAmount)}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="生成">
              {b.createdAt}
              {b.createdByName ? ` · ${b.createdByName}` : ''}
            </Descriptions.Item>
            <Descriptions.Item label="备注">{dash(b.remark)}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5}>收费通知单</Typography.Title>
          {rights.edit && open.count > 0 && (
            <Typography.Paragraph type="secondary">
              勾选未缴费的收费通知单可只登记其中几笔
            </Typography.Paragraph>
          )}
          <ChargeTable
            charges={b.charges}
            selectable={rights.edit}
            selected={selected}
            onSelect={setSelected}
            testId="bill-charges"
          />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            涵盖的检验报告
          </Typography.Title>
          <Table<InspectionBillReport>
            size="small"
            rowKey="id"
            data-testid="bill-reports"
            loading={reports.isLoading}
            dataSource={reports.data?.records ?? []}
            pagination={false}
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={reports.isError ? '无法加载检验报告' : '暂无检验报告（尚未出具或尚未发布）'}
                />
              ),
            }}
            columns={[
              { title: '报告编号', dataIndex: 'reportNo', width: 190 },
              { title: '注册代码', dataIndex: 'registerCode', width: 180 },
              { title: '检验日期', dataIndex: 'inspectedOn', width: 110, render: (v) => dash(v) },
              { title: '结论', dataIndex: 'conclusion', width: 100, render: (v) => dash(v) },
              { title: '报告状态', dataIndex: 'stateLabel', width: 90 },
              {
                title: '检验费',
                dataIndex: 'payState',
                width: 90,
                render: (_, r) =>
                  r.payState ? (
                    <Tag color={PAY_STATE_COLOR[r.payState]}>{CHARGE_PAY_STATE_LABEL[r.payState]}</Tag>
                  ) : (
                    '—'
                  ),
              },
              {
                title: '发布',
                key: 'release',
                render: (_, r) =>
                  r.state === 'pushed'
                    ? `已发布 ${r.pushedAt ?? ''}`
                    : r.payState === 'unpaid'
                      ? '检验费未缴清，缴费或免缴后方可发布'
                      : '未发布',
              },
            ]}
          />
        </>
      )}
      {b && paying && (
        <PaymentDialog
          bills={[b]}
          charges={chosen.length ? chosen : undefined}
          payState={paying}
          onClose={() => setPaying(null)}
          onDone={() => setSelected([])}
        />
      )}
    </Drawer>
  );
}
