import type { ProColumns } from '@ant-design/pro-components';
import {
  buildingUserAuditCalls,
  buildingUserCalls,
  FILING_STATE,
  type PersonAuditRow,
  type PersonRow,
} from '@ec/contract';
import { App, Drawer, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { RowAction } from '../../../components/RowAction.tsx';
import { useCanAudit } from '../../../lib/access.ts';
import { call } from '../../../lib/api.ts';
import { usePageParam } from '../../../lib/page-param.ts';
import { ConfirmButton, RowActions } from '../Actions.tsx';
import { personAuditColumns, personColumns } from '../columns.tsx';
import { useDecision } from '../Decision.tsx';
import { useFilingVariant } from '../paths.ts';
import { partyKeys, useInvalidateParties } from '../queries.ts';
import { PersonDetailView } from './PersonnelDetailsPage.tsx';

/** 安全员备案 (supervisor): safety officers' filings to review, and every officer in scope. */
export default function SafetyOfficerRecordPage() {
  const filing = useFilingVariant();
  const opened = usePageParam();
  const { message } = App.useApp();
  const invalidate = useInvalidateParties();
  const canAudit = useCanAudit('building:user:audit');
  const [tab, setTab] = useState(canAudit && (filing || !opened) ? 'audit' : 'list');
  const [viewing, setViewing] = useState<number | null>(null);
  const [decide, dialog] = useDecision(
    buildingUserAuditCalls.auditPass,
    buildingUserAuditCalls.auditReject,
    '安全员备案审核',
  );
  useEffect(() => setViewing(opened), [opened]);
  const shown = viewing;
  const removeCase = async (auditId: number) => {
    await call(buildingUserAuditCalls.delete, { ids: [auditId] });
    message.success('审核记录已删除');
    await invalidate();
  };
  const audits: ProColumns<PersonAuditRow>[] = [
    ...personAuditColumns(),
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      render: (_, r) => (
        <RowActions>
          <RowAction onClick={() => setViewing(r.userId)}>详情</RowAction>
          {r.state === FILING_STATE.pending ? (
            <RowAction onClick={() => decide({ auditId: r.auditId, version: r.version })}>审核</RowAction>
          ) : (
            <ConfirmButton title="从审核列表中删除这条记录？" onConfirm={() => removeCase(r.auditId)}>
              删除记录
            </ConfirmButton>
          )}
        </RowActions>
      ),
    },
  ];
  const list: ProColumns<PersonRow>[] = [
    ...personColumns(true),
    {
      title: '操作',
      valueType: 'option',
      render: (_, r) => <RowAction onClick={() => setViewing(r.id)}>详情</RowAction>,
    },
  ];
  return (
    <>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          ...(canAudit
            ? [
                {
                  key: 'audit',
                  label: '备案审核',
                  children: (
                    <ContractTable
                      queryKey={partyKeys.all}
                      call={buildingUserAuditCalls.queryList}
                      rowKey="auditId"
                      columns={audits}
                    />
                  ),
                },
              ]
            : []),
          {
            key: 'list',
            label: '安全员',
            children: (
              <ContractTable
                queryKey={partyKeys.all}
                call={buildingUserCalls.queryList}
                rowKey="id"
                columns={list}
              />
            ),
          },
        ]}
      />
      <Drawer
        title="安全员详情"
        open={shown !== null}
        onClose={() => setViewing(null)}
        width={860}
        destroyOnHidden
      >
        {shown !== null && <PersonDetailView kind="officer" id={shown} />}
      </Drawer>
      {dialog}
    </>
  );
}
