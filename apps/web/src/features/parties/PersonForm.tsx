import type { PersonDetail } from '@ec/contract';
import { Col, Form, type FormInstance, Row, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import type { StoredFileRef } from '../../components/index.ts';
import { fileIdOf, toFileList } from './Files.tsx';
import {
  DateField,
  FileField,
  fromDay,
  idNumberRules,
  phoneRules,
  SelectField,
  TextField,
  toDay,
} from './fields.tsx';
import { certTypeOptions } from './format.tsx';

export type PersonKind = 'staff' | 'officer';

export interface PersonFormValues {
  realName: string;
  phone?: string;
  idNumber?: string;
  companyId?: number;
  role?: 'safety_officer' | 'safety_director';
  position?: string;
  certType?: string;
  certNo?: string;
  certExpiry?: Dayjs;
  cert?: StoredFileRef[];
  photo?: StoredFileRef[];
}

export function personValues(d: PersonDetail): Partial<PersonFormValues> {
  return {
    realName: d.realName,
    phone: d.phone && !d.phone.includes('*') ? d.phone : undefined,
    idNumber: d.idNumber && !d.idNumber.includes('*') ? d.idNumber : undefined,
    companyId: d.companyId ?? undefined,
    role: d.role === 'safety_director' ? 'safety_director' : 'safety_officer',
    position: d.position ?? undefined,
    certType: d.certType ?? undefined,
    certNo: d.certNo ?? undefined,
    certExpiry: toDay(d.certExpiry),
    cert: toFileList(d.certFile),
    photo: toFileList(d.photoFile),
  };
}

/** Form values as input; a blank ID number or phone on an edit means "unchanged" (others see them masked). */
export function personInput(kind: PersonKind, v: PersonFormValues) {
  return {
    realName: v.realName.trim(),
    ...(v.phone?.trim() ? { phone: v.phone.trim() } : {}),
    ...(v.idNumber?.trim() ? { idNumber: v.idNumber.trim().toUpperCase() } : {}),
    ...(v.companyId ? { companyId: v.companyId } : {}),
    ...(kind === 'officer' ? { role: v.role ?? 'safety_officer' } : {}),
    // Sent empty when cleared: an update keeps a field it does not send.
    position: v.position?.trim() ?? '',
    certType: (v.certType || (kind === 'officer' ? null : '')) as 'T',
    certNo: v.certNo?.trim() ?? '',
    certExpiry: fromDay(v.certExpiry) ?? (kind === 'officer' ? null : ''),
    certFileId: fileIdOf(v.cert),
    photoFileId: fileIdOf(v.photo) ?? (kind === 'officer' ? null : ''),
  };
}

/**
 * A worker's or safety officer's filing: name, phone, ID number (check character verified),
 * certificate (T/A, number, expiry, scan) and photo. Workers must hold a certificate and a photo.
 */
export function PersonForm({
  form,
  kind,
  initialValues,
  withPhone = false,
  phoneDisabled = false,
  idOptional = false,
  companies,
}: {
  form: FormInstance<PersonFormValues>;
  kind: PersonKind;
  initialValues?: Partial<PersonFormValues>;
  /** The phone field: shown when an account is opened or changed by the company. */
  withPhone?: boolean;
  phoneDisabled?: boolean;
  /** On edits by others the ID number shows masked: blank keeps it. */
  idOptional?: boolean;
  /** Company options: the worker picks the company it joins. */
  companies?: { value: number; label: string }[];
}) {
  const staff = kind === 'staff';
  const col = { xs: 24, md: 12 };
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initialValues}
      data-testid="person-form"
      scrollToFirstError
    >
      <Row gutter={16}>
        <Col {...col}>
          <TextField name="realName" label="姓名" max={32} />
        </Col>
        {withPhone && (
          <Col {...col}>
            <TextField
              name="phone"
              label="手机号"
              max={11}
              rules={phoneRules(!phoneDisabled)}
              required={!phoneDisabled}
              disabled={phoneDisabled}
            />
          </Col>
        )}
        <Col {...col}>
          <TextField
            name="idNumber"
            label="身份证号"
            max={18}
            rules={idNumberRules(!idOptional)}
            required={!idOptional}
            placeholder={idOptional ? '不修改请留空' : '18 位或 15 位'}
          />
        </Col>
        {companies && (
          <Col {...col}>
            <Form.Item
              name="companyId"
              label={staff ? '所属维保单位' : '所属使用单位'}
              rules={[{ required: true, message: '请选择所属单位' }]}
            >
              <Select
                options={companies}
                showSearch
                optionFilterProp="label"
                placeholder="请选择已备案的单位"
              />
            </Form.Item>
          </Col>
        )}
        {!staff && (
          <Col {...col}>
            <SelectField
              name="role"
              label="岗位"
              options={[
                { value: 'safety_officer', label: '安全员' },
                { value: 'safety_director', label: '安全总监' },
              ]}
            />
          </Col>
        )}
        <Col {...col}>
          <TextField name="position" label="职务" max={32} required={false} />
        </Col>
        <Col {...col}>
          <SelectField name="certType" label="证书类型" options={certTypeOptions} required={staff} />
        </Col>
        <Col {...col}>
          <TextField name="certNo" label="证书编号" max={50} required={staff} />
        </Col>
        <Col {...col}>
          <DateField name="certExpiry" label="证书有效期" required={staff} />
        </Col>
      </Row>
      <Row gutter={16}>
        <Col {...col}>
          <FileField name="photo" label="本人照片" required={staff} />
        </Col>
        <Col {...col}>
          <FileField name="cert" label="证书扫描件" />
        </Col>
      </Row>
    </Form>
  );
}
