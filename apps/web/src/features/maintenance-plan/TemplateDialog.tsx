import { maintenanceContentCalls, type TemplateRow } from '@ec/contract';
import { App, Form, Input, Modal, Select, Switch } from 'antd';
import { useState } from 'react';
import { validated } from '../../components/form.ts';
import { ApiError, call } from '../../lib/api.ts';
import { appendixOptions } from './labels.ts';
import { useInvalidatePlans } from './queries.ts';

interface TemplateValues {
  name: string;
  appendix: string;
  enabled: boolean;
  remark?: string;
}

/** 新增 / 编辑 a template (维保内容): its name, appendix, whether plans may use it, a remark. */
export function TemplateDialog({ editing, onClose }: { editing: TemplateRow | null; onClose: () => void }) {
  const [form] = Form.useForm<TemplateValues>();
  const { message } = App.useApp();
  const invalidate = useInvalidatePlans();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const v = await validated(form);
    if (!v) return;
    setSaving(true);
    try {
      const fields = {
        name: v.name.trim(),
        appendix: v.appendix as 'A',
        enabled: v.enabled,
        remark: v.remark?.trim() ?? '',
      };
      const saved = editing
        ? await call(maintenanceContentCalls.update, { id: editing.id, version: editing.version, ...fields })
        : await call(maintenanceContentCalls.add, fields);
      message.success(`已保存「${saved.name}」，当前为第 ${saved.version} 版`);
      onClose();
    } catch (e) {
      // The request layer showed the reason; a template changed meanwhile closes and reloads.
      if (e instanceof ApiError && e.status === 409) onClose();
    } finally {
      setSaving(false);
      await invalidate();
    }
  };

  return (
    <Modal
      title={editing ? `编辑维保内容：${editing.name}` : '新增维保内容'}
      open
      onOk={submit}
      onCancel={onClose}
      okText="保存"
      confirmLoading={saving}
      maskClosable={false}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        data-testid="template-form"
        initialValues={
          editing ? { ...editing, remark: editing.remark ?? undefined } : { enabled: true, appendix: 'A' }
        }
      >
        <Form.Item
          name="name"
          label="维保内容名称"
          rules={[
            { required: true, whitespace: true, message: '请填写维保内容名称' },
            { max: 100, message: '不超过 100 个字' },
          ]}
        >
          <Input placeholder="如：曳引与强制驱动电梯维保项目（TSG T5002-2017 附件A）" />
        </Form.Item>
        <Form.Item
          name="appendix"
          label="适用附件"
          rules={[{ required: true, message: '请选择适用附件（A/B/C/D）' }]}
        >
          <Select options={appendixOptions} />
        </Form.Item>
        <Form.Item
          name="enabled"
          label="启用"
          valuePropName="checked"
          extra="停用后新的维保计划不能选用，已有计划不受影响"
        >
          <Switch />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={[{ max: 500, message: '不超过 500 个字' }]}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
