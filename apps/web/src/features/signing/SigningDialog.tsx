import {
  SIGNING_KIND_LABEL,
  type SigningDetail,
  type SigningRow,
  signingCalls,
  signingContactPhone,
} from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Col, DatePicker, Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { validated } from '../../components/form.ts';
import { ApiError, call } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { signingKeys, useInvalidateSigning } from './queries.ts';

interface SigningValues {
  useCompanyId: number;
  partnerId?: number | null;
  startDate: Dayjs;
  endDate: Dayjs;
  amount?: number | null;
  share?: number | null;
  contactName?: string;
  contactPhone?: string;
  remark?: string;
  elevatorIds: number[];
}

/** 新增 / 编辑 a signing of `kind`: the use unit, the other party of a lease, dates, amount and lifts. */
export function SigningDialog({
  kind,
  editing,
  onClose,
}: {
  kind: number;
  editing: SigningRow | SigningDetail | null;
  onClose: (saved?: SigningDetail) => void;
}) {
  const [form] = Form.useForm<SigningValues>();
  const { message } = App.useApp();
  const { user } = useSession();
  const invalidate = useInvalidateSigning();
  const [saving, setSaving] = useState(false);
  const ownUnit =
    user?.userType === 'use_unit' || user?.userType === 'safety_officer' ? user.companyId : null;
  const useCompanyId: number | null = Form.useWatch('useCompanyId', form) ?? editing?.useCompanyId ?? ownUnit;
  const units = useQuery({
    queryKey: signingKeys.useUnits,
    queryFn: ({ signal }) => call(signingCalls.useUnits, {}, { signal }),
  });
  const partners = useQuery({
    queryKey: signingKeys.partners,
    enabled: kind === 2,
    queryFn: ({ signal }) => call(signingCalls.partners, {}, { signal }),
  });
  const lifts = useQuery({
    queryKey: signingKeys.lifts(useCompanyId),
    enabled: !!useCompanyId,
    queryFn: ({ signal }) => call(signingCalls.lifts, { useCompanyId: useCompanyId! }, { signal }),
  });
  const existing = editing && 'lifts' in editing ? editing.lifts.map((l) => l.elevatorId) : undefined;
  const detail = useQuery({
    queryKey: signingKeys.detail(editing?.id ?? null),
    enabled: !!editing && !existing,
    queryFn: ({ signal }) => call(signingCalls.findById, { id: editing!.id }, { signal }),
  });
  const liftIds = existing ?? detail.data?.lifts.map((l) => l.elevatorId);

  const submit = async () => {
    const v = await validated(form);
    if (!v) return;
    setSaving(true);
    try {
      const saved = await call(signingCalls.saves, {
        ...(editing ? { id: editing.id, version: editing.version } : {}),
        kind,
        useCompanyId: v.useCompanyId,
        partnerId: kind === 2 ? (v.partnerId ?? null) : null,
        startDate: v.startDate.format('YYYY-MM-DD'),
        endDate: v.endDate.format('YYYY-MM-DD'),
        amount: v.amount ?? null,
        share: kind === 2 ? (v.share ?? null) : null,
        contactName: v.contactName?.trim() || null,
        contactPhone: v.contactPhone?.trim() || null,
        remark: v.remark?.trim() || null,
        elevatorIds: v.elevatorIds ?? [],
      });
      message.success(`已保存签约 ${saved.signNo}`);
      onClose(saved);
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) onClose();
    } finally {
      setSaving(false);
      await invalidate();
    }
  };

  if (editing && !liftIds) return null;
  return (
    <Modal
      title={`${editing ? '编辑' : '新增'}${SIGNING_KIND_LABEL[kind]}`}
      open
      width={720}
      onOk={submit}
      onCancel={() => onClose()}
      okText="保存"
      confirmLoading={saving}
      maskClosable={false}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        data-testid="signing-form"
        initialValues={
          editing
            ? {
                useCompanyId: editing.useCompanyId,
                partnerId: editing.partnerId,
                startDate: dayjs(editing.startDate),
                endDate: dayjs(editing.endDate),
                amount: editing.amount,
                share: editing.share,
                contactName: editing.contactName ?? undefined,
                contactPhone: editing.contactPhone ?? undefined,
                remark: editing.remark ?? undefined,
                elevatorIds: liftIds,
              }
            : { useCompanyId: ownUnit ?? undefined, elevatorIds: [] }
        }
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="useCompanyId"
              label="使用单位"
              rules={[{ required: true, message: '请选择使用单位' }]}
            >
              <Select
                data-testid="signing-unit"
                showSearch
                optionFilterProp="label"
                disabled={!!ownUnit || !!editing}
                loading={units.isLoading}
                options={(units.data ?? []).map((u) => ({ value: u.id, label: u.name }))}
                onChange={() => form.setFieldValue('elevatorIds', [])}
              />
            </Form.Item>
          </Col>
          {kind === 2 && (
            <Col xs={24} md={12}>
              <Form.Item name="partnerId" label="租赁方">
                <Select
                  data-testid="signing-partner"
                  allowClear
                  showSearch
                  optionFilterProp="label"
                  loading={partners.isLoading}
                  options={(partners.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
                />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} md={6}>
            <Form.Item
              name="startDate"
              label="开始日期"
              rules={[{ required: true, message: '请选择开始日期' }]}
            >
              <DatePicker data-testid="signing-start" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item
              name="endDate"
              label="结束日期"
              dependencies={['startDate']}
              rules={[
                { required: true, message: '请选择结束日期' },
                ({ getFieldValue }) => ({
                  validator: (_, v: Dayjs | null) =>
                    !v || !getFieldValue('startDate') || !v.isBefore(getFieldValue('startDate'), 'day')
                      ? Promise.resolve()
                      : Promise.reject(new Error('结束日期不能早于开始日期')),
                }),
              ]}
            >
              <DatePicker data-testid="signing-end" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="amount" label="金额（元）">
              <InputNumber min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          {kind === 2 && (
            <Col xs={24} md={12}>
              <Form.Item
                name="share"
                label="广告分成比例（%）"
                tooltip="使用单位从这些电梯的广告收入中分得的比例，广告运营商按月结算时采用；不填则按系统参数"
              >
                <InputNumber
                  data-testid="signing-share"
                  min={0}
                  max={100}
                  precision={2}
                  placeholder="按系统参数"
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} md={12}>
            <Form.Item name="contactName" label="联系人" rules={[{ max: 30, message: '不超过 30 个字' }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="contactPhone"
              label="联系电话"
              rules={[
                {
                  // The contract's field: the number as the detail showed it (masked) may stay.
                  validator: async (_, v?: string) => {
                    const r = signingContactPhone.safeParse(v ?? '');
                    if (!r.success) throw new Error(r.error.issues[0].message);
                  },
                },
              ]}
            >
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="elevatorIds" label="签约电梯">
              <Select
                data-testid="signing-lifts"
                mode="multiple"
                optionFilterProp="label"
                disabled={!useCompanyId}
                loading={lifts.isFetching}
                placeholder={useCompanyId ? '选择该使用单位的电梯' : '先选择使用单位'}
                options={(lifts.data ?? []).map((l) => ({
                  value: l.id,
                  label: `${l.registerCode}｜${l.name ?? ''} ${l.address}`,
                }))}
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label="备注" rules={[{ max: 500, message: '不超过 500 个字' }]}>
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
