import { ModalForm, type ProFormInstance } from '@ant-design/pro-components';
import type { ReactNode } from 'react';
import { useRef } from 'react';
import { ApiError } from '../lib/api.ts';

/**
 * Add/edit dialog: a ModalForm that saves through `onSubmit`, closes on success and puts the
 * server's per-field problems under their fields. Mount it only while editing (`{x && <FormModal/>}`)
 * so that every opening starts from `initialValues`.
 */
export function FormModal<V extends Record<string, unknown>>({
  title,
  initialValues,
  onSubmit,
  onClose,
  width = 560,
  labelWidth = 96,
  children,
  okText = '保存',
  testId,
}: {
  title: ReactNode;
  initialValues?: Partial<V>;
  /** Throws to keep the dialog open (the request layer has shown the message). */
  onSubmit: (values: V) => Promise<unknown>;
  onClose: () => void;
  width?: number;
  labelWidth?: number;
  children: ReactNode;
  okText?: string;
  testId?: string;
}) {
  const formRef = useRef<ProFormInstance<V>>(undefined);
  return (
    <ModalForm<V>
      title={title}
      open
      width={width}
      formRef={formRef}
      initialValues={initialValues}
      layout="horizontal"
      labelCol={{ flex: `${labelWidth}px` }}
      wrapperCol={{ flex: 1 }}
      modalProps={{ maskClosable: false, destroyOnHidden: true, onCancel: onClose, className: testId }}
      submitter={{ searchConfig: { submitText: okText, resetText: '取消' } }}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      onFinish={async (values) => {
        try {
          await onSubmit(values);
          return true;
        } catch (e) {
          if (e instanceof ApiError && e.errors.length) {
            formRef.current?.setFields(
              e.errors.map((err) => ({ name: err.field.split('.'), errors: [err.message] })) as never,
            );
          }
          return false;
        }
      }}
    >
      {children}
    </ModalForm>
  );
}
