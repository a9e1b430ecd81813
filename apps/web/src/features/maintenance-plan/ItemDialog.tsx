import { maintenanceItemCalls, type TemplateItem } from '@ec/contract';
import { Col, Form, Input, InputNumber, Modal, Row, Select, Switch } from 'antd';
import { useState } from 'react';
import { validated } from '../../components/form.ts';
import { ApiError, call } from '../../lib/api.ts';
import { kindOptions } from './labels.ts';

interface ItemValues {
  kind: number;
  seq?: number | null;
  name: string;
  requirement?: string;
  measured: boolean;
  unit?: string;
  seasonWindow?: string;
}

/** 新增 / 编辑 an item of a template; every save raises the template's version (`onSaved` shows it). */
export function ItemDialog({
  contentId,
  editing,
  kind,
  nextSeq,
  onSaved,
  onClose,
}: {
  contentId: number;
  editing: TemplateItem | null;
  /** The kind a new item starts with (the tab open). */
  kind: number;
  nextSeq: number;
  onSaved: (item: TemplateItem) => Promise<void>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<ItemValues>();
  const measured = Form.useWatch('measured', form);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const v = await validated(form);
    if (!v) return;
    setSaving(true);
    try {
      const fields = {
        contentId,
        kind: v.kind,
        seq: v.seq ?? undefined,
        name: v.name.trim(),
        requirement: v.requirement?.trim() || null,
        measured: v.measured,
        unit: v.measured ? v.unit?.trim() || null : null,
        seasonWindow: v.seasonWindow?.trim() || null,
      };
      const saved = editing
        ? await call(maintenanceItemCalls.update, { id: editing.id, version: editing.version, ...fields })
        : await call(maintenanceItemCalls.add, fields);
      await onSaved(saved);
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={editing ? `编辑维保项目：${editing.name}` : '新增维保项目'}
      open
      onOk={submit}
      onCancel={onClose}
      okText="保存"
      confirmLoading={saving}
      maskClosable={false}
      width={640}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        data-testid="item-form"
        initialValues={
          editing
            ? {
                ...editing,
                requirement: editing.requirement ?? undefined,
                unit: editing.unit ?? undefined,
                seasonWindow: editing.seasonWindow ?? undefined,
              }
            : { kind, seq: nextSeq, measured: false }
        }
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="kind" label="维保类别" rules={[{ required: true, message: '请选择维保类别' }]}>
              <Select options={kindOptions} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="seq" label="序号">
              <InputNumber min={0} max={999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              name="name"
              label="维保项目名称"
              rules={[
                { required: true, whitespace: true, message: '请填写维保项目名称' },
                { max: 100, message: '不超过 100 个字' },
              ]}
            >
              <Input placeholder="如：层门锁紧元件啮合长度" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              name="requirement"
              label="维保基本要求"
              rules={[{ max: 500, message: '不超过 500 个字' }]}
            >
              <Input.TextArea rows={2} maxLength={500} placeholder="如：不小于 7 mm" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="measured" label="需填测量值" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="unit" label="单位" rules={[{ max: 10, message: '不超过 10 个字' }]}>
              <Input disabled={!measured} placeholder="如：mm" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="seasonWindow"
              label="季节性要求"
              rules={[{ max: 20, message: '不超过 20 个字' }]}
              extra="如：雨季前、冬季前；不填为每次都做"
            >
              <Input />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
