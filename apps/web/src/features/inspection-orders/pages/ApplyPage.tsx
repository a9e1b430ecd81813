import {
  type ElevatorRow,
  elevatorCalls,
  INSPECTION_ORDER_ATTACHMENTS,
  type InspectionOrderDetail,
  inspectionOrderCalls,
  shanghaiToday,
} from '@ec/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Form, Input, Select, Skeleton, Space, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FileUpload, NotFoundCard, type StoredFileRef } from '../../../components/index.ts';
import { ApiError, call } from '../../../lib/api.ts';
import { dash } from '../../../lib/format.ts';
import { usePageParam } from '../../../lib/page-param.ts';
import { ORG_PATHS } from '../../../lib/routes.ts';
import {
  type ApplyWindow,
  type AttachmentFiles,
  applyWindowOf,
  attachmentFilesOf,
  attachmentsInput,
  liftSearch,
} from '../logic.ts';
import { orderKeys, useFiledOrgs, useInvalidateOrders, useOrder, useOrderRights } from '../queries.ts';

const WINDOW_COLOR: Record<ApplyWindow['kind'], string> = {
  open: 'green',
  early: 'default',
  overdue: 'red',
  none: 'default',
};

export const WindowTag = ({ w }: { w: ApplyWindow }) => (
  <Tag color={WINDOW_COLOR[w.kind]} data-testid="apply-window">
    {w.text}
  </Tag>
);

/** 新增检验工单 (报检): the use unit applies for one of its lifts, or corrects a returned application (?id=). */
export default function ApplyPage() {
  const id = usePageParam();
  const order = useOrder(id);
  const rights = useOrderRights();
  if (!rights.apply)
    return (
      <NotFoundCard
        title="只有电梯使用单位可以申请定期检验"
        back={{ label: '返回检验工单', path: ORG_PATHS.inspection }}
      />
    );
  if (id !== null) {
    if (order.isError)
      return (
        <NotFoundCard
          title="检验申请不存在或无权访问"
          back={{ label: '返回检验工单', path: ORG_PATHS.inspection }}
        />
      );
    if (!order.data) return <Skeleton active />;
    if (order.data.state !== 'returned')
      return (
        <NotFoundCard
          title={`该申请当前为「${order.data.stateLabel}」，只有已退回的申请可以修改后重新提交`}
          back={{ label: '查看申请', path: `${ORG_PATHS.inspectionDetail}?id=${order.data.id}` }}
        />
      );
    return <ApplyForm returned={order.data} />;
  }
  return <ApplyForm returned={null} />;
}

type V = { elevatorId: number; orgId: number; remark?: string } & AttachmentFiles;

function ApplyForm({ returned }: { returned: InspectionOrderDetail | null }) {
  const [form] = Form.useForm<V>();
  const navigate = useNavigate();
  const invalidate = useInvalidateOrders();
  const { message } = App.useApp();
  const orgs = useFiledOrgs();
  const [keyword, setKeyword] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const today = shanghaiToday();
  const lifts = useQuery({
    queryKey: [...orderKeys.all, 'my-lifts', keyword],
    enabled: !returned,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      call(
        elevatorCalls.queryElevatorList,
        { page: 1, limit: 50, ...liftSearch(keyword) },
        { signal, silent: true },
      ),
  });
  const elevatorId = Form.useWatch('elevatorId', form);
  const chosen: Pick<ElevatorRow, 'registerCode' | 'name' | 'address' | 'nextInspectDate'> | undefined =
    returned
      ? {
          registerCode: returned.registerCode,
          name: returned.elevatorName,
          address: returned.address,
          nextInspectDate: returned.lift.nextInspectDate,
        }
      : lifts.data?.records.find((l) => l.id === elevatorId);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    setRefusal(null);
    try {
      const input = {
        elevatorId: returned ? returned.elevatorId : v.elevatorId,
        orgId: v.orgId,
        attachments: attachmentsInput(v),
        ...(v.remark?.trim() ? { remark: v.remark.trim() } : {}),
        ...(returned ? { id: returned.id, version: returned.version } : {}),
      };
      const out = await call(inspectionOrderCalls.apply, input);
      message.success(returned ? '已重新提交申请' : '申请已提交，等待检验机构受理');
      await invalidate();
      navigate(`${ORG_PATHS.inspectionDetail}?id=${out.id}`);
    } catch (e) {
      if (e instanceof ApiError) {
        setRefusal(e.message);
        const known = new Set(['elevatorId', 'orgId', ...INSPECTION_ORDER_ATTACHMENTS.map((a) => a.key)]);
        const fields = e.errors
          .map((f) => ({ name: f.field.replace(/^attachments\./, ''), errors: [f.message] }))
          .filter((f) => known.has(f.name));
        if (fields.length) form.setFields(fields as never);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      title={returned ? `修改并重新申请（${returned.orderNo}）` : '申请定期检验'}
      data-testid="apply-form"
    >
      {returned?.returnReason && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message="检验机构退回了该申请，请按退回原因修改后重新提交"
          description={`退回原因：${returned.returnReason}`}
          data-testid="return-reason"
        />
      )}
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 820 }}
        onValuesChange={(changed) => {
          if ('elevatorId' in changed || 'orgId' in changed) setRefusal(null);
        }}
        initialValues={
          returned
            ? {
                elevatorId: returned.elevatorId,
                orgId: returned.orgId,
                remark: returned.applyRemark ?? undefined,
                ...attachmentFilesOf(returned),
              }
            : {}
        }
      >
        <Form.Item
          name="elevatorId"
          label="电梯"
          rules={[{ required: true, message: '请选择申请检验的电梯' }]}
          extra="仅可在下次检验日期前 30 日内申请定期检验（TSG T7001-2023）"
        >
          <Select
            showSearch
            disabled={!!returned}
            filterOption={false}
            onSearch={setKeyword}
            loading={lifts.isFetching}
            placeholder="输入注册代码、名称或地址搜索本单位的电梯"
            notFoundContent={lifts.isFetching ? '加载中…' : '没有找到本单位的电梯'}
            options={
              returned
                ? [
                    {
                      value: returned.elevatorId,
                      label: `${returned.registerCode} ${returned.address}`,
                      disabled: false,
                    },
                  ]
                : (lifts.data?.records ?? []).map((l) => ({
                    value: l.id,
                    label: `${l.registerCode} ${l.name ?? ''} ${l.address}`,
                    disabled: applyWindowOf(l.nextInspectDate, today).kind === 'none',
                  }))
            }
            optionRender={(opt) => {
              const l = lifts.data?.records.find((r) => r.id === opt.value);
              return l ? (
                <Space direction="vertical" size={0}>
                  <span>
                    {l.registerCode} {l.name ?? ''}
                  </span>
                  <span style={{ fontSize: 12, color: 'rgba(0,0,0,0.55)' }}>
                    {l.address} · 下次检验 {dash(l.nextInspectDate)}{' '}
                    <WindowTag w={applyWindowOf(l.nextInspectDate, today)} />
                  </span>
                </Space>
              ) : (
                opt.label
              );
            }}
            data-testid="apply-lift"
          />
        </Form.Item>
        {chosen && (
          <Descriptions
            size="small"
            column={2}
            bordered
            style={{ marginBottom: 24 }}
            data-testid="apply-lift-facts"
          >
            <Descriptions.Item label="注册代码">{chosen.registerCode}</Descriptions.Item>
            <Descriptions.Item label="电梯名称">{dash(chosen.name)}</Descriptions.Item>
            <Descriptions.Item label="安装地址" span={2}>
              {chosen.address}
            </Descriptions.Item>
            <Descriptions.Item label="下次检验日期">{dash(chosen.nextInspectDate)}</Descriptions.Item>
            <Descriptions.Item label="申请期">
              <WindowTag w={applyWindowOf(chosen.nextInspectDate, today)} />
            </Descriptions.Item>
          </Descriptions>
        )}
        <Form.Item name="orgId" label="检验机构" rules={[{ required: true, message: '请选择检验机构' }]}>
          <Select
            showSearch
            optionFilterProp="label"
            loading={orgs.isLoading}
            placeholder="选择已备案的检验机构"
            notFoundContent="暂无已备案的检验机构"
            options={(orgs.data ?? []).map((o) => ({
              value: o.id,
              label: `${o.name}${o.areaName ? `（${o.areaName}）` : ''}`,
            }))}
            data-testid="apply-org"
          />
        </Form.Item>
        {INSPECTION_ORDER_ATTACHMENTS.map((a) => (
          <Form.Item
            key={a.key}
            name={a.key}
            label={a.label}
            rules={a.required ? [{ required: true, type: 'array', min: 1, message: `请上传${a.label}` }] : []}
            extra={a.required ? 'PDF 或图片，最多 10 个文件' : '选填；PDF 或图片，最多 10 个文件'}
          >
            <AttachmentUpload testId={`apply-file-${a.key}`} />
          </Form.Item>
        ))}
        <Form.Item name="remark" label="申请说明">
          <Input.TextArea rows={3} maxLength={500} showCount placeholder="选填" />
        </Form.Item>
        {refusal && (
          <Alert
            type="error"
            showIcon
            closable
            onClose={() => setRefusal(null)}
            style={{ marginBottom: 16 }}
            message="申请未提交"
            description={refusal}
            data-testid="apply-refusal"
          />
        )}
        <Space>
          <Button type="primary" loading={busy} onClick={submit} data-testid="apply-submit">
            {returned ? '重新提交申请' : '提交申请'}
          </Button>
          <Button
            onClick={() =>
              navigate(returned ? `${ORG_PATHS.inspectionDetail}?id=${returned.id}` : ORG_PATHS.inspection)
            }
          >
            取消
          </Button>
        </Space>
      </Form>
    </Card>
  );
}

/** One attachment kind's upload (the shared widget: type, size and count checks, preview). */
function AttachmentUpload({
  testId,
  ...props
}: {
  testId: string;
  value?: StoredFileRef[];
  onChange?: (v: StoredFileRef[]) => void;
}) {
  return (
    <div data-testid={testId}>
      <FileUpload {...props} kind="image" multiple maxCount={10} />
    </div>
  );
}
