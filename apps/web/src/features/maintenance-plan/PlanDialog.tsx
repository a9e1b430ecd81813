import {
  type Appendix,
  appendicesOfLift,
  ELEVATOR_TYPES,
  FILING_STATE,
  LIFT_VARIETY_LABEL,
  MAINTENANCE_INTERVAL_DAYS,
  type MaintainedLift,
  maintenancePlanCalls,
  maintenanceUserCalls,
} from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Col, DatePicker, Form, InputNumber, Modal, Row, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { validated } from '../../components/form.ts';
import { ApiError, call } from '../../lib/api.ts';
import { shanghaiDay } from '../../lib/format.ts';
import { planKeys, useInvalidatePlans, useTemplateOptions } from './queries.ts';

interface PlanValues {
  templateId: number;
  intervalDays: number;
  firstDate: Dayjs;
  workerIds: number[];
  enabled: boolean;
}

/**
 * The plan of one lift: the template, the interval (at most 15 days), the first date and the
 * company's filed, employed maintenance workers. New or edited (with the version the list showed).
 */
export function PlanDialog({ lift, onClose }: { lift: MaintainedLift; onClose: () => void }) {
  const [form] = Form.useForm<PlanValues>();
  const { message } = App.useApp();
  const invalidate = useInvalidatePlans();
  const [saving, setSaving] = useState(false);
  const templates = useTemplateOptions();
  const companyId = lift.maintenanceCompanyId;
  const workers = useQuery({
    queryKey: planKeys.workers(companyId ?? 0),
    queryFn: ({ signal }) =>
      call(
        maintenanceUserCalls.queryList,
        { companyId: companyId!, filingState: FILING_STATE.passed, employed: true, page: 1, limit: 500 },
        { signal },
      ),
    enabled: companyId !== null,
  });
  const workerOptions = (workers.data?.records ?? []).map((p) => ({
    value: p.id,
    label: `${p.realName}${p.certNo ? `（${p.certNo}）` : ''}${p.certStatus === 'expired' ? ' · 证书已过期' : ''}`,
  }));
  // A worker of the plan who left or lost the filing is still shown, by name.
  for (const [i, id] of lift.workerIds.entries()) {
    if (!workerOptions.some((o) => o.value === id))
      workerOptions.push({ value: id, label: lift.workers[i] ?? `#${id}` });
  }
  // Only the checklists of the lift's registered variety (32xx hydraulic B, 3430 goods C, 33xx
  // escalator D, the other lifts A; without a variety by its type). A plan's current template of
  // another appendix stays visible, disabled, so that its name shows until replaced.
  const fitting = appendicesOfLift({ type: lift.elevatorType, variety: lift.variety });
  const kindName =
    (lift.variety && LIFT_VARIETY_LABEL[lift.variety]) ??
    ELEVATOR_TYPES[lift.elevatorType as keyof typeof ELEVATOR_TYPES] ??
    '该电梯';
  const templateOptions = (templates.data ?? [])
    .filter((t) => t.id === lift.templateId || (t.enabled && fitting.includes(t.appendix as Appendix)))
    .map((t) => {
      const fits = fitting.includes(t.appendix as Appendix);
      return {
        value: t.id,
        label: `${t.name}（附件${t.appendix}，第 ${t.version} 版）${fits ? '' : `：不适用于${kindName}`}`,
        disabled: !fits,
      };
    });

  const submit = async () => {
    const v = await validated(form);
    if (!v) return;
    setSaving(true);
    try {
      await call(maintenancePlanCalls.save, {
        ...(lift.planId !== null ? { id: lift.planId, version: lift.planVersion ?? undefined } : {}),
        elevatorId: lift.elevatorId,
        templateId: v.templateId,
        intervalDays: v.intervalDays,
        firstDate: v.firstDate.format('YYYY-MM-DD'),
        workerIds: v.workerIds,
        enabled: v.enabled,
      });
      message.success(`已保存 ${lift.registerCode} 的维保计划`);
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) onClose();
    } finally {
      setSaving(false);
      await invalidate();
    }
  };

  return (
    <Modal
      title={`${lift.planId === null ? '新建' : '修改'}维保计划：${lift.registerCode}`}
      open
      onOk={submit}
      onCancel={onClose}
      okText="保存"
      confirmLoading={saving}
      maskClosable={false}
      width={640}
      destroyOnHidden
    >
      <div style={{ marginBottom: 12, color: 'rgba(0,0,0,0.45)' }}>
        {lift.address}
        {lift.maintenanceCompanyName ? ` · ${lift.maintenanceCompanyName}` : ''}
      </div>
      {lift.flags.includes('no_contract') && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message="该电梯没有有效的维保合同：计划可以保存，但合同生效前不会生成工单。"
        />
      )}
      <Form
        form={form}
        layout="vertical"
        data-testid="plan-form"
        initialValues={{
          templateId: lift.templateId ?? undefined,
          intervalDays: lift.intervalDays ?? MAINTENANCE_INTERVAL_DAYS,
          firstDate: lift.firstDate ? dayjs(lift.firstDate) : shanghaiDay().add(1, 'day'),
          workerIds: lift.workerIds,
          enabled: lift.enabled ?? true,
        }}
      >
        <Form.Item
          name="templateId"
          label="维保内容"
          rules={[{ required: true, message: '请选择维保内容' }]}
          extra={`适用于${kindName}的维保内容（附件${fitting.join('、')}）`}
        >
          <Select
            showSearch
            optionFilterProp="label"
            loading={templates.isPending}
            options={templateOptions}
            placeholder="请选择维保内容"
          />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="intervalDays"
              label="维保间隔（天）"
              rules={[
                { required: true, message: '请填写维保间隔' },
                {
                  type: 'number',
                  min: 1,
                  max: MAINTENANCE_INTERVAL_DAYS,
                  message: `维保间隔为 1–${MAINTENANCE_INTERVAL_DAYS} 天（特种设备安全监察条例第31条）`,
                },
              ]}
            >
              {/* No max on the input: a longer interval is refused with the regulation's words, not clamped. */}
              <InputNumber precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item
              name="firstDate"
              label="首次维保日期"
              rules={[{ required: true, message: '请选择首次维保日期' }]}
            >
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="enabled" label="启用" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="workerIds"
          label="维保人员"
          rules={[
            { required: true, type: 'array', min: 1, message: '请至少指定一名维保人员' },
            { type: 'array', max: 10, message: '最多指定 10 名维保人员' },
          ]}
          extra="本单位备案通过、在职的维保人员"
        >
          <Select
            mode="multiple"
            showSearch
            optionFilterProp="label"
            loading={workers.isPending && companyId !== null}
            options={workerOptions}
            placeholder={companyId === null ? '该电梯未绑定维保单位' : '请选择维保人员'}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
