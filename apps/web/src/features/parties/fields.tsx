import { CITY_CODE, CONTACT_PHONE_RE, isCreditCode, isIdNumber, isPhone, messages } from '@ec/contract';
import type { FormRule } from 'antd';
import { DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { AreaCascader, FileUpload, type StoredFileRef } from '../../components/index.ts';

/** Form rules with the contract's validators and Chinese messages. */
export const req = (message: string): FormRule[] => [{ required: true, whitespace: true, message }];
const check = (test: (v: string) => boolean, message: string, required?: string): FormRule => ({
  validator: (_, value: unknown) => {
    const v = typeof value === 'string' ? value.trim() : '';
    if (!v) return required ? Promise.reject(new Error(required)) : Promise.resolve();
    return test(v) ? Promise.resolve() : Promise.reject(new Error(message));
  },
});
export const creditCodeRules = [
  check(
    (v) => isCreditCode(v.toUpperCase()),
    '统一社会信用代码格式不正确（18 位，末位为校验码）',
    '统一社会信用代码不能为空',
  ),
];
export const idNumberRules = (required = true) => [
  check(
    (v) => isIdNumber(v.toUpperCase()),
    `${messages.idNumberInvalid}（18 位含校验位，或 15 位）`,
    required ? '身份证号不能为空' : undefined,
  ),
];
export const phoneRules = (required = true) => [
  check(isPhone, messages.phoneInvalid, required ? messages.phoneRequired : undefined),
];
export const contactPhoneRules = [
  check((v) => CONTACT_PHONE_RE.test(v), '请输入正确的联系电话（手机号或 0771-1234567）', '联系电话不能为空'),
];
const fileRequired = (label: string): FormRule[] => [
  {
    validator: (_, v: StoredFileRef[] | undefined) =>
      v?.length ? Promise.resolve() : Promise.reject(new Error(`请上传${label}`)),
  },
];
export const fileRules = fileRequired;

/** Area codes ↔ the cascader's path. */
export const areaPath = (code: string | null | undefined) =>
  !code ? undefined : code === CITY_CODE ? [CITY_CODE] : [CITY_CODE, code];
export const areaOf = (path: unknown) => (Array.isArray(path) ? String(path[path.length - 1]) : undefined);

export const toDay = (v: string | null | undefined): Dayjs | undefined => (v ? dayjs(v) : undefined);
export const fromDay = (v: Dayjs | null | undefined) => (v ? v.format('YYYY-MM-DD') : undefined);

export function AreaField({ name = 'area', label = '所在区域' }: { name?: string; label?: string }) {
  return (
    <Form.Item name={name} label={label} rules={[{ required: true, message: '请选择所在区域' }]}>
      <AreaCascader />
    </Form.Item>
  );
}

export function DateField({
  name,
  label,
  required = true,
}: {
  name: string;
  label: string;
  required?: boolean;
}) {
  return (
    <Form.Item
      name={name}
      label={label}
      rules={required ? [{ required: true, message: `请选择${label}` }] : []}
    >
      <DatePicker style={{ width: '100%' }} />
    </Form.Item>
  );
}

export function FileField({
  name,
  label,
  required = false,
}: {
  name: string;
  label: string;
  required?: boolean;
}) {
  return (
    <Form.Item name={name} label={label} required={required} rules={required ? fileRequired(label) : []}>
      <FileUpload />
    </Form.Item>
  );
}

export function TextField({
  name,
  label,
  max,
  required = true,
  rules,
  disabled,
  placeholder,
}: {
  name: string;
  label: string;
  max: number;
  required?: boolean;
  rules?: FormRule[];
  disabled?: boolean;
  placeholder?: string;
}) {
  return (
    <Form.Item
      name={name}
      label={label}
      required={required}
      rules={rules ?? (required ? req(`${label}不能为空`) : [])}
    >
      <Input maxLength={max} disabled={disabled} placeholder={placeholder} />
    </Form.Item>
  );
}

export function SelectField({
  name,
  label,
  options,
  required = true,
}: {
  name: string;
  label: string;
  options: { value: string | number; label: string }[];
  required?: boolean;
}) {
  return (
    <Form.Item
      name={name}
      label={label}
      rules={required ? [{ required: true, message: `请选择${label}` }] : []}
    >
      <Select options={options} placeholder="请选择" allowClear={!required} />
    </Form.Item>
  );
}
