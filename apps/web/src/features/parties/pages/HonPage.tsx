import type { ProColumns } from '@ant-design/pro-components';
import {
  type BuildingCompanyRow,
  buildingCompanyAuditCalls,
  buildingCompanyCalls,
  type CompanyAuditRow,
  FILING_STATE,
} from '@ec/contract';
import { App, Card, Col, Row, Statistic } from 'antd';
import { useNavigate } from 'react-router';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { RowAction } from '../../../components/RowAction.tsx';
import { useCanAudit, usePermission } from '../../../lib/access.ts';
import { call } from '../../../lib/api.ts';
import { dash } from '../../../lib/format.ts';
import { useCanOpen } from '../../../lib/page-param.ts';
import { ELEVATOR_PATHS, PARTY_PAGES, unitElevatorsUrl } from '../../../lib/routes.ts';
import { ConfirmButton, RowActions } from '../Actions.tsx';
import { auditOptionColumn, ListWithAudits, useRemoveCase } from '../AuditTabs.tsx';
import { areaSearch, companyAuditColumns, filingColumn } from '../columns.tsx';
import { useDecision } from '../Decision.tsx';
import { unitTypeEnum } from '../format.tsx';
import { useCanOpenPage, usePagePath } from '../paths.ts';
import { partyKeys, useInvalidateParties, usePartyQuery } from '../queries.ts';

function Statistics() {
  const stats = usePartyQuery(buildingCompanyCalls.buildingCompanyStatistics, {});
  const s = stats.data;
  if (!s) return null;
  return (
    <Row gutter={16} style={{ marginBottom: 16 }} data-testid="building-statistics">
      <Col xs={12} md={4}>
        <Card>
          <Statistic title="使用单位" value={s.total} />
        </Card>
      </Col>
      <Col xs={12} md={4}>
        <Card>
          <Statistic
            title="备案待审核"
            value={s.byState.find((b) => b.state === FILING_STATE.pending)?.count ?? 0}
          />
        </Card>
      </Col>
      <Col xs={12} md={4}>
        <Card>
          <Statistic
            title="已备案"
            value={s.byState.find((b) => b.state === FILING_STATE.passed)?.count ?? 0}
          />
        </Card>
      </Col>
      <Col xs={12} md={4}>
        <Card>
          <Statistic
            title="已备案安全员"
            value={s.officerCount}
            suffix={s.officerPending ? `（待审 ${s.officerPending}）` : ''}
          />
        </Card>
      </Col>
      <Col xs={12} md={4}>
        <Card>
          <Statistic title="电梯" value={s.elevatorCount} />
        </Card>
      </Col>
      <Col xs={12} md={4}>
        <Card>
          <Statistic
            title="已指定安全员的电梯"
            value={s.elevatorWithOfficer}
            suffix={`/ ${s.elevatorCount}`}
          />
        </Card>
      </Col>
    </Row>
  );
}

/** 使用单位管理: use units in scope with their statistics, their filings, and adding units or contracts. */
export default function HonPage() {
  const navigate = useNavigate();
  const path = usePagePath();
  const canOpen = useCanOpenPage();
  const canOpenUnitElevators = useCanOpen(ELEVATOR_PATHS.unitElevators);
  const { message } = App.useApp();
  const invalidate = useInvalidateParties();
  const canEdit = usePermission('building:company:edit');
  const canAudit = useCanAudit('building:company:audit');
  const [decide, dialog] = useDecision(
    buildingCompanyAuditCalls.auditPass,
    buildingCompanyAuditCalls.auditReject,
    '使用单位备案审核',
  );

  const remove = async (id: number) => {
    await call(buildingCompanyCalls.delete, { ids: [id] });
    message.success('已删除');
    await invalidate();
  };
  const removeCase = useRemoveCase(buildingCompanyAuditCalls.delete);
  const list: ProColumns<BuildingCompanyRow>[] = [
    {
      title: '单位名称',
      dataIndex: 'name',
      render: (_, r) => (
        <RowAction onClick={() => navigate(path(PARTY_PAGES.unitDetail, { id: r.id }))}>{r.name}</RowAction>
      ),
    },
    { title: '统一社会信用代码', dataIndex: 'creditCode', render: (_, r) => dash(r.creditCode) },
    areaSearch<BuildingCompanyRow>(),
    { title: '所在区域', dataIndex: 'areaName', search: false, render: (_, r) => dash(r.areaName) },
    { title: '联系电话', dataIndex: 'contactPhone', search: false, render: (_, r) => dash(r.contactPhone) },
    filingColumn<BuildingCompanyRow>(),
    {
      title: '单位类型',
      dataIndex: 'unitType',
      valueEnum: unitTypeEnum,
      render: (_, r) => dash(r.unitTypeLabel),
    },
    {
      title: '安全总监',
      dataIndex: 'safetyDirector',
      search: false,
      render: (_, r) => dash(r.safetyDirector),
    },
    { title: '安全员', dataIndex: 'officerCount', search: false },
    { title: '电梯', dataIndex: 'elevatorCount', search: false },
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      render: (_, r) => (
        <RowActions>
          <RowAction onClick={() => navigate(path(PARTY_PAGES.unitDetail, { id: r.id }))}>详情</RowAction>
          {canOpenUnitElevators && (
            <RowAction onClick={() => navigate(unitElevatorsUrl(r.id))}>单位电梯</RowAction>
          )}
          {canAudit && r.filingState === FILING_STATE.pending && r.auditId !== null && (
            <RowAction onClick={() => decide({ auditId: r.auditId!, version: r.auditVersion ?? 0 })}>
              审核
            </RowAction>
          )}
          {canEdit && r.filingState !== FILING_STATE.pending && canOpen(PARTY_PAGES.newUseUnit) && (
            <RowAction onClick={() => navigate(path(PARTY_PAGES.newUseUnit, { id: r.id }))}>编辑</RowAction>
          )}
          {r.filingState === FILING_STATE.passed && canOpen(PARTY_PAGES.newContract) && (
            <RowAction onClick={() => navigate(path(PARTY_PAGES.newContract, { useCompanyId: r.id }))}>
              新增维保
            </RowAction>
          )}
          {canEdit && (
            <ConfirmButton title={`确定删除「${r.name}」吗？`} onConfirm={() => remove(r.id)}>
              删除
            </ConfirmButton>
          )}
        </RowActions>
      ),
    },
  ];
  const audits: ProColumns<CompanyAuditRow>[] = [
    ...companyAuditColumns(),
    auditOptionColumn<CompanyAuditRow>({
      detail: (r) => navigate(path(PARTY_PAGES.recordDetail, { id: r.auditId })),
      detailLabel: '备案详情',
      decide,
      remove: removeCase,
    }),
  ];
  return (
    <>
      <Statistics />
      <ListWithAudits
        canAudit={canAudit}
        list={{
          key: 'list',
          label: '使用单位',
          children: (
            <ContractTable
              queryKey={partyKeys.all}
              testId="building-company-list"
              call={buildingCompanyCalls.queryList}
              rowKey="id"
              columns={list}
              add={
                canEdit &&
                canOpen(PARTY_PAGES.newUseUnit) && {
                  label: '新增使用单位',
                  onClick: () => navigate(path(PARTY_PAGES.newUseUnit)),
                }
              }
            />
          ),
        }}
        audits={[
          {
            key: 'audit',
            label: '备案审核',
            children: (
              <ContractTable
                queryKey={partyKeys.all}
                call={buildingCompanyAuditCalls.queryList}
                rowKey="auditId"
                columns={audits}
              />
            ),
          },
        ]}
        extra={dialog}
      />
    </>
  );
}
