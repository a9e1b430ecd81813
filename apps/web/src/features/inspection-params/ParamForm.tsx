import {
  LIFT_VARIETIES,
  TECH_PARAM_EXTRAS,
  type TechParamRow,
  type TechParamValues,
  technicalParamCalls,
} from '@ec/contract';
import { App, Col, Divider, Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import { useState } from 'react';
import { call } from '../../lib/api.ts';

const varietyOptions = LIFT_VARIETIES.map((v) => ({ value: v.code, label: v.name }));

/** The numeric fields: label, range and unit (the server checks the same ranges). */
const NUMBERS: {
  name: keyof TechParamValues;
  label: string;
  min: number;
  max: number;
  step?: number;
  integer?: boolean;
}[] = [
  { name: 'stops', label: '层站数', min: 2, max: 200, integer: true },
  { name: 'doors', label: '门数', min: 1, max: 400, integer: true },
  { name: 'ratedLoad', label: '额定载重量(kg)', min: 0, max: 10000 },
  { name: 'ratedSpeed', label: '额定速度(m/s)', min: 0, max: 10, step: 0.05 },
  { name: 'riseM', label: '提升高度(m)', min: 0, max: 500, step: 0.1 },
  { name: 'lengthM', label: '使用区段长度(m)', min: 0, max: 1000, step: 0.1 },
];

type FormValues = Omit<TechParamValues, 'extra'> & { extra?: Record<string, string | number | null> };

/**
 * 编辑技术参数: the organisation's parameters of one lift (a new record when `row` is null). A stale
 * version is refused by the server (409) and shown; the dialog stays open.
 */
export function ParamForm({
  elevatorId,
  registerCode,
  row,
  onClose,
  onSaved,
}: {
  elevatorId: number;
  registerCode: string;
  row: TechParamRow | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const [busy, setBusy] = useState(false);
  const { message } = App.useApp();
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const extra = Object.fromEntries(
      Object.entries(v.extra ?? {})
        .filter(([, value]) => value !== null && value !== undefined && String(value).trim() !== '')
        .map(([k, value]) => [k, String(value).trim()]),
    );
    setBusy(true);
    try {
      await call(technicalParamCalls.update, {
        ...(row ? { id: row.id, version: row.version } : {}),
        elevatorId,
        variety: v.variety ?? null,
        stops: v.stops ?? null,
        doors: v.doors ?? null,
        ratedLoad: v.ratedLoad ?? null,
        ratedSpeed: v.ratedSpeed ?? null,
        riseM: v.riseM ?? null,
        lengthM: v.lengthM ?? null,
        controlMode: v.controlMode || null,
        extra,
      });
      message.success('技术参数已保存');
      onSaved();
      onClose();
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      width={760}
      title={`${row ? '编辑' : '录入'}技术参数 · ${registerCode}`}
      okText="保存"
      confirmLoading={busy}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
      data-testid="param-form"
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={row ? { ...row, extra: row.extra } : { extra: {} }}
        data-testid="param-form-fields"
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="variety" label="设备品种">
              <Select allowClear options={varietyOptions} placeholder="请选择" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="controlMode" label="控制方式" rules={[{ max: 50, message: '不能超过50个字符' }]}>
              <Input placeholder="如 集选控制" />
            </Form.Item>
          </Col>
          {NUMBERS.map((n) => (
            <Col span={8} key={n.name}>
              <Form.Item
                name={n.name}
                label={n.label}
                rules={[
                  {
                    type: 'number',
                    min: n.min,
                    max: n.max,
                    message: `${n.label}应在 ${n.min}–${n.max} 之间`,
                  },
                ]}
              >
                <InputNumber
                  style={{ width: '100%' }}
                  step={n.step ?? 1}
                  precision={n.integer ? 0 : undefined}
                />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Divider plain style={{ margin: '4px 0 12px' }}>
          其他参数
        </Divider>
        <Row gutter={16}>
          {TECH_PARAM_EXTRAS.map((e) => (
            <Col span={8} key={e.title}>
              <Form.Item
                name={['extra', e.title]}
                label={e.title}
                rules={
                  e.range
                    ? [
                        {
                          validator: async (_, value) => {
                            if (value === undefined || value === null || String(value).trim() === '') return;
                            const n = Number(value);
                            if (!Number.isFinite(n)) throw new Error(`${e.title}应为数字`);
                            if (n < e.range![0] || n > e.range![1])
                              throw new Error(`${e.title}应在 ${e.range![0]}–${e.range![1]} 之间`);
                          },
                        },
                      ]
                    : [{ max: 50, message: '不能超过50个字符' }]
                }
              >
                <Input />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form>
    </Modal>
  );
}
