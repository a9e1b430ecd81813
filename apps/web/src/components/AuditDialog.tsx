import { Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { validated } from './form.ts';

export interface AuditDecision {
  pass: boolean;
  description?: string;
}

/** Pass or reject with an optional description (doc 000 §4 audit workflow). */
export function AuditDialog({
  open,
  title = '审核',
  onSubmit,
  onClose,
}: {
  open: boolean;
  title?: string;
  /** Calls auditPass or auditReject; the dialog closes when it resolves. */
  onSubmit: (decision: AuditDecision) => Promise<unknown>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ result: 'pass' | 'reject'; description?: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const v = await validated(form);
    if (!v) return;
    setSaving(true);
    try {
      await onSubmit({ pass: v.result === 'pass', description: v.description?.trim() || undefined });
      onClose();
    } catch {
      // shown by the request layer; the dialog stays open
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal title={title} open={open} onOk={submit} onCancel={onClose} confirmLoading={saving} destroyOnHidden>
      <Form form={form} layout="vertical" preserve={false} initialValues={{ result: 'pass' }}>
        <Form.Item name="result" label="审核结果" rules={[{ required: true, message: '请选择审核结果' }]}>
          <Radio.Group>
            <Radio value="pass">通过</Radio>
            <Radio value="reject">驳回</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item name="description" label="审核意见">
          <Input.TextArea rows={4} maxLength={500} showCount placeholder="选填" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
