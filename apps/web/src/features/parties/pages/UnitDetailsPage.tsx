import type { ProColumns } from '@ant-design/pro-components';
import {
  buildingCompanyAuditCalls,
  buildingCompanyCalls,
  buildingUserCalls,
  type ContractRow,
  contractCalls,
  FILING_STATE,
  type PersonRow,
} from '@ec/contract';
import { Button, Card, Skeleton, Space, Tabs } from 'antd';
import { useNavigate } from 'react-router';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { NotFoundCard } from '../../../components/NotFoundCard.tsx';
import { useCanAudit, usePermission } from '../../../lib/access.ts';
import { usePageParam } from '../../../lib/page-param.ts';
import { PARTY_PAGES } from '../../../lib/routes.ts';
import { useSession } from '../../../lib/session.ts';
import { AuditHistory } from '../AuditHistory.tsx';
import { personColumns } from '../columns.tsx';
import { useDecision } from '../Decision.tsx';
import { CompanyDescriptions } from '../Descriptions.tsx';
import { ContractTag } from '../format.tsx';
import { useCanOpenPage, usePagePath } from '../paths.ts';
import { partyKeys, usePartyQuery } from '../queries.ts';
import { OfficerAssignments } from './HonForTheRecordPage.tsx';

const contractColumns: ProColumns<ContractRow>[] = [
  { title: '合同编号', dataIndex: 'contractNo', search: false },
  { title: '维保单位', dataIndex: 'maintenanceCompanyName', search: false },
  { title: '合同期限', search: false, render: (_, r) => `${r.startDate} 至 ${r.endDate}` },
  { title: '电梯', dataIndex: 'elevatorCount', search: false },
  { title: '状态', dataIndex: 'status', search: false, render: (_, r) => <ContractTag status={r.status} /> },
];

/** A use unit's details: filing, safety officers, officers per elevator, contracts and audit history. */
export function UnitDetailView({ id }: { id: number | null }) {
  const navigate = useNavigate();
  const path = usePagePath();
  const canOpen = useCanOpenPage();
  const { user } = useSession();
  const canAudit = useCanAudit('building:company:audit');
  const canEdit = usePermission('building:company:edit');
  const canContracts = usePermission('maintenance:contract:list');
  const canOfficers = usePermission('building:user:list');
  const detail = usePartyQuery(buildingCompanyCalls.companyDetail, id ? { id } : null);
  const [decide, dialog] = useDecision(
    buildingCompanyAuditCalls.auditPass,
    buildingCompanyAuditCalls.auditReject,
    '使用单位备案审核',
  );
  if (!id) return <NotFoundCard title="请从使用单位列表打开详情" />;
  const d = detail.data;
  if (!d) return detail.isError ? <NotFoundCard title="使用单位不存在或无权访问" /> : <Skeleton active />;
  const ownCompany = user?.companyId === d.id;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="unit-detail">
      <Card
        title={d.name}
        extra={
          <Space>
            {canAudit && d.filingState === FILING_STATE.pending && d.auditId !== null && (
              <Button
                type="primary"
                onClick={() => decide({ auditId: d.auditId!, version: d.auditVersion ?? 0 })}
              >
                审核
              </Button>
            )}
            {canEdit &&
              !ownCompany &&
              d.filingState !== FILING_STATE.pending &&
              canOpen(PARTY_PAGES.newUseUnit) && (
                <Button onClick={() => navigate(path(PARTY_PAGES.newUseUnit, { id: d.id }))}>编辑</Button>
              )}
          </Space>
        }
      >
        <CompanyDescriptions company={d} />
      </Card>
      <Card>
        <Tabs
          items={[
            ...(canOfficers
              ? [
                  {
                    key: 'officers',
                    label: '安全员',
                    children: (
                      <ContractTable<PersonRow>
                        queryKey={partyKeys.all}
                        call={buildingUserCalls.queryList}
                        params={{ companyId: d.id }}
                        rowKey="id"
                        columns={personColumns(false)}
                        search={false}
                      />
                    ),
                  },
                  {
                    key: 'assignments',
                    label: '电梯安全员',
                    children: <OfficerAssignments companyId={d.id} editable={false} />,
                  },
                ]
              : []),
            ...(canContracts
              ? [
                  {
                    key: 'contracts',
                    label: '维保合同',
                    children: (
                      <ContractTable<ContractRow>
                        queryKey={partyKeys.all}
                        call={contractCalls.queryList}
                        params={{ useCompanyId: d.id }}
                        rowKey="id"
                        columns={contractColumns}
                        search={false}
                      />
                    ),
                  },
                ]
              : []),
            { key: 'history', label: '审核记录', children: <AuditHistory history={d.history} /> },
          ]}
        />
      </Card>
      {dialog}
    </Space>
  );
}

/** 使用单位详情 (?id=). */
export default function UnitDetailsPage() {
  return <UnitDetailView id={usePageParam()} />;
}
