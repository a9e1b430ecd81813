import {
  type ChargeNoticeDetail,
  chargeNoticeCalls,
  formatYuan,
  type InspectionOrderDetail,
  type InspectionOrderQuote,
  inspectionOrderCalls,
  shanghaiToday,
} from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  DatePicker,
  Descriptions,
  Empty,
  Form,
  Input,
  Modal,
  Radio,
  Select,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { requiredRule, SaveModal } from '../../components/SaveModal.tsx';
import { ApiError, call } from '../../lib/api.ts';
import { dash, shanghaiDay } from '../../lib/format.ts';
import { orderKeys, useOrderWrite, usePassedInspectors } from './queries.ts';

const dayText = (v: Dayjs | undefined | null) => (v ? v.format('YYYY-MM-DD') : undefined);
const beforeToday = (d: Dayjs) => d.format('YYYY-MM-DD') < shanghaiToday();

type Order = Pick<InspectionOrderDetail, 'id' | 'version' | 'orderNo'>;

/** A reason (退回, 关闭, 撤回) or the organisation's remark, in a modal that saves through `send`. */
export function ReasonDialog({
  title,
  label,
  required,
  initial,
  send,
  onClose,
  testId,
}: {
  title: string;
  label: string;
  required: boolean;
  initial?: string | null;
  send: (text: string) => Promise<unknown>;
  onClose: () => void;
  testId: string;
}) {
  return (
    <SaveModal<{ text?: string }>
      title={title}
      testId={testId}
      initial={{ text: initial ?? undefined }}
      onClose={onClose}
      submit={(v) => send(v.text?.trim() ?? '')}
    >
      <Form.Item
        name="text"
        label={label}
        rules={required ? requiredRule(`请填写${label}`) : []}
        extra={required ? undefined : '选填'}
      >
        <Input.TextArea rows={4} maxLength={500} showCount placeholder={`请输入${label}`} />
      </Form.Item>
    </SaveModal>
  );
}

/** The quote's lines and total as the server computed them (never typed). */
export function QuoteTable({ quote }: { quote: Pick<InspectionOrderQuote, 'amount' | 'lines' | 'notes'> }) {
  return (
    <>
      <Table
        size="small"
        rowKey={(l) => `${l.label}-${l.detail}`}
        pagination={false}
        dataSource={quote.lines}
        data-testid="quote-lines"
        columns={[
          { title: '项目', dataIndex: 'label', width: 160 },
          { title: '计算方式', dataIndex: 'detail' },
          {
            title: '金额（元）',
            dataIndex: 'amount',
            align: 'right',
            width: 130,
            render: (v: number) => formatYuan(v),
          },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={2}>
              <Typography.Text strong>合计</Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right">
              <Typography.Text strong data-testid="quote-total">
                {formatYuan(quote.amount)}
              </Typography.Text>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
      {quote.notes.length > 0 && (
        <ul style={{ margin: '8px 0 0', paddingInlineStart: 20, color: 'rgba(0,0,0,0.55)' }}>
          {quote.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
    </>
  );
}

/** 收费通知单: the notice as issued, or its preview. */
export function NoticeView({ notice }: { notice: ChargeNoticeDetail }) {
  return (
    <>
      <Descriptions size="small" column={2} bordered style={{ marginBottom: 12 }}>
        <Descriptions.Item label="通知单号">{notice.noticeNo ?? '签发后编号'}</Descriptions.Item>
        <Descriptions.Item label="申请单号">{notice.orderNo}</Descriptions.Item>
        <Descriptions.Item label="检验机构">{dash(notice.orgName)}</Descriptions.Item>
        <Descriptions.Item label="缴费单位">{dash(notice.useUnitName)}</Descriptions.Item>
        <Descriptions.Item label="注册代码">{notice.registerCode}</Descriptions.Item>
        <Descriptions.Item label="电梯地址">{notice.address}</Descriptions.Item>
        <Descriptions.Item label="应缴金额（元）">
          <Typography.Text strong>{formatYuan(notice.amount)}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="缴费截止日期">{dash(notice.dueDate)}</Descriptions.Item>
        <Descriptions.Item label="签发时间">{dash(notice.issuedAt)}</Descriptions.Item>
        <Descriptions.Item label="缴费状态">
          <Tag color={notice.payState === 'unpaid' ? 'orange' : 'green'} data-testid="pay-state">
            {notice.payStateLabel}
          </Tag>
        </Descriptions.Item>
        {notice.payState !== 'unpaid' && (
          <>
            <Descriptions.Item label="缴费日期">{dash(notice.paidAt)}</Descriptions.Item>
            <Descriptions.Item label="缴费方式">{dash(notice.payMethod)}</Descriptions.Item>
            <Descriptions.Item label="说明" span={2}>
              {dash(notice.payRemark)}
            </Descriptions.Item>
          </>
        )}
      </Descriptions>
      <QuoteTable quote={{ amount: notice.amount, lines: notice.items, notes: [] }} />
    </>
  );
}

/** 收费通知: the preview with an optional due date, then 签发 (已报价 → 待缴费). */
export function NoticeDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const [due, setDue] = useState<Dayjs | null>(null);
  const [busy, setBusy] = useState(false);
  const write = useOrderWrite();
  const dueDate = dayText(due);
  const preview = useQuery({
    queryKey: orderKeys.notice(order.id, dueDate),
    retry: false,
    queryFn: ({ signal }) =>
      call(
        inspectionOrderCalls.preChargeNotice,
        { id: order.id, ...(dueDate ? { dueDate } : {}) },
        { signal, silent: true },
      ),
  });
  return (
    <Modal
      open
      width={820}
      title={`收费通知单预览（${order.orderNo}）`}
      onCancel={onClose}
      destroyOnHidden
      data-testid="notice-dialog"
      footer={[
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button
          key="sign"
          type="primary"
          loading={busy}
          disabled={!preview.data}
          data-testid="notice-sign"
          onClick={async () => {
            setBusy(true);
            try {
              await write(
                () =>
                  call(inspectionOrderCalls.signChargeNotice, {
                    id: order.id,
                    version: order.version,
                    ...(dueDate ? { dueDate } : {}),
                  }),
                '收费通知单已签发',
                onClose,
              );
              onClose();
            } catch {
              // shown by the client
            } finally {
              setBusy(false);
            }
          }}
        >
          签发收费通知单
        </Button>,
      ]}
    >
      <Space style={{ marginBottom: 12 }}>
        <span>缴费截止日期：</span>
        <DatePicker
          value={due}
          onChange={setDue}
          disabledDate={beforeToday}
          placeholder="默认为签发后 30 日"
          aria-label="缴费截止日期"
        />
      </Space>
      {preview.isError ? (
        <Alert
          type="error"
          showIcon
          message="无法生成收费通知单"
          description={preview.error instanceof ApiError ? preview.error.message : '请稍后重试'}
        />
      ) : preview.data ? (
        <NoticeView notice={preview.data} />
      ) : (
        <Skeleton active />
      )}
    </Modal>
  );
}

/** 登记缴费: paid (with its date and method) or exempt (with the reason). */
export function PaymentDialog({
  order,
  notice,
  onClose,
}: {
  order: Order;
  notice: ChargeNoticeDetail;
  onClose: () => void;
}) {
  type V = { payState: 'paid' | 'exempt'; paidAt?: Dayjs; payMethod?: string; payRemark?: string };
  const write = useOrderWrite();
  const [form] = Form.useForm<V>();
  const state = Form.useWatch('payState', form);
  return (
    <SaveModal<V>
      title={`登记缴费（应缴 ${formatYuan(notice.amount)} 元）`}
      testId="payment-dialog"
      initial={{ payState: 'paid', paidAt: shanghaiDay() }}
      onClose={onClose}
      submit={(v) =>
        write(
          () =>
            call(chargeNoticeCalls.add, {
              orderId: order.id,
              version: notice.version ?? undefined,
              payState: v.payState,
              paidAt: v.payState === 'paid' ? dayText(v.paidAt) : undefined,
              payMethod: v.payState === 'paid' ? v.payMethod?.trim() || undefined : undefined,
              payRemark: v.payRemark?.trim() || undefined,
            }),
          undefined,
          onClose,
        )
      }
    >
      <Form.Item name="payState" label="缴费状态" rules={[{ required: true, message: '请选择缴费状态' }]}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'paid', label: '已缴费' },
            { value: 'exempt', label: '免缴费' },
          ]}
          onChange={(e) => form.setFieldValue('payState', e.target.value)}
        />
      </Form.Item>
      {state !== 'exempt' && (
        <>
          <Form.Item name="paidAt" label="缴费日期" rules={[{ required: true, message: '请选择缴费日期' }]}>
            <DatePicker disabledDate={(d) => d.format('YYYY-MM-DD') > shanghaiToday()} />
          </Form.Item>
          <Form.Item name="payMethod" label="缴费方式">
            <Input maxLength={50} placeholder="如：银行转账、现金" />
          </Form.Item>
        </>
      )}
      <Form.Item
        name="payRemark"
        label={state === 'exempt' ? '免缴原因' : '说明'}
        rules={state === 'exempt' ? requiredRule('请填写免缴原因') : []}
      >
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
    </SaveModal>
  );
}

/**
 * 分配检验人员: an inspector of the organisation who passed the audit, whose certificate is valid on
 * the on-site date (the server checks it again), and the on-site date from today on.
 */
export function DistributeDialog({
  order,
  current,
  onClose,
}: {
  order: Order;
  current?: { inspectorId: number | null; plannedDate: string | null };
  onClose: () => void;
}) {
  type V = { inspectorId: number; plannedDate: Dayjs };
  const write = useOrderWrite();
  const people = usePassedInspectors(true);
  const [form] = Form.useForm<V>();
  const planned = dayText(Form.useWatch('plannedDate', form));
  const options = (people.data ?? []).map((p) => {
    const lapsed = planned ? p.validUntil < planned : p.certState === 'expired';
    return {
      value: p.id,
      disabled: lapsed,
      label: `${p.name}（${p.certNo}，有效期至 ${p.validUntil}${lapsed ? '，证书届时已过期' : ''}）`,
    };
  });
  return (
    <SaveModal<V>
      title={`分配检验人员（${order.orderNo}）`}
      testId="distribute-dialog"
      width={560}
      initial={{
        inspectorId: current?.inspectorId ?? undefined,
        plannedDate: current?.plannedDate ? dayjs(current.plannedDate) : undefined,
      }}
      onClose={onClose}
      submit={(v) =>
        write(
          () =>
            call(inspectionOrderCalls.distribution, {
              id: order.id,
              version: order.version,
              inspectorId: v.inspectorId,
              plannedDate: dayText(v.plannedDate)!,
            }),
          undefined,
          onClose,
        )
      }
    >
      <Form.Item
        name="plannedDate"
        label="现场检验日期"
        rules={[{ required: true, message: '请选择现场检验日期' }]}
      >
        <DatePicker disabledDate={beforeToday} data-testid="distribute-date" />
      </Form.Item>
      <Form.Item
        name="inspectorId"
        label="检验人员"
        rules={[{ required: true, message: '请选择检验人员' }]}
        extra="仅列出本机构审核通过的检验人员；证书须在现场检验日期有效"
      >
        <Select
          showSearch
          optionFilterProp="label"
          loading={people.isLoading}
          options={options}
          placeholder="选择检验人员"
          notFoundContent={
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="本机构暂无审核通过的检验人员" />
          }
          data-testid="distribute-inspector"
        />
      </Form.Item>
    </SaveModal>
  );
}
