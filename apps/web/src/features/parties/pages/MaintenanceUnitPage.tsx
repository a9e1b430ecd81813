import type { ProColumns } from '@ant-design/pro-components';
import {
  type CompanyAuditRow,
  FILING_STATE,
  type MaintenanceUnitRow,
  maintenanceAuditCalls,
  maintenanceUnitCalls,
} from '@ec/contract';
import { App, Space, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { RowAction } from '../../../components/RowAction.tsx';
import { useCanAudit, usePermission } from '../../../lib/access.ts';
import { call } from '../../../lib/api.ts';
import { dash } from '../../../lib/format.ts';
import { PARTY_PAGES } from '../../../lib/routes.ts';
import { ConfirmButton, RowActions } from '../Actions.tsx';
import { auditOptionColumn, ListWithAudits, useRemoveCase } from '../AuditTabs.tsx';
import { areaSearch, companyAuditColumns, filingColumn } from '../columns.tsx';
import { useDecision } from '../Decision.tsx';
import { gradeEnum } from '../format.tsx';
import { usePagePath } from '../paths.ts';
import { partyKeys, useInvalidateParties } from '../queries.ts';

/** 维保单位管理: the units in scope, and their filings awaiting or past review. */
export default function MaintenanceUnitPage() {
  const navigate = useNavigate();
  const path = usePagePath();
  const { message } = App.useApp();
  const invalidate = useInvalidateParties();
  const canEdit = usePermission('maintenance:unit:edit');
  const canAudit = useCanAudit('maintenance:unit:audit');
  const [decide, dialog] = useDecision(
    maintenanceUnitCalls.auditPass,
    maintenanceUnitCalls.auditReject,
    '维保单位备案审核',
  );

  const remove = async (ids: number[]) => {
    await call(maintenanceUnitCalls.delete, { ids });
    message.success('已删除');
    await invalidate();
  };
  const removeCase = useRemoveCase(maintenanceAuditCalls.delete);

  const listColumns: ProColumns<MaintenanceUnitRow>[] = [
    {
      title: '单位名称',
      dataIndex: 'name',
      render: (_, r) => (
        <RowAction onClick={() => navigate(path(PARTY_PAGES.maintenanceDetail, { id: r.id }))}>
          {r.name}
        </RowAction>
      ),
    },
    { title: '统一社会信用代码', dataIndex: 'creditCode', render: (_, r) => dash(r.creditCode) },
    areaSearch<MaintenanceUnitRow>(),
    { title: '所在区域', dataIndex: 'areaName', search: false, render: (_, r) => dash(r.areaName) },
    { title: '联系人', dataIndex: 'contactName', search: false, render: (_, r) => dash(r.contactName) },
    { title: '联系电话', dataIndex: 'contactPhone', search: false, render: (_, r) => dash(r.contactPhone) },
    filingColumn<MaintenanceUnitRow>(),
    {
      title: '许可等级',
      dataIndex: 'licenceGrade',
      valueEnum: gradeEnum,
      render: (_, r) => dash(r.licenceGrade),
    },
    {
      title: '许可证有效期',
      dataIndex: 'licenceExpired',
      valueEnum: { true: { text: '已过期' }, false: { text: '有效' } },
      render: (_, r) => (
        <Space>
          {dash(r.licenceExpiry)}
          {r.licenceExpired && <Tag color="error">已过期</Tag>}
        </Space>
      ),
    },
    { title: '维保人员', dataIndex: 'staffCount', search: false },
    { title: '维保电梯', dataIndex: 'elevatorCount', search: false },
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      render: (_, r) => (
        <RowActions>
          <RowAction onClick={() => navigate(path(PARTY_PAGES.maintenanceDetail, { id: r.id }))}>
            详情
          </RowAction>
          {canAudit && r.filingState === FILING_STATE.pending && r.auditId !== null && (
            <RowAction onClick={() => decide({ auditId: r.auditId!, version: r.auditVersion ?? 0 })}>
              审核
            </RowAction>
          )}
          {canEdit && r.filingState !== FILING_STATE.pending && (
            <RowAction onClick={() => navigate(path(PARTY_PAGES.newMaintenanceUnit, { id: r.id }))}>
              编辑
            </RowAction>
          )}
          {canEdit && (
            <ConfirmButton title={`确定删除「${r.name}」吗？`} onConfirm={() => remove([r.id])}>
              删除
            </ConfirmButton>
          )}
        </RowActions>
      ),
    },
  ];

  const auditColumns: ProColumns<CompanyAuditRow>[] = [
    ...companyAuditColumns(),
    auditOptionColumn<CompanyAuditRow>({
      detail: (r) => navigate(path(PARTY_PAGES.maintenanceDetail, { id: r.companyId })),
      decide,
      remove: removeCase,
    }),
  ];

  return (
    <ListWithAudits
      canAudit={canAudit}
      list={{
        key: 'list',
        label: '维保单位',
        children: (
          <ContractTable
            queryKey={partyKeys.all}
            testId="maintenance-unit-list"
            call={maintenanceUnitCalls.query}
            rowKey="id"
            columns={listColumns}
            add={
              canEdit && {
                label: '新增维保单位',
                onClick: () => navigate(path(PARTY_PAGES.newMaintenanceUnit)),
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
              testId="maintenance-unit-audit"
              call={maintenanceAuditCalls.query}
              rowKey="auditId"
              columns={auditColumns}
            />
          ),
        },
      ]}
      extra={dialog}
    />
  );
}
