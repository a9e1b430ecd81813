import {
  type BuildingCompanyDetail,
  type InspectionOrgDetail,
  licenceGradeAllowed,
  type MaintenanceUnitDetail,
} from '@ec/contract';
import { Col, Form, type FormInstance, Row } from 'antd';
import type { Dayjs } from 'dayjs';
import type { StoredFileRef } from '../../components/index.ts';
import { fileIdOf, toFileList } from './Files.tsx';
import {
  AreaField,
  areaOf,
  areaPath,
  contactPhoneRules,
  creditCodeRules,
  DateField,
  FileField,
  fromDay,
  phoneRules,
  SelectField,
  TextField,
  toDay,
} from './fields.tsx';
import { gradeOptionsFor, licenceTypeOptions, unitTypeOptions } from './format.tsx';

export type CompanyKind = 'maintenance' | 'use' | 'inspection';

export interface CompanyFormValues {
  name: string;
  creditCode: string;
  area: string[];
  address: string;
  legalPerson: string;
  contactName: string;
  contactPhone: string;
  businessLicence?: StoredFileRef[];
  licenceType?: string;
  licenceGrade?: string;
  licenceNo?: string;
  licenceExpiry?: Dayjs;
  licence?: StoredFileRef[];
  unitType?: string;
  safetyDirector?: string;
  safetyDirectorPhone?: string;
  approvalNo?: string;
  approvalExpiry?: Dayjs;
  approval?: StoredFileRef[];
}

type AnyDetail = Partial<MaintenanceUnitDetail & BuildingCompanyDetail & InspectionOrgDetail>;

/** A company detail as form values (phones the viewer sees masked are left for the owner to keep). */
export function companyValues(d: AnyDetail): Partial<CompanyFormValues> {
  return {
    name: d.name,
    creditCode: d.creditCode ?? undefined,
    area: areaPath(d.areaCode),
    address: d.address ?? undefined,
    legalPerson: d.legalPerson ?? undefined,
    contactName: d.contactName ?? undefined,
    contactPhone: d.contactPhone ?? undefined,
    businessLicence: toFileList(d.businessLicenceFile),
    licenceType: d.licenceType ?? undefined,
    licenceGrade: d.licenceGrade ?? undefined,
    licenceNo: d.licenceNo ?? undefined,
    licenceExpiry: toDay(d.licenceExpiry),
    licence: toFileList(d.licenceFile),
    unitType: d.unitType ?? undefined,
    safetyDirector: d.safetyDirector ?? undefined,
    safetyDirectorPhone: d.safetyDirectorPhone ?? undefined,
    approvalNo: d.approvalNo ?? undefined,
    approvalExpiry: toDay(d.approvalExpiry),
    approval: toFileList(d.approvalFile),
  };
}

/** Form values as the save/update input of the kind. */
export function companyInput(kind: CompanyKind, v: CompanyFormValues) {
  const base = {
    name: v.name.trim(),
    creditCode: v.creditCode.trim().toUpperCase(),
    areaCode: areaOf(v.area) ?? '',
    address: v.address.trim(),
    legalPerson: v.legalPerson.trim(),
    contactName: v.contactName.trim(),
    contactPhone: v.contactPhone.trim(),
    businessLicenceFileId: fileIdOf(v.businessLicence),
  };
  if (kind === 'maintenance') {
    return {
      ...base,
      licenceType: v.licenceType as 'repair',
      licenceGrade: v.licenceGrade as 'A',
      licenceNo: v.licenceNo?.trim() ?? '',
      licenceExpiry: fromDay(v.licenceExpiry) ?? '',
      licenceFileId: fileIdOf(v.licence) ?? '',
    };
  }
  if (kind === 'use') {
    return {
      ...base,
      unitType: v.unitType as 'property',
      safetyDirector: v.safetyDirector?.trim() ?? '',
      safetyDirectorPhone: v.safetyDirectorPhone?.trim() ?? '',
    };
  }
  return {
    ...base,
    approvalNo: v.approvalNo?.trim() ?? '',
    approvalExpiry: fromDay(v.approvalExpiry) ?? '',
    approvalFileId: fileIdOf(v.approval) ?? '',
  };
}

const KIND_NAME: Record<CompanyKind, string> = {
  maintenance: '维保单位',
  use: '使用单位',
  inspection: '机构',
};

/**
 * The fields of a company filing: identity and contacts for every kind, the licence (许可项目, 等级,
 * 编号, 有效期, 扫描件) for maintenance companies, the 安全总监 for use units, the 核准证 for
 * inspection organisations. `locked` disables what a filed company may not change itself.
 */
export function CompanyForm({
  form,
  kind,
  initialValues,
  locked = false,
}: {
  form: FormInstance<CompanyFormValues>;
  kind: CompanyKind;
  initialValues?: Partial<CompanyFormValues>;
  locked?: boolean;
}) {
  const col = { xs: 24, md: 12 };
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initialValues}
      // A level the newly chosen 许可项目 does not have is cleared, not sent.
      onValuesChange={(changed: Partial<CompanyFormValues>, all: CompanyFormValues) => {
        if (
          'licenceType' in changed &&
          all.licenceGrade &&
          !licenceGradeAllowed(all.licenceType, all.licenceGrade)
        )
          form.setFieldValue('licenceGrade', undefined);
      }}
      data-testid="company-form"
      scrollToFirstError
    >
      <Row gutter={16}>
        <Col {...col}>
          <TextField name="name" label={`${KIND_NAME[kind]}名称`} max={100} disabled={locked} />
        </Col>
        <Col {...col}>
          <TextField
            name="creditCode"
            label="统一社会信用代码"
            max={18}
            rules={creditCodeRules}
            disabled={locked}
            placeholder="18 位，末位为校验码"
          />
        </Col>
        <Col {...col}>
          <AreaField />
        </Col>
        <Col {...col}>
          <TextField name="address" label="详细地址" max={200} />
        </Col>
        <Col {...col}>
          <TextField name="legalPerson" label="法定代表人" max={32} disabled={locked} />
        </Col>
        <Col {...col}>
          <TextField name="contactName" label="联系人" max={32} />
        </Col>
        <Col {...col}>
          <TextField name="contactPhone" label="联系电话" max={20} rules={contactPhoneRules} />
        </Col>
        {kind === 'maintenance' && (
          <>
            <Col {...col}>
              <SelectField name="licenceType" label="许可项目" options={licenceTypeOptions} />
            </Col>
            <Col {...col}>
              <Form.Item noStyle dependencies={['licenceType']}>
                {({ getFieldValue }) => (
                  <SelectField
                    name="licenceGrade"
                    label="许可等级"
                    options={gradeOptionsFor(getFieldValue('licenceType'))}
                  />
                )}
              </Form.Item>
            </Col>
            <Col {...col}>
              <TextField name="licenceNo" label="许可证编号" max={50} disabled={locked} />
            </Col>
            <Col {...col}>
              <DateField name="licenceExpiry" label="许可证有效期" />
            </Col>
          </>
        )}
        {kind === 'use' && (
          <>
            <Col {...col}>
              <SelectField name="unitType" label="单位类型" options={unitTypeOptions} />
            </Col>
            <Col {...col}>
              <TextField name="safetyDirector" label="电梯安全总监" max={32} />
            </Col>
            <Col {...col}>
              <TextField name="safetyDirectorPhone" label="安全总监手机号" max={11} rules={phoneRules()} />
            </Col>
          </>
        )}
        {kind === 'inspection' && (
          <>
            <Col {...col}>
              <TextField name="approvalNo" label="核准证编号" max={50} disabled={locked} />
            </Col>
            <Col {...col}>
              <DateField name="approvalExpiry" label="核准证有效期" />
            </Col>
          </>
        )}
      </Row>
      <Row gutter={16}>
        {kind === 'maintenance' && (
          <Col {...col}>
            <FileField name="licence" label="许可证扫描件" required />
          </Col>
        )}
        {kind === 'inspection' && (
          <Col {...col}>
            <FileField name="approval" label="核准证扫描件" required />
          </Col>
        )}
        <Col {...col}>
          <FileField name="businessLicence" label="营业执照" />
        </Col>
      </Row>
    </Form>
  );
}
