import type { ProColumns } from '@ant-design/pro-components';
import {
  type AuditInfo,
  type CompanyAuditRow,
  FILING_STATE,
  type PersonAuditRow,
  type PersonRow,
} from '@ec/contract';
import { FilingTag } from '../../components/FilingTag.tsx';
import { AreaCascader } from '../../components/index.ts';
import { dash } from '../../lib/format.ts';
import { CertTag, certStatusEnum, certTypeEnum, filingEnum } from './format.tsx';

/** The area filter of a search form (the cascader's last code is sent). */
export const areaSearch = <Row,>(title = '所在区域'): ProColumns<Row> => ({
  title,
  dataIndex: 'areaCode',
  hideInTable: true,
  renderFormItem: () => <AreaCascader />,
});

export const filingColumn = <
  Row extends { filingState: number; filingStateLabel: string },
>(): ProColumns<Row> => ({
  title: '备案状态',
  dataIndex: 'filingState',
  valueEnum: filingEnum,
  render: (_, r) => <FilingTag state={r.filingState} label={r.filingStateLabel} />,
});

/** Columns every audit list shows after its subject's own: state, submitter, decision. */
export function auditColumns<Row extends AuditInfo>(): ProColumns<Row>[] {
  return [
    {
      title: '审核状态',
      dataIndex: 'state',
      valueEnum: filingEnum,
      render: (_, r) => <FilingTag state={r.state} label={r.stateLabel} />,
    },
    { title: '提交人', dataIndex: 'submitterName', search: false, render: (_, r) => dash(r.submitterName) },
    { title: '提交时间', dataIndex: 'submitTime', search: false, render: (_, r) => dash(r.submitTime) },
    { title: '审核人', dataIndex: 'deciderName', search: false, render: (_, r) => dash(r.deciderName) },
    { title: '审核时间', dataIndex: 'decideTime', search: false, render: (_, r) => dash(r.decideTime) },
    {
      title: '审核意见',
      dataIndex: 'auditDescription',
      search: false,
      ellipsis: true,
      render: (_, r) => dash(r.auditDescription),
    },
  ];
}

export function companyAuditColumns(): ProColumns<CompanyAuditRow>[] {
  return [
    { title: '单位名称', dataIndex: 'name' },
    { title: '统一社会信用代码', dataIndex: 'creditCode', render: (_, r) => dash(r.creditCode) },
    areaSearch<CompanyAuditRow>(),
    { title: '所在区域', dataIndex: 'areaName', search: false, render: (_, r) => dash(r.areaName) },
    { title: '法定代表人', dataIndex: 'legalPerson', search: false, render: (_, r) => dash(r.legalPerson) },
    ...auditColumns<CompanyAuditRow>(),
  ];
}

export function personColumns(withCompany: boolean): ProColumns<PersonRow>[] {
  // Who, how to reach them, where they work and whether they may work come first (on screen at
  // 1440 px beside the 操作 column); the certificate's particulars follow.
  return [
    { title: '姓名', dataIndex: 'realName' },
    { title: '手机号', dataIndex: 'phone', render: (_, r) => dash(r.phone) },
    ...(withCompany
      ? [
          {
            title: '所属单位',
            dataIndex: 'companyName',
            search: false,
            render: (_: unknown, r: PersonRow) => dash(r.companyName),
          },
        ]
      : []),
    {
      title: '证书状态',
      dataIndex: 'certStatus',
      valueEnum: certStatusEnum,
      render: (_, r) => <CertTag status={r.certStatus} />,
    },
    filingColumn<PersonRow>(),
    { title: '岗位', dataIndex: 'roleLabel', search: false },
    { title: '身份证号', dataIndex: 'idNumber', search: false, render: (_, r) => dash(r.idNumber) },
    {
      title: '证书类型',
      dataIndex: 'certType',
      valueEnum: certTypeEnum,
      render: (_, r) => dash(r.certTypeLabel),
    },
    { title: '证书编号', dataIndex: 'certNo', search: false, render: (_, r) => dash(r.certNo) },
    { title: '证书有效期', dataIndex: 'certExpiry', search: false, render: (_, r) => dash(r.certExpiry) },
    {
      title: '在职',
      dataIndex: 'employed',
      valueEnum: { true: { text: '在职' }, false: { text: '离职' } },
      render: (_, r) =>
        (r.employed ? '在职' : '离职') +
        (r.leaveStateLabel && r.leaveState === FILING_STATE.pending ? `（${r.leaveStateLabel}）` : ''),
    },
  ];
}

export function personAuditColumns(): ProColumns<PersonAuditRow>[] {
  return [
    { title: '姓名', dataIndex: 'realName' },
    { title: '手机号', dataIndex: 'phone', search: false, render: (_, r) => dash(r.phone) },
    { title: '身份证号', dataIndex: 'idNumber', search: false, render: (_, r) => dash(r.idNumber) },
    { title: '所属单位', dataIndex: 'companyName', search: false, render: (_, r) => dash(r.companyName) },
    { title: '岗位', dataIndex: 'roleLabel', search: false },
    {
      title: '证书',
      dataIndex: 'certNo',
      search: false,
      render: (_, r) => dash(r.certType && `${r.certType} ${r.certNo ?? ''}`),
    },
    { title: '证书有效期', dataIndex: 'certExpiry', search: false, render: (_, r) => dash(r.certExpiry) },
    ...auditColumns<PersonAuditRow>(),
  ];
}
