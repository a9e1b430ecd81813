import { CASE_CAUSES, CASE_KIND, type RescueCaseDetail, rescueCaseCalls } from '@ec/contract';
import { Form, Input, InputNumber, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { call } from '../../lib/api.ts';
import { useHitchTypes } from './queries.ts';

interface CloseValues {
  cause?: number;
  causeDetail?: string;
  freed?: number;
  backInService?: boolean;
  repair?: boolean;
  repairHitchType?: string;
  followUp?: string;
  note?: string;
}

const CAUSE_OPTIONS = CASE_CAUSES.map((c) => ({ value: c.value, label: c.label }));

/**
 * 关闭工单: the cause (a category of DOMAIN.md §4.3 and its detail), the people freed, whether the
 * lift is back in service or a repair is opened (of a fault type), and the follow-up call. A closed
 * case is final; corrections are notes.
 */
export function CloseDialog({
  c,
  open,
  onClose,
  onDone,
  onConflict,
}: {
  c: RescueCaseDetail;
  open: boolean;
  onClose: () => void;
  onDone: (closed: RescueCaseDetail) => void;
  onConflict: () => void;
}) {
  const [form] = Form.useForm<CloseValues>();
  const [saving, setSaving] = useState(false);
  const trapped = c.kind === CASE_KIND.trapped;
  // A fault report (故障报修) closes into a repair order of a fault type.
  const fault = c.kind === CASE_KIND.fault && c.elevatorId !== null;
  const cause = Form.useWatch('cause', form);
  const back = Form.useWatch('backInService', form);
  const repair = Form.useWatch('repair', form);
  const hitchTypes = useHitchTypes(open);
  const details = CASE_CAUSES.find((x) => x.value === cause)?.details ?? [];

  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const closed = await call(rescueCaseCalls.close, {
        id: c.id,
        version: c.version,
        cause: trapped ? (v.cause ?? null) : null,
        causeDetail: v.causeDetail?.trim() || null,
        freed: trapped ? (v.freed ?? null) : null,
        backInService: trapped ? (v.backInService ?? null) : null,
        repairHitchType: fault || v.repair ? (v.repairHitchType ?? null) : null,
        followUp: v.followUp?.trim() || null,
        note: v.note?.trim() || null,
      });
      onDone(closed);
    } catch (e) {
      if ((e as { status?: number }).status === 409) onConflict();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={`关闭工单 ${c.caseNo}`}
      open={open}
      onCancel={onClose}
      onOk={() => void submit()}
      okText="关闭工单"
      confirmLoading={saving}
      destroyOnHidden
      width={560}
    >
      <Form<CloseValues>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ freed: c.freed ?? c.trapped, backInService: true, repair: false }}
        data-testid="close-form"
      >
        {trapped && (
          <>
            <Form.Item name="cause" label="困人原因" rules={[{ required: true, message: '请选择困人原因' }]}>
              <Select aria-label="困人原因" options={CAUSE_OPTIONS} placeholder="请选择" />
            </Form.Item>
            <Form.Item name="causeDetail" label="具体原因">
              <Select
                aria-label="具体原因"
                options={details.map((d) => ({ value: d, label: d }))}
                placeholder={details.length ? '请选择或留空' : '该类原因无细分'}
                disabled={details.length === 0}
                allowClear
              />
            </Form.Item>
            <Form.Item name="freed" label="解救人数" rules={[{ required: true, message: '请填写解救人数' }]}>
              <InputNumber aria-label="解救人数" min={0} max={99} precision={0} />
            </Form.Item>
            <Form.Item name="backInService" label="电梯是否恢复运行">
              <Radio.Group
                options={[
                  { value: true, label: '已恢复运行' },
                  { value: false, label: '未恢复运行' },
                ]}
              />
            </Form.Item>
          </>
        )}
        {!fault && (!trapped || back === false) && (
          <Form.Item name="repair" label="开维修工单（故障报修）">
            <Radio.Group
              options={[
                { value: false, label: '不开' },
                { value: true, label: '开维修工单' },
              ]}
            />
          </Form.Item>
        )}
        {(fault || (repair && (!trapped || back === false))) && (
          <Form.Item
            name="repairHitchType"
            label="故障类型"
            rules={[{ required: true, message: '请选择故障类型' }]}
          >
            <Select
              aria-label="故障类型"
              options={hitchTypes.data ?? []}
              loading={hitchTypes.isLoading}
              showSearch
              optionFilterProp="label"
              placeholder="请选择"
              notFoundContent={hitchTypes.isError ? '故障类型加载失败' : '暂无故障类型'}
            />
          </Form.Item>
        )}
        <Form.Item name="followUp" label="回访结果">
          <Input.TextArea aria-label="回访结果" maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item name="note" label="备注">
          <Input.TextArea aria-label="关闭备注" maxLength={500} autoSize={{ minRows: 1, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
