import type { ProColumns } from '@ant-design/pro-components';
import {
  type ContractRow,
  type ElevatorRow,
  FILING_STATE,
  maintenanceUnitCalls,
  type PersonRow,
} from '@ec/contract';
import { Button, Card, Col, Empty, Row, Skeleton, Space, Statistic, Table, Tabs } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { NotFoundCard } from '../../../components/NotFoundCard.tsx';
import { RowAction } from '../../../components/RowAction.tsx';
import { usePermission } from '../../../lib/access.ts';
import { dash } from '../../../lib/format.ts';
import { usePageParam } from '../../../lib/page-param.ts';
import { PARTY_PAGES } from '../../../lib/routes.ts';
import { useSession } from '../../../lib/session.ts';
import { AuditHistory } from '../AuditHistory.tsx';
import { personColumns } from '../columns.tsx';
import { useDecision } from '../Decision.tsx';
import { CompanyDescriptions } from '../Descriptions.tsx';
import { ContractTag } from '../format.tsx';
import { OwnCompanyEdit } from '../OwnCompanyEdit.tsx';
import { useCanOpenPage, usePagePath } from '../paths.ts';
import { partyKeys, usePartyQuery } from '../queries.ts';

const contractColumns = [
  { title: '合同编号', dataIndex: 'contractNo' },
  { title: '使用单位', dataIndex: 'useCompanyName' },
  { title: '期限', render: (_: unknown, r: ContractRow) => `${r.startDate} 至 ${r.endDate}` },
  { title: '电梯', dataIndex: 'elevatorCount' },
  { title: '状态', render: (_: unknown, r: ContractRow) => <ContractTag status={r.status} /> },
];

const elevatorColumns: ProColumns<ElevatorRow>[] = [
  { title: '注册代码', dataIndex: 'registerCode' },
  { title: '电梯名称', dataIndex: 'name', search: false, render: (_, r) => dash(r.name) },
  { title: '地址', dataIndex: 'address', search: false, ellipsis: true },
  { title: '使用单位', dataIndex: 'useCompanyName', search: false, render: (_, r) => dash(r.useCompanyName) },
  {
    title: '下次检验',
    dataIndex: 'nextInspectDate',
    search: false,
    render: (_, r) => dash(r.nextInspectDate),
  },
];

/** 维保单位详情: the unit's filing, licence, people, elevators, contracts and audit history. */
export default function MaintenanceUnitDetailPage() {
  const param = usePageParam();
  const { user } = useSession();
  const id = param ?? (user?.userType === 'maintenance' ? user.companyId : null);
  const navigate = useNavigate();
  const path = usePagePath();
  const canOpen = useCanOpenPage();
  const canAudit = usePermission('maintenance:unit:audit');
  const canEdit = usePermission('maintenance:unit:edit');
  const info = usePartyQuery(maintenanceUnitCalls.queryDetail, id ? { id, type: 'info' } : null);
  const contracts = usePartyQuery(maintenanceUnitCalls.queryDetail, id ? { id, type: 'contracts' } : null);
  const stats = usePartyQuery(maintenanceUnitCalls.queryDetail, id ? { id, type: 'stats' } : null);
  const [decide, dialog] = useDecision(
    maintenanceUnitCalls.auditPass,
    maintenanceUnitCalls.auditReject,
    '维保单位备案审核',
  );
  const [editingOwn, setEditingOwn] = useState(false);

  if (!id) return <NotFoundCard title="请从维保单位列表打开详情" />;
  const d = info.data?.info;
  if (!d) return info.isError ? <NotFoundCard title="维保单位不存在或无权访问" /> : <Skeleton active />;
  const s = stats.data?.stats;
  const person = personColumns(false);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="maintenance-detail">
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
            {user?.companyId === d.id && d.filingState !== FILING_STATE.pending && (
              <Button onClick={() => setEditingOwn(true)}>修改单位信息</Button>
            )}
            {canEdit && canOpen(PARTY_PAGES.newMaintenanceUnit) && d.filingState !== FILING_STATE.pending && (
              <Button onClick={() => navigate(path(PARTY_PAGES.newMaintenanceUnit, { id: d.id }))}>
                编辑
              </Button>
            )}
          </Space>
        }
      >
        <CompanyDescriptions company={d} />
      </Card>
      {s && (
        <Row gutter={16}>
          <Col xs={12} md={4}>
            <Card>
              <Statistic title="在职维保人员" value={s.staffCount} />
            </Card>
          </Col>
          <Col xs={12} md={4}>
            <Card>
              <Statistic
                title="证书过期"
                value={s.certExpired}
                valueStyle={s.certExpired ? { color: '#cf1322' } : undefined}
              />
            </Card>
          </Col>
          <Col xs={12} md={4}>
            <Card>
              <Statistic title="证书即将到期" value={s.certExpiring} />
            </Card>
          </Col>
          <Col xs={12} md={4}>
            <Card>
              <Statistic title="维保电梯" value={s.elevatorCount} />
            </Card>
          </Col>
          <Col xs={12} md={4}>
            <Card>
              <Statistic title="有效合同" value={s.contractValid} suffix={`/ ${s.contractCount}`} />
            </Card>
          </Col>
          <Col xs={12} md={4}>
            <Card>
              <Statistic
                title="维保评分"
                value={s.averageRating ?? '—'}
                suffix={s.ratingCount ? `（${s.ratingCount} 次）` : ''}
              />
            </Card>
          </Col>
        </Row>
      )}
      <Card>
        <Tabs
          items={[
            {
              key: 'staff',
              label: '维保人员',
              children: (
                <ContractTable<PersonRow>
                  queryKey={partyKeys.all}
                  call={maintenanceUnitCalls.userInfo}
                  params={{ id: d.id }}
                  rowKey="id"
                  columns={[
                    ...person,
                    ...(canOpen(PARTY_PAGES.personnelDetail)
                      ? [
                          {
                            title: '操作',
                            valueType: 'option' as const,
                            render: (_: unknown, r: PersonRow) => (
                              <RowAction
                                onClick={() => navigate(path(PARTY_PAGES.personnelDetail, { id: r.id }))}
                              >
                                详情
                              </RowAction>
                            ),
                          },
                        ]
                      : []),
                  ]}
                />
              ),
            },
            {
              key: 'elevators',
              label: '维保电梯',
              children: (
                <ContractTable<ElevatorRow>
                  queryKey={partyKeys.all}
                  call={maintenanceUnitCalls.elevatorList}
                  params={{ id: d.id }}
                  rowKey="id"
                  columns={elevatorColumns}
                />
              ),
            },
            {
              key: 'contracts',
              label: '维保合同',
              children: contracts.data?.contracts?.length ? (
                <Table
                  rowKey="id"
                  size="small"
                  dataSource={contracts.data.contracts}
                  columns={contractColumns}
                  pagination={false}
                />
              ) : (
                <Empty description="暂无合同" />
              ),
            },
            { key: 'history', label: '审核记录', children: <AuditHistory history={d.history} /> },
          ]}
        />
      </Card>
      {dialog}
      <OwnCompanyEdit kind="maintenance" company={d} open={editingOwn} onClose={() => setEditingOwn(false)} />
    </Space>
  );
}
