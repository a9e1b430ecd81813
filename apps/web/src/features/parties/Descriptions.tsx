import {
  type BuildingCompanyDetail,
  type ContractDetail,
  FILING_STATE,
  type InspectionOrgDetail,
  type MaintenanceUnitDetail,
  type PersonDetail,
} from '@ec/contract';
import { Descriptions, Space, Tag } from 'antd';
import { FilingTag } from '../../components/FilingTag.tsx';
import { MaskedValue } from '../../components/MaskedValue.tsx';
import { dash } from '../../lib/format.ts';
import { FileView } from './Files.tsx';
import { CertTag, ContractTag } from './format.tsx';

type AnyCompany = Partial<MaintenanceUnitDetail & BuildingCompanyDetail & InspectionOrgDetail> &
  Pick<MaintenanceUnitDetail, 'id' | 'name' | 'filingState' | 'filingStateLabel'>;

/** A company's filed details: identity, contacts, licence or officer data, scans. */
export function CompanyDescriptions({ company, column = 2 }: { company: AnyCompany; column?: number }) {
  const c = company;
  return (
    <Descriptions bordered size="small" column={{ xs: 1, md: column }} data-testid="company-descriptions">
      <Descriptions.Item label="单位名称">{c.name}</Descriptions.Item>
      <Descriptions.Item label="统一社会信用代码">{dash(c.creditCode)}</Descriptions.Item>
      <Descriptions.Item label="所在区域">{dash(c.areaName ?? c.areaCode)}</Descriptions.Item>
      <Descriptions.Item label="详细地址">{dash(c.address)}</Descriptions.Item>
      <Descriptions.Item label="法定代表人">{dash(c.legalPerson)}</Descriptions.Item>
      <Descriptions.Item label="联系人">{dash(c.contactName)}</Descriptions.Item>
      <Descriptions.Item label="联系电话">
        <MaskedValue value={c.contactPhone} kind="company" id={c.id} field="contactPhone" />
      </Descriptions.Item>
      <Descriptions.Item label="备案状态">
        <Space>
          <FilingTag state={c.filingState} label={c.filingStateLabel} />
          {c.filingState === FILING_STATE.rejected && c.auditDescription && (
            <span>驳回原因：{c.auditDescription}</span>
          )}
        </Space>
      </Descriptions.Item>
      {c.licenceType !== undefined && (
        <>
          <Descriptions.Item label="许可项目">{dash(c.licenceTypeLabel)}</Descriptions.Item>
          <Descriptions.Item label="许可等级">
            {c.licenceGrade ? `${c.licenceGrade} 级` : '—'}
          </Descriptions.Item>
          <Descriptions.Item label="许可证编号">{dash(c.licenceNo)}</Descriptions.Item>
          <Descriptions.Item label="许可证有效期">
            <Space>
              {dash(c.licenceExpiry)}
              {c.licenceExpired && <Tag color="error">已过期</Tag>}
            </Space>
          </Descriptions.Item>
        </>
      )}
      {c.unitType !== undefined && (
        <>
          <Descriptions.Item label="单位类型">{dash(c.unitTypeLabel)}</Descriptions.Item>
          <Descriptions.Item label="电梯安全总监">
            {dash(c.safetyDirector)}{' '}
            <MaskedValue
              value={c.safetyDirectorPhone}
              kind="company"
              id={c.id}
              field="safetyDirectorPhone"
              empty=""
            />
          </Descriptions.Item>
        </>
      )}
      {c.approvalNo !== undefined && (
        <>
          <Descriptions.Item label="核准证编号">{dash(c.approvalNo)}</Descriptions.Item>
          <Descriptions.Item label="核准证有效期">{dash(c.approvalExpiry)}</Descriptions.Item>
        </>
      )}
      {c.staffCount !== undefined && (
        <Descriptions.Item label="在职维保人员">{c.staffCount} 人</Descriptions.Item>
      )}
      {c.officerCount !== undefined && (
        <Descriptions.Item label="已备案安全员">{c.officerCount} 人</Descriptions.Item>
      )}
      {c.elevatorCount !== undefined && (
        <Descriptions.Item label="电梯">{c.elevatorCount} 台</Descriptions.Item>
      )}
      <Descriptions.Item label="登记时间">{dash(c.createTime)}</Descriptions.Item>
      {c.licenceFile !== undefined && (
        <Descriptions.Item label="许可证扫描件">
          <FileView file={c.licenceFile} />
        </Descriptions.Item>
      )}
      {c.approvalFile !== undefined && (
        <Descriptions.Item label="核准证扫描件">
          <FileView file={c.approvalFile} />
        </Descriptions.Item>
      )}
      <Descriptions.Item label="营业执照">
        <FileView file={c.businessLicenceFile} />
      </Descriptions.Item>
    </Descriptions>
  );
}

/** A person's filed details (phone and ID number masked unless the viewer is the person; 查看 reveals). */
export function PersonDescriptions({ person, column = 2 }: { person: PersonDetail; column?: number }) {
  const p = person;
  return (
    <Descriptions bordered size="small" column={{ xs: 1, md: column }} data-testid="person-descriptions">
      <Descriptions.Item label="姓名">{p.realName}</Descriptions.Item>
      <Descriptions.Item label="手机号">
        <MaskedValue value={p.phone} kind="person" id={p.id} field="phone" />
      </Descriptions.Item>
      <Descriptions.Item label="身份证号">
        <MaskedValue value={p.idNumber} kind="person" id={p.id} field="idNumber" />
      </Descriptions.Item>
      <Descriptions.Item label="所属单位">{dash(p.companyName)}</Descriptions.Item>
      <Descriptions.Item label="岗位">
        {p.roleLabel}
        {p.position ? `（${p.position}）` : ''}
      </Descriptions.Item>
      <Descriptions.Item label="在职状态">
        {p.employed ? <Tag color="success">在职</Tag> : <Tag>离职</Tag>}
        {p.leaveStateLabel && (
          <Tag color={p.leaveState === FILING_STATE.pending ? 'processing' : 'default'}>
            {p.leaveStateLabel}
          </Tag>
        )}
      </Descriptions.Item>
      <Descriptions.Item label="证书类型">{dash(p.certTypeLabel)}</Descriptions.Item>
      <Descriptions.Item label="证书编号">{dash(p.certNo)}</Descriptions.Item>
      <Descriptions.Item label="证书有效期">
        <Space>
          {dash(p.certExpiry)}
          <CertTag status={p.certStatus} />
        </Space>
      </Descriptions.Item>
      <Descriptions.Item label="备案状态">
        <Space>
          <FilingTag state={p.filingState} label={p.filingStateLabel} />
          {p.filingState === FILING_STATE.rejected && p.auditDescription && (
            <span>驳回原因：{p.auditDescription}</span>
          )}
        </Space>
      </Descriptions.Item>
      {p.leaveReason && (
        <Descriptions.Item label="离职原因">{`${p.leaveReason}（${dash(p.leaveDate)}）`}</Descriptions.Item>
      )}
      {p.role !== 'staff' && <Descriptions.Item label="负责电梯">{p.elevatorCount} 台</Descriptions.Item>}
      <Descriptions.Item label="本人照片">
        <FileView file={p.photoFile} />
      </Descriptions.Item>
      <Descriptions.Item label="证书扫描件">
        <FileView file={p.certFile} />
      </Descriptions.Item>
    </Descriptions>
  );
}

export function ContractDescriptions({ contract }: { contract: ContractDetail }) {
  const c = contract;
  return (
    <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} data-testid="contract-descriptions">
      <Descriptions.Item label="合同编号">{c.contractNo}</Descriptions.Item>
      <Descriptions.Item label="合同状态">
        <Space>
          <ContractTag status={c.status} />
          {c.filingState === FILING_STATE.rejected && c.auditDescription && (
            <span>驳回原因：{c.auditDescription}</span>
          )}
        </Space>
      </Descriptions.Item>
      <Descriptions.Item label="维保单位">{c.maintenanceCompanyName}</Descriptions.Item>
      <Descriptions.Item label="使用单位">{c.useCompanyName}</Descriptions.Item>
      <Descriptions.Item label="合同期限">{`${c.startDate} 至 ${c.endDate}`}</Descriptions.Item>
      <Descriptions.Item label="维保计划">{c.planTypeLabel}</Descriptions.Item>
      <Descriptions.Item label="合同金额">{c.amount === null ? '—' : `${c.amount} 元`}</Descriptions.Item>
      <Descriptions.Item label="签订日期">{dash(c.signDate)}</Descriptions.Item>
      <Descriptions.Item label="备注" span={2}>
        {dash(c.remark)}
      </Descriptions.Item>
      <Descriptions.Item label="合同扫描件" span={2}>
        <FileView file={c.contractFile} />
      </Descriptions.Item>
    </Descriptions>
  );
}

/** An audit case's state, who submitted and decided it, when, and the reviewer's note. */
export function AuditCaseDescriptions({
  audit,
}: {
  audit: {
    state: number;
    stateLabel: string;
    submitterName?: string | null;
    submitTime?: string | null;
    deciderName?: string | null;
    decideTime?: string | null;
    auditDescription?: string | null;
  };
}) {
  return (
    <Descriptions bordered size="small" column={{ xs: 1, md: 3 }}>
      <Descriptions.Item label="审核状态">
        <FilingTag state={audit.state} label={audit.stateLabel} />
      </Descriptions.Item>
      <Descriptions.Item label="提交人">{dash(audit.submitterName)}</Descriptions.Item>
      <Descriptions.Item label="提交时间">{dash(audit.submitTime)}</Descriptions.Item>
      <Descriptions.Item label="审核人">{dash(audit.deciderName)}</Descriptions.Item>
      <Descriptions.Item label="审核时间">{dash(audit.decideTime)}</Descriptions.Item>
      <Descriptions.Item label="审核意见">{dash(audit.auditDescription)}</Descriptions.Item>
    </Descriptions>
  );
}
