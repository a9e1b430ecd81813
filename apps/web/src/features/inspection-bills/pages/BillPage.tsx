import type { ProColumns } from '@ant-design/pro-components';
import {
  BILL_PERMISSIONS,
  formatYuan,
  INSPECTION_BILL_STATE_LABEL,
  type InspectionBillRow,
  inspectionBillCalls,
} from '@ec/contract';
import { App, Button, Card, Col, Row, Space, Statistic, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ContractTable, type TableContext } from '../../../components/ContractTable.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { dash } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { BillDrawer } from '../BillDrawer.tsx';
import { CreateBillDialog, PaymentDialog } from '../dialogs.tsx';
import { BILL_STATE_COLOR, periodText, splitForPayment } from '../logic.ts';
import { billKeys, useBillRights, useExpense } from '../queries.ts';

type Paying = { bills: InspectionBillRow[]; payState: 'paid' | 'exempt'; done?: () => void };

/**
 * 检验账单: the organisation's bills to its use units (生成账单, 登记缴费 / 免缴 in a batch or in a bill's
 * detail) with its fee figures of the last 12 months above; a use unit's bills from its
 * organisations, or a regulator's of its districts' use units, read only.
 */
export default function BillPage() {
  const rights = useBillRights();
  const { user } = useSession();
  const isUseUnit = user?.roleType === 'use_unit';
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('id')) || null;
  const [creating, setCreating] = useState(false);
  const [paying, setPaying] = useState<Paying | null>(null);
  const expense = useExpense('month');
  const open = (id: number | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id === null) next.delete('id');
        else next.set('id', String(id));
        return next;
      },
      { replace: true },
    );

  const totals = expense.data?.totals;
  const figures = totals && (
    <Row gutter={[12, 12]} style={{ marginBottom: 12 }} data-testid="bill-figures">
      {[
        { title: '应收（元）', value: totals.amount },
        { title: '已缴（元）', value: totals.paidAmount },
        { title: '免缴（元）', value: totals.exemptAmount },
        { title: '未缴（元）', value: totals.unpaidAmount },
        { title: '未出账（元）', value: totals.unbilledAmount },
      ].map((f) => (
        <Col key={f.title} xs={12} sm={8} lg={4}>
          <Card size="small">
            <Statistic title={`近 12 个月${f.title}`} value={formatYuan(f.value)} />
          </Card>
        </Col>
      ))}
      <Col xs={24} sm={16} lg={4}>
        <Card size="small">
          <Statistic
            title="检验报告发布"
            value={expense.data?.releaseRequiresPayment ? '缴费或免缴后发布' : '不限缴费'}
            valueStyle={{ fontSize: 16 }}
          />
        </Card>
      </Col>
    </Row>
  );

  const batch = (ctx: TableContext<InspectionBillRow>, payState: 'paid' | 'exempt') => {
    const rows = ctx.requireSelection();
    if (!rows) return;
    const { taken, skipped } = splitForPayment(rows);
    if (taken.length === 0) return void message.warning('所选账单已结清，没有未缴费的收费通知单');
    if (skipped.length) message.info(`已结清的账单不登记：${skipped.join('、')}`);
    setPaying({ bills: taken, payState, done: ctx.clearSelection });
  };

  const columns: ProColumns<InspectionBillRow>[] = [
    { title: '账单编号', dataIndex: 'billNo', width: 160 },
    {
      title: '使用单位',
      dataIndex: 'useUnit',
      width: 200,
      hideInTable: isUseUnit,
      search: isUseUnit ? false : undefined,
      render: (_, r) => dash(r.useUnitName),
    },
    {
      title: '检验机构',
      dataIndex: 'orgName',
      search: false,
      width: 200,
      hideInTable: !isUseUnit,
      render: (_, r) => dash(r.orgName),
    },
    {
      title: '账期',
      dataIndex: 'month',
      valueType: 'dateMonth',
      width: 190,
      render: (_, r) => periodText(r.periodFrom, r.periodTo),
    },
    { title: '笔数', dataIndex: 'chargeCount', search: false, align: 'right', width: 70 },
    {
      title: '应收（元）',
      dataIndex: 'amount',
      search: false,
      align: 'right',
      width: 110,
      render: (_, r) => formatYuan(r.amount),
    },
    {
      title: '已缴（元）',
      dataIndex: 'paidAmount',
      search: false,
      align: 'right',
      width: 110,
      render: (_, r) => formatYuan(r.paidAmount),
    },
    {
      title: '免缴（元）',
      dataIndex: 'exemptAmount',
      search: false,
      align: 'right',
      width: 110,
      render: (_, r) => formatYuan(r.exemptAmount),
    },
    {
      title: '未缴（元）',
      dataIndex: 'unpaidAmount',
      search: false,
      align: 'right',
      width: 110,
      render: (_, r) =>
        r.unpaidAmount > 0 ? (
          <Typography.Text type="danger">{formatYuan(r.unpaidAmount)}</Typography.Text>
        ) : (
          '0.00'
        ),
    },
    {
      title: '状态',
      dataIndex: 'state',
      valueType: 'select',
      valueEnum: INSPECTION_BILL_STATE_LABEL,
      width: 100,
      render: (_, r) => (
        <Tag color={BILL_STATE_COLOR[r.state]} data-testid="bill-state">
          {r.stateLabel}
        </Tag>
      ),
    },
    { title: '生成时间', dataIndex: 'createdAt', search: false, width: 160 },
    actionColumn<InspectionBillRow>(170, (r) => (
      <>
        <RowAction onClick={() => open(r.id)} data-testid="bill-open">
          详情
        </RowAction>
        {rights.edit && r.unpaidCount > 0 && (
          <RowAction onClick={() => setPaying({ bills: [r], payState: 'paid' })} data-testid="bill-row-pay">
            登记缴费
          </RowAction>
        )}
      </>
    )),
  ];

  return (
    <>
      <ContractTable<InspectionBillRow>
        call={inspectionBillCalls.list}
        queryKey={billKeys.list}
        columns={columns}
        testId="inspection-bills"
        above={figures ? () => figures : undefined}
        selectable={rights.edit ? (r) => r.unpaidCount > 0 : false}
        selectionLabel={(n) => `已选择 ${n} 张账单`}
        headerTitle={(ctx) =>
          rights.edit && (
            <Space wrap>
              <Button onClick={() => batch(ctx, 'paid')} data-testid="bill-batch-pay">
                批量登记缴费
              </Button>
              <Button onClick={() => batch(ctx, 'exempt')} data-testid="bill-batch-exempt">
                批量免缴
              </Button>
            </Space>
          )
        }
        add={rights.edit ? { label: '生成账单', onClick: () => setCreating(true) } : false}
        exports={[{ call: inspectionBillCalls.export, permission: BILL_PERMISSIONS.list, unsorted: true }]}
        emptyText={
          rights.edit
            ? '暂无检验账单，点击“生成账单”汇总使用单位的收费通知单'
            : isUseUnit
              ? '暂无检验机构发来的检验账单'
              : '暂无检验账单'
        }
      />
      <BillDrawer id={openId} onClose={() => open(null)} />
      {creating && <CreateBillDialog onClose={() => setCreating(false)} onCreated={(b) => open(b.id)} />}
      {paying && (
        <PaymentDialog
          bills={paying.bills}
          payState={paying.payState}
          onClose={() => setPaying(null)}
          onDone={paying.done}
        />
      )}
    </>
  );
}
