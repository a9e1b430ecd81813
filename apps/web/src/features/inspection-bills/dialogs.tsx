import {
  BILL_PAY_METHODS,
  CHARGE_PAY_STATE_LABEL,
  formatYuan,
  type InspectionBillCharge,
  type InspectionBillDetail,
  type InspectionBillPreview,
  type InspectionBillRow,
  inspectionBillCalls,
  shanghaiMonth,
  shanghaiToday,
} from '@ec/contract';
import {
  Alert,
  DatePicker,
  Descriptions,
  Empty,
  Form,
  Input,
  Modal,
  Radio,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { requiredRule } from '../../components/SaveModal.tsx';
import { ApiError, call } from '../../lib/api.ts';
import { shanghaiDay } from '../../lib/format.ts';
import {
  batchInput,
  PAY_STATE_COLOR,
  type PeriodChoice,
  periodInput,
  periodText,
  unpaidOf,
} from './logic.ts';
import { useBillWrite, useExpense } from './queries.ts';

const dayText = (v: Dayjs | undefined | null) => (v ? v.format('YYYY-MM-DD') : undefined);
const afterToday = (d: Dayjs) => d.format('YYYY-MM-DD') > shanghaiToday();

/** The charges of a bill or a preview (amounts in 元). */
export function ChargeTable({
  charges,
  selectable,
  selected,
  onSelect,
  testId,
}: {
  charges: InspectionBillCharge[];
  selectable?: boolean;
  selected?: number[];
  onSelect?: (ids: number[]) => void;
  testId: string;
}) {
  return (
    <Table<InspectionBillCharge>
      size="small"
      rowKey="noticeId"
      data-testid={testId}
      pagination={charges.length > 10 ? { pageSize: 10, size: 'small' } : false}
      scroll={{ x: 'max-content' }}
      dataSource={charges}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有收费通知单" /> }}
      rowSelection={
        selectable
          ? {
              selectedRowKeys: selected,
              onChange: (keys) => onSelect?.(keys.map(Number)),
              getCheckboxProps: (c) => ({ disabled: c.payState !== 'unpaid' }),
            }
          : undefined
      }
      columns={[
        { title: '收费通知单号', dataIndex: 'noticeNo', width: 170 },
        { title: '注册代码', dataIndex: 'registerCode', width: 200 },
        {
          title: '金额（元）',
          dataIndex: 'amount',
          align: 'right',
          width: 110,
          render: (v: number) => formatYuan(v),
        },
        {
          title: '缴费状态',
          dataIndex: 'payState',
          width: 90,
          render: (_, c) => (
            <Tag color={PAY_STATE_COLOR[c.payState]} data-testid="charge-pay-state">
              {CHARGE_PAY_STATE_LABEL[c.payState]}
            </Tag>
          ),
        },
        {
          title: '缴费信息',
          key: 'pay',
          width: 200,
          render: (_, c) =>
            c.payState === 'paid'
              ? `${c.paidAt ?? ''} ${c.payMethod ?? ''}`.trim()
              : c.payState === 'exempt'
                ? (c.payRemark ?? '免缴')
                : c.dueDate
                  ? `截止 ${c.dueDate}`
                  : '—',
        },
        { title: '签发日期', dataIndex: 'issuedAt', width: 110, render: (v: string) => v.slice(0, 10) },
        { title: '申请单号', dataIndex: 'orderNo', width: 160 },
        { title: '电梯地址', dataIndex: 'address', width: 220, ellipsis: true },
      ]}
    />
  );
}

/**
 * 生成账单: a use unit (those with charge notices in the last two years, the unbilled count beside
 * each) and a period (a month or a date range); the charges the bill would gather are shown before it
 * is made (the server's dry run), and the bill opens once made.
 */
export function CreateBillDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (bill: InspectionBillDetail) => void;
}) {
  const write = useBillWrite();
  const units = useExpense('useUnit');
  const [useUnitId, setUseUnitId] = useState<number | undefined>();
  const [period, setPeriod] = useState<PeriodChoice>({ mode: 'month', month: shanghaiMonth() });
  const [remark, setRemark] = useState('');
  const [preview, setPreview] = useState<InspectionBillPreview | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const checked = periodInput(period);
  const key = JSON.stringify([useUnitId, checked.ok ? checked.input : null]);

  // The dry run whenever the use unit or the period changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` holds the unit and the period.
  useEffect(() => {
    setPreview(null);
    setPreviewError(null);
    if (!useUnitId || !checked.ok) return;
    const ctrl = new AbortController();
    call(
      inspectionBillCalls.create,
      { useUnitId, ...checked.input, dryRun: true },
      { signal: ctrl.signal, silent: true },
    )
      .then((out) => setPreview(out.preview))
      .catch((e) => {
        if (!ctrl.signal.aborted) setPreviewError(e instanceof ApiError ? e.message : '无法预览，请稍后重试');
      });
    return () => ctrl.abort();
  }, [key]);

  const options = (units.data?.rows ?? []).map((r) => ({
    value: Number(r.key),
    label: `${r.label}${r.unbilledCount > 0 ? `（未出账 ${r.unbilledCount} 笔）` : ''}`,
  }));
  const count = preview?.charges.length ?? 0;
  return (
    <Modal
      open
      title="生成检验账单"
      width={1120}
      okText="生成账单"
      onCancel={onClose}
      confirmLoading={busy}
      okButtonProps={{ disabled: !preview || count === 0 }}
      data-testid="bill-create-dialog"
      destroyOnHidden
      onOk={async () => {
        if (!useUnitId || !checked.ok) return;
        setBusy(true);
        try {
          const out = await write(
            () =>
              call(inspectionBillCalls.create, {
                useUnitId,
                ...checked.input,
                remark: remark.trim() || undefined,
              }),
            '账单已生成',
          );
          onClose();
          if (out.bill) onCreated(out.bill);
        } catch {
          // the api client showed the reason
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form layout="vertical">
        <Form.Item label="使用单位" required>
          <Select
            showSearch
            optionFilterProp="label"
            placeholder={units.isLoading ? '加载中…' : '选择使用单位'}
            loading={units.isLoading}
            options={options}
            value={useUnitId}
            onChange={setUseUnitId}
            data-testid="bill-create-unit"
            notFoundContent={
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="近两年没有收费通知单的使用单位" />
            }
          />
        </Form.Item>
        <Form.Item label="账期" required>
          <Space wrap>
            <Radio.Group
              optionType="button"
              value={period.mode}
              onChange={(e) =>
                setPeriod(
                  e.target.value === 'month' ? { mode: 'month', month: shanghaiMonth() } : { mode: 'range' },
                )
              }
              options={[
                { value: 'month', label: '按月' },
                { value: 'range', label: '按日期范围' },
              ]}
            />
            {period.mode === 'month' ? (
              <DatePicker
                picker="month"
                allowClear={false}
                value={period.month ? dayjs(`${period.month}-01`) : null}
                disabledDate={(d) => d.format('YYYY-MM') > shanghaiMonth()}
                onChange={(d) => setPeriod({ mode: 'month', month: d ? d.format('YYYY-MM') : undefined })}
                data-testid="bill-create-month"
              />
            ) : (
              <DatePicker.RangePicker
                disabledDate={afterToday}
                onChange={(r) => setPeriod({ mode: 'range', from: dayText(r?.[0]), to: dayText(r?.[1]) })}
                data-testid="bill-create-range"
              />
            )}
          </Space>
        </Form.Item>
        <Form.Item label="备注">
          <Input maxLength={500} value={remark} onChange={(e) => setRemark(e.target.value)} />
        </Form.Item>
      </Form>
      {!useUnitId || !checked.ok ? (
        <Alert
          type="info"
          showIcon
          message={!useUnitId ? '请选择使用单位' : checked.ok ? '' : checked.reason}
        />
      ) : previewError ? (
        <Alert type="error" showIcon message="无法预览账单" description={previewError} />
      ) : preview ? (
        <div data-testid="bill-create-preview">
          <Typography.Paragraph>
            {preview.useUnitName} · {periodText(preview.periodFrom, preview.periodTo)}：将收录 <b>{count}</b>{' '}
            笔未出账的收费通知单，合计 <b>{formatYuan(preview.amount)}</b> 元（未缴{' '}
            {formatYuan(preview.unpaidAmount)} 元）
          </Typography.Paragraph>
          {count === 0 ? (
            <Empty description="该使用单位在此账期内没有未出账的收费通知单" />
          ) : (
            <ChargeTable charges={preview.charges} testId="bill-create-charges" />
          )}
        </div>
      ) : (
        <Alert type="info" showIcon message="正在汇总收费通知单…" />
      )}
    </Modal>
  );
}

type Bill = Pick<InspectionBillRow, 'id' | 'version' | 'billNo' | 'unpaidCount' | 'unpaidAmount'>;

/**
 * 登记缴费 / 免缴 of the unpaid charges of `bills` (or only `charges` of one bill): paid with its
 * date and method, or exempt with the reason; a confirmation names what it takes.
 */
export function PaymentDialog({
  bills,
  charges,
  payState,
  onClose,
  onDone,
}: {
  bills: Bill[];
  /** Some charges of one bill (with their amounts), when chosen in its detail. */
  charges?: InspectionBillCharge[];
  payState: 'paid' | 'exempt';
  onClose: () => void;
  onDone?: () => void;
}) {
  type V = { paidAt?: Dayjs; payMethod?: string; payRemark?: string };
  const write = useBillWrite();
  const [form] = Form.useForm<V>();
  const [busy, setBusy] = useState(false);
  const paid = payState === 'paid';
  const taken = charges
    ? unpaidOf(charges)
    : {
        count: bills.reduce((s, b) => s + b.unpaidCount, 0),
        amount: bills.reduce((s, b) => s + b.unpaidAmount, 0),
      };
  const what = `${bills.length} 张账单${charges ? `的 ${taken.count} 笔收费通知单` : `中未缴费的 ${taken.count} 笔收费通知单`}`;
  return (
    <Modal
      open
      title={paid ? '登记缴费' : '登记免缴'}
      okText={paid ? '确认登记缴费' : '确认免缴'}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
      data-testid="bill-payment-dialog"
      onOk={async () => {
        const v = await form.validateFields().catch(() => null);
        if (!v) return;
        setBusy(true);
        try {
          const out = await write(
            () =>
              call(
                inspectionBillCalls.batchEdit,
                batchInput(
                  bills,
                  {
                    payState,
                    paidAt: dayText(v.paidAt),
                    payMethod: v.payMethod,
                    payRemark: v.payRemark,
                  },
                  charges?.map((c) => c.noticeId),
                ),
              ),
            undefined,
            onClose,
          );
          Modal.success({
            title: paid ? '缴费已登记' : '免缴已登记',
            content: `已登记 ${out.recorded} 笔，合计 ${formatYuan(out.amount)} 元`,
          });
          onClose();
          onDone?.();
        } catch {
          // the api client showed the reason
        } finally {
          setBusy(false);
        }
      }}
    >
      <Alert
        type={paid ? 'info' : 'warning'}
        showIcon
        style={{ marginBottom: 16 }}
        message={`将${paid ? '登记缴费' : '登记免缴'}：${what}，合计 ${formatYuan(taken.amount)} 元`}
        description={paid ? undefined : '免缴后不再收取该笔检验费，登记后不能撤销'}
        data-testid="bill-payment-summary"
      />
      <Descriptions size="small" column={1} style={{ marginBottom: 8 }}>
        <Descriptions.Item label="账单">{bills.map((b) => b.billNo).join('、')}</Descriptions.Item>
      </Descriptions>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ paidAt: shanghaiDay(), payMethod: BILL_PAY_METHODS[0] }}
      >
        {paid && (
          <>
            <Form.Item name="paidAt" label="缴费日期" rules={[{ required: true, message: '请选择缴费日期' }]}>
              <DatePicker disabledDate={afterToday} />
            </Form.Item>
            <Form.Item
              name="payMethod"
              label="缴费方式"
              rules={[{ required: true, message: '请选择缴费方式' }]}
            >
              <Select
                options={BILL_PAY_METHODS.map((m) => ({ value: m, label: m }))}
                data-testid="bill-pay-method"
              />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="payRemark"
          label={paid ? '说明' : '免缴原因'}
          rules={paid ? [] : requiredRule('请填写免缴原因')}
        >
          <Input.TextArea rows={3} maxLength={500} showCount data-testid="bill-pay-remark" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
