import {
  CALIBRATION_KIND_LABEL,
  type EquipmentRow,
  type EquipmentUpdate,
  equipmentCalls,
  formatDate,
} from '@ec/contract';
import { App, DatePicker, Form, Input, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { call } from '../../lib/api.ts';
import { shanghaiDay } from '../../lib/format.ts';

/** The row's values as the update call takes them (what a save sends back unchanged). */
export const updateOf = (r: EquipmentRow): EquipmentUpdate => ({
  id: r.id,
  version: r.version,
  name: r.name,
  model: r.model,
  serialNo: r.serialNo,
  manufacturer: r.manufacturer,
  measuringRange: r.measuringRange,
  accuracy: r.accuracy,
  calibrationKind: r.calibrationKind,
  calibratedOn: r.calibratedOn,
  validUntil: r.validUntil,
  certificateNo: r.certificateNo,
  institution: r.institution,
  state: r.state,
  note: r.note,
});

export const kindOptions = Object.entries(CALIBRATION_KIND_LABEL).map(([v, label]) => ({
  value: Number(v),
  label,
}));

/** 登记检定: a new calibration of an instrument (its dates and certificate); the history keeps the old. */
export function CalibrationDialog({
  row,
  onClose,
  onSaved,
}: {
  row: EquipmentRow;
  onClose: () => void;
  onSaved: () => void;
}) {
  type V = {
    calibrationKind: number;
    calibratedOn: Dayjs;
    validUntil: Dayjs;
    certificateNo: string;
    institution?: string;
  };
  const [form] = Form.useForm<V>();
  const [busy, setBusy] = useState(false);
  const { message } = App.useApp();
  const today = shanghaiDay();
  return (
    <Modal
      open
      title={`登记检定：${row.name}（${row.serialNo}）`}
      okText="保存"
      confirmLoading={busy}
      onCancel={onClose}
      destroyOnHidden
      data-testid="calibration-dialog"
      onOk={async () => {
        const v = await form.validateFields().catch(() => null);
        if (!v) return;
        setBusy(true);
        try {
          await call(equipmentCalls.update, {
            ...updateOf(row),
            calibrationKind: v.calibrationKind,
            calibratedOn: formatDate(v.calibratedOn.toDate()),
            validUntil: formatDate(v.validUntil.toDate()),
            certificateNo: v.certificateNo,
            institution: v.institution ?? null,
          });
          message.success('检定记录已登记');
          onSaved();
          onClose();
        } catch {
          // the api client showed the reason
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          calibrationKind: row.calibrationKind,
          calibratedOn: today,
          validUntil: today.add(1, 'year').subtract(1, 'day'),
          institution: row.institution ?? undefined,
        }}
      >
        <Form.Item
          name="calibrationKind"
          label="检定方式"
          rules={[{ required: true, message: '请选择检定方式' }]}
        >
          <Select options={kindOptions} />
        </Form.Item>
        <Form.Item
          name="calibratedOn"
          label="检定日期"
          rules={[{ required: true, message: '请选择检定日期' }]}
        >
          <DatePicker
            style={{ width: '100%' }}
            disabledDate={(d) => d.isAfter(shanghaiDay(), 'day')}
            data-testid="cal-on"
          />
        </Form.Item>
        <Form.Item
          name="validUntil"
          label="有效期至"
          dependencies={['calibratedOn']}
          rules={[
            { required: true, message: '请选择有效期' },
            ({ getFieldValue }) => ({
              validator: (_, v: Dayjs | undefined) =>
                !v || !getFieldValue('calibratedOn') || v.isAfter(getFieldValue('calibratedOn'), 'day')
                  ? Promise.resolve()
                  : Promise.reject(new Error('有效期至应晚于检定日期')),
            }),
          ]}
        >
          <DatePicker style={{ width: '100%' }} data-testid="cal-until" />
        </Form.Item>
        <Form.Item
          name="certificateNo"
          label="证书编号"
          rules={[{ required: true, whitespace: true, message: '请填写检定/校准证书编号' }]}
        >
          <Input maxLength={100} data-testid="cal-cert" />
        </Form.Item>
        <Form.Item name="institution" label="检定机构">
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
