import type { ProColumns } from '@ant-design/pro-components';
import { INSPECTOR_AUDIT_LABEL, type InspectorAuditRow, inspectorCalls } from '@ec/contract';
import { App, Popconfirm } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AuditDialog } from '../../../components/AuditDialog.tsx';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { call } from '../../../lib/api.ts';
import { dash } from '../../../lib/format.ts';
import { ORG_PATHS } from '../../../lib/routes.ts';
import { peopleKeys, useInvalidatePeople, usePeopleRights } from '../queries.ts';
import { AuditTag, CertTag } from './InspectorsPage.tsx';

/** 检验人员审核: the organisation's cases of joining inspectors; its administrator passes or rejects. */
export default function AuditPersonnelPage() {
  const rights = usePeopleRights();
  const navigate = useNavigate();
  const invalidate = useInvalidatePeople();
  const { message } = App.useApp();
  const [deciding, setDeciding] = useState<InspectorAuditRow | null>(null);
  const columns: ProColumns<InspectorAuditRow>[] = [
    {
      title: '关键字',
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '姓名或证书编号' },
    },
    { title: '姓名', dataIndex: 'name', search: false, width: 100 },
    { title: '证书编号', dataIndex: 'certNo', search: false, width: 180 },
    { title: '资格项目', dataIndex: 'categoryLabel', search: false, width: 150 },
    { title: '有效期至', dataIndex: 'validUntil', search: false, width: 110 },
    {
      title: '证书状态',
      dataIndex: 'certState',
      search: false,
      width: 120,
      render: (_, r) => <CertTag row={r} />,
    },
    {
      title: '审核状态',
      dataIndex: 'state',
      valueType: 'select',
      valueEnum: { 2: INSPECTOR_AUDIT_LABEL[2], 3: INSPECTOR_AUDIT_LABEL[3], 4: INSPECTOR_AUDIT_LABEL[4] },
      width: 100,
      render: (_, r) => <AuditTag state={r.state} label={INSPECTOR_AUDIT_LABEL[r.state] ?? r.stateLabel} />,
    },
    {
      title: '提交人',
      dataIndex: 'submitterName',
      search: false,
      width: 100,
      render: (_, r) => dash(r.submitterName),
    },
    {
      title: '提交时间',
      dataIndex: 'submitTime',
      search: false,
      width: 170,
      render: (_, r) => dash(r.submitTime),
    },
    {
      title: '审核意见',
      dataIndex: 'auditDescription',
      search: false,
      render: (_, r) => dash(r.auditDescription),
    },
    actionColumn<InspectorAuditRow>(150, (r) => (
      <>
        <RowAction onClick={() => navigate(`${ORG_PATHS.auditPersonnelDetail}?id=${r.auditId}`)}>
          详情
        </RowAction>
        {rights.audit && r.state === 2 && <RowAction onClick={() => setDeciding(r)}>审核</RowAction>}
        {rights.audit && r.state !== 2 && (
          <Popconfirm
            title="删除这条审核记录？（人员与审核历史保留）"
            onConfirm={async () => {
              await call(inspectorCalls.auditDelete, { ids: [r.auditId] });
              message.success('已删除');
              await invalidate();
            }}
          >
            <RowAction danger>删除</RowAction>
          </Popconfirm>
        )}
      </>
    )),
  ];
  return (
    <>
      <ContractTable<InspectorAuditRow>
        call={inspectorCalls.auditList}
        queryKey={peopleKeys.audits}
        rowKey="auditId"
        columns={columns}
        testId="inspector-audits"
      />
      <AuditDialog
        open={deciding !== null}
        title={`审核检验人员 ${deciding?.name ?? ''}`}
        onClose={() => setDeciding(null)}
        onSubmit={async ({ pass, description }) => {
          const input = {
            auditId: deciding!.auditId,
            version: deciding!.version,
            auditDescription: description,
          };
          await call(pass ? inspectorCalls.auditPass : inspectorCalls.auditReject, input);
          message.success(pass ? '已审核通过' : '已驳回');
          await invalidate();
        }}
      />
    </>
  );
}
