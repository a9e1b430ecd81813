import type { ProColumns } from '@ant-design/pro-components';
import { type CompanyAuditRow, inspectionOrgCalls, type PersonAuditRow } from '@ec/contract';
import { Alert } from 'antd';
import { useNavigate } from 'react-router';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { useCanAudit } from '../../../lib/access.ts';
import { dash } from '../../../lib/format.ts';
import { ORG_PATHS } from '../../../lib/routes.ts';
import { auditOptionColumn, ListWithAudits } from '../AuditTabs.tsx';
import { auditColumns, companyAuditColumns } from '../columns.tsx';
import { useDecision } from '../Decision.tsx';
import { ORG_AUDIT_PERMISSION } from '../paths.ts';
import { partyKeys } from '../queries.ts';

/**
 * 机构审核: the inspection organisations' filings and the accounts' requests to join an organisation
 * already on the platform, with the audit dialog. Only reviewers decide; an organisation's own admin
 * sees its own cases.
 */
export default function OrganizationAuditPage() {
  const navigate = useNavigate();
  const canDecide = useCanAudit(ORG_AUDIT_PERMISSION);
  const [decide, dialog] = useDecision(
    inspectionOrgCalls.auditPass,
    inspectionOrgCalls.auditReject,
    '检验机构备案审核',
  );
  const [decideJoin, joinDialog] = useDecision(
    inspectionOrgCalls.userAuditPass,
    inspectionOrgCalls.userAuditReject,
    '检验机构绑定申请审核',
  );

  const filings: ProColumns<CompanyAuditRow>[] = [
    ...companyAuditColumns(),
    auditOptionColumn<CompanyAuditRow>({
      detail: (r) => navigate(`${ORG_PATHS.auditDetail}?id=${r.auditId}`),
      decide: canDecide ? decide : undefined,
    }),
  ];
  const joins: ProColumns<PersonAuditRow>[] = [
    { title: '姓名', dataIndex: 'realName' },
    { title: '手机号', dataIndex: 'phone', search: false, render: (_, r) => dash(r.phone) },
    { title: '身份证号', dataIndex: 'idNumber', search: false, render: (_, r) => dash(r.idNumber) },
    {
      title: '申请加入的机构',
      dataIndex: 'companyName',
      search: false,
      render: (_, r) => dash(r.companyName),
    },
    { title: '岗位', dataIndex: 'roleLabel', search: false },
    ...auditColumns<PersonAuditRow>(),
    auditOptionColumn<PersonAuditRow>({
      detail: (r) => navigate(`${ORG_PATHS.auditDetail}?joinId=${r.auditId}`),
      decide: canDecide ? decideJoin : undefined,
    }),
  ];
  return (
    <>
      {!canDecide && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="检验机构备案由平台监管部门审核，这里显示本机构的备案审核记录"
        />
      )}
      <ListWithAudits
        canAudit
        audits={[
          {
            key: 'filing',
            label: '机构备案审核',
            children: (
              <ContractTable
                queryKey={partyKeys.all}
                testId="org-audit-list"
                call={inspectionOrgCalls.auditQuery}
                rowKey="auditId"
                columns={filings}
              />
            ),
          },
          {
            key: 'join',
            label: '绑定申请审核',
            children: (
              <ContractTable
                queryKey={partyKeys.all}
                testId="org-join-audit-list"
                call={inspectionOrgCalls.userAuditQuery}
                rowKey="auditId"
                columns={joins}
              />
            ),
          },
        ]}
        extra={
          <>
            {dialog}
            {joinDialog}
          </>
        }
      />
    </>
  );
}
