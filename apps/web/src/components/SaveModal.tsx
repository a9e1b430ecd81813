import { App, Form, type FormRule, Modal } from 'antd';
import { type ReactNode, useState } from 'react';

/** The rule of a required text field (blank is refused as empty). */
export const requiredRule = (message: string): FormRule[] => [{ required: true, whitespace: true, message }];

/**
 * A modal form that saves through `submit`: validates, shows 保存成功 (or `doneText`) and closes on success, and
 * stays open on a refused save (the api client shows the reason).
 */
export function SaveModal<T extends object>({
  title,
  initial,
  onClose,
  submit,
  children,
  testId,
  width,
  okText = '保存',
  doneText = '保存成功',
}: {
  title: string;
  initial: Partial<T>;
  onClose: () => void;
  submit: (v: T) => Promise<unknown>;
  children: ReactNode;
  testId: string;
  width?: number;
  /** The OK button's label and the message on success (保存 / 保存成功 unless told). */
  okText?: string;
  doneText?: string;
}) {
  const [form] = Form.useForm<T>();
  const [busy, setBusy] = useState(false);
  const { message } = App.useApp();
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
      okText={okText}
      width={width}
      data-testid={testId}
      onOk={async () => {
        const v = await form.validateFields().catch(() => null);
        if (!v) return;
        setBusy(true);
        try {
          await submit(v);
          message.success(doneText);
          onClose();
        } catch {
          // the api client showed the reason
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form form={form} layout="vertical" initialValues={initial} data-testid={`${testId}-form`}>
        {children}
      </Form>
    </Modal>
  );
}
