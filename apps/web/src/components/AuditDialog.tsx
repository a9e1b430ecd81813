import { Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';

export interface AuditDecision {
  pass: boolean;
  description?: string;
}

interface Choice {
  result: 'pass' | 'reject';
  description: string;
}

const FRESH: Choice = { result: 'pass', description: '' };

/**
 * Pass or reject with an optional description (doc 000 §4 audit workflow).
 *
 * The choice is React state, reset in the render that opens the dialog. It used to live in a form
 * store shared across openings, with `preserve={false}` and initialValues: when the dialog was opened
 * again while the previous one was still closing, the old form's delayed unmount reset the fields to
 * their initial value after the user had already chosen 驳回, and 通过 was submitted.
 */
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
  const [choice, setChoice] = useState<Choice>(FRESH);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setChoice(FRESH);
  }
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    setSaving(true);
    try {
      await onSubmit({ pass: choice.result === 'pass', description: choice.description.trim() || undefined });
      onClose();
    } catch {
      // shown by the request layer; the dialog stays open
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal title={title} open={open} onOk={submit} onCancel={onClose} confirmLoading={saving} destroyOnHidden>
      <Form layout="vertical">
        <Form.Item label="审核结果" required>
          <Radio.Group
            value={choice.result}
            onChange={(e) => setChoice((c) => ({ ...c, result: e.target.value }))}
          >
            <Radio value="pass">通过</Radio>
            <Radio value="reject">驳回</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item label="审核意见">
          <Input.TextArea
            rows={4}
            maxLength={500}
            showCount
            placeholder="选填"
            value={choice.description}
            onChange={(e) => setChoice((c) => ({ ...c, description: e.target.value }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
