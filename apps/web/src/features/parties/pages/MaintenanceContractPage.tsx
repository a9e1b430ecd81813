import type { ProColumns } from '@ant-design/pro-components';
import {
  type ContractAuditRow,
  type ContractDetail,
  type ContractRow,
  contractAuditCalls,
  contractCalls,
  FILING_STATE,
  type FlaggedElevator,
} from '@ec/contract';
import { App, Button, Card, Drawer, Form, Modal, Skeleton, Space, Table } from 'antd';
import { useState } from 'react';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { validated } from '../../../components/form.ts';
import { RowAction } from '../../../components/RowAction.tsx';
import { useCanAudit, usePermission } from '../../../lib/access.ts';
import { call } from '../../../lib/api.ts';
import { dash } from '../../../lib/format.ts';
import { ConfirmButton, RowActions } from '../Actions.tsx';
import { AuditHistory } from '../AuditHistory.tsx';
import { auditOptionColumn, ListWithAudits, useRemoveCase } from '../AuditTabs.tsx';
import { ContractForm, type ContractFormValues, contractInput, contractValues } from '../ContractForm.tsx';
import { auditColumns, filingColumn } from '../columns.tsx';
import { useDecision } from '../Decision.tsx';
import { ContractDescriptions } from '../Descriptions.tsx';
import { ContractTag, contractStatusEnum, FlagTag, flagEnum } from '../format.tsx';
import { partyKeys, useInvalidateParties, usePartyQuery, useRecordEditor } from '../queries.ts';

/** Adds or edits a contract; a change to a filed contract goes back for audit. */
export function ContractModal({
  editing,
  open,
  onClose,
}: {
  editing: ContractDetail | null;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<ContractFormValues>();
  const { message } = App.useApp();
  const invalidate = useInvalidateParties();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const v = await validated(form);
    if (!v) return;
    setSaving(true);
    try {
      if (editing)
        await call(contractCalls.update, { ...contractInput(v), id: editing.id, version: editing.version });
      else await call(contractCalls.save, contractInput(v));
      message.success('已提交，等待审核');
      await invalidate();
      onClose();
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      title={editing ? `编辑合同 ${editing.contractNo}` : '新增维保合同'}
      open={open}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      width={820}
      destroyOnHidden
    >
      <ContractForm form={form} initialValues={editing ? contractValues(editing) : undefined} />
    </Modal>
  );
}

/** A contract's details, elevators and audit history in a drawer. */
function ContractDrawer({
  id,
  onClose,
  onDecide,
}: {
  id: number | null;
  onClose: () => void;
  onDecide?: (c: ContractDetail) => void;
}) {
  const detail = usePartyQuery(contractCalls.detail, id ? { id } : null);
  const c = detail.data;
  return (
    <Drawer title="合同详情" open={id !== null} onClose={onClose} width={860} destroyOnHidden>
      {!c ? (
        <Skeleton active />
      ) : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          {onDecide && c.filingState === FILING_STATE.pending && (
            <Button type="primary" onClick={() => onDecide(c)}>
              审核
            </Button>
          )}
          <ContractDescriptions contract={c} />
          <Card size="small" title={`合同电梯（${c.elevators.length} 台）`}>
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={c.elevators}
              columns={[
                { title: '注册代码', dataIndex: 'registerCode' },
                { title: '名称', dataIndex: 'name', render: (v: string | null) => dash(v) },
                { title: '地址', dataIndex: 'address' },
              ]}
            />
          </Card>
          <Card size="small" title="审核记录">
            <AuditHistory history={c.history} />
          </Card>
        </Space>
      )}
    </Drawer>
  );
}

/** 维保合同管理: contracts in scope, their audit, and the elevators whose contract is missing or ending. */
export default function MaintenanceContractPage() {
  const canEdit = usePermission('maintenance:contract:edit');
  const canAudit = useCanAudit('maintenance:contract:audit');
  const editor = useRecordEditor(
    (id) => call(contractCalls.detail, { id }),
    (ids) => call(contractCalls.delete, { ids }),
  );
  const [viewing, setViewing] = useState<number | null>(null);
  const [decide, dialog] = useDecision(
    contractAuditCalls.auditPass,
    contractAuditCalls.auditReject,
    '维保合同审核',
  );

  const removeCase = useRemoveCase(contractAuditCalls.delete);

  const list: ProColumns<ContractRow>[] = [
    {
      title: '合同编号',
      dataIndex: 'contractNo',
      render: (_, r) => <RowAction onClick={() => setViewing(r.id)}>{r.contractNo}</RowAction>,
    },
    { title: '维保单位', dataIndex: 'maintenanceCompanyName', search: false },
    { title: '使用单位', dataIndex: 'useCompanyName', search: false },
    { title: '合同期限', search: false, render: (_, r) => `${r.startDate} 至 ${r.endDate}` },
    { title: '维保计划', dataIndex: 'planTypeLabel', search: false },
    { title: '电梯', dataIndex: 'elevatorCount', search: false },
    {
      title: '合同状态',
      dataIndex: 'status',
      valueEnum: contractStatusEnum,
      render: (_, r) => <ContractTag status={r.status} />,
    },
    { ...filingColumn<ContractRow>(), hideInTable: true },
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      render: (_, r) => (
        <RowActions>
          <RowAction onClick={() => setViewing(r.id)}>详情</RowAction>
          {canAudit && r.filingState === FILING_STATE.pending && r.auditId !== null && (
            <RowAction onClick={() => decide({ auditId: r.auditId!, version: r.auditVersion ?? 0 })}>
              审核
            </RowAction>
          )}
          {canEdit && r.filingState !== FILING_STATE.pending && (
            <RowAction onClick={() => editor.edit(r.id)}>编辑</RowAction>
          )}
          {canEdit && r.filingState !== FILING_STATE.pending && (
            <ConfirmButton title={`删除合同 ${r.contractNo}？`} onConfirm={() => editor.remove(r.id)}>
              删除
            </ConfirmButton>
          )}
        </RowActions>
      ),
    },
  ];
  const audits: ProColumns<ContractAuditRow>[] = [
    { title: '合同编号', dataIndex: 'contractNo' },
    { title: '维保单位', dataIndex: 'maintenanceCompanyName', search: false },
    { title: '使用单位', dataIndex: 'useCompanyName', search: false },
    { title: '合同期限', search: false, render: (_, r) => `${r.startDate} 至 ${r.endDate}` },
    { title: '电梯', dataIndex: 'elevatorCount', search: false },
    ...auditColumns<ContractAuditRow>(),
    auditOptionColumn<ContractAuditRow>({
      detail: (r) => setViewing(r.contractId),
      decide,
      remove: removeCase,
    }),
  ];
  const flagged: ProColumns<FlaggedElevator>[] = [
    { title: '注册代码', dataIndex: 'registerCode' },
    { title: '电梯名称', dataIndex: 'name', search: false, render: (_, r) => dash(r.name) },
    { title: '地址', dataIndex: 'address', search: false, ellipsis: true },
    {
      title: '维保单位',
      dataIndex: 'maintenanceCompanyName',
      search: false,
      render: (_, r) => dash(r.maintenanceCompanyName),
    },
    {
      title: '使用单位',
      dataIndex: 'useCompanyName',
      search: false,
      render: (_, r) => dash(r.useCompanyName),
    },
    { title: '预警', dataIndex: 'flag', valueEnum: flagEnum, render: (_, r) => <FlagTag flag={r.flag} /> },
    {
      title: '合同',
      dataIndex: 'contractNo',
      search: false,
      render: (_, r) => dash(r.contractNo && `${r.contractNo}（至 ${r.endDate}）`),
    },
  ];
  return (
    <ListWithAudits
      canAudit={canAudit}
      list={{
        key: 'list',
        label: '维保合同',
        children: (
          <ContractTable
            queryKey={partyKeys.all}
            testId="contract-list"
            call={contractCalls.queryList}
            rowKey="id"
            columns={list}
            add={canEdit && { label: '新增合同', onClick: () => editor.create() }}
          />
        ),
      }}
      audits={[
        {
          key: 'audit',
          label: '合同审核',
          children: (
            <ContractTable
              queryKey={partyKeys.all}
              call={contractAuditCalls.queryList}
              rowKey="auditId"
              columns={audits}
            />
          ),
        },
      ]}
      trailing={[
        {
          key: 'flagged',
          label: '合同预警',
          children: (
            <ContractTable
              queryKey={partyKeys.all}
              call={contractCalls.flaggedElevators}
              rowKey="elevatorId"
              columns={flagged}
              emptyText="所有电梯均有有效维保合同"
            />
          ),
        },
      ]}
      extra={
        <>
          <ContractModal open={editor.open} editing={editor.record} onClose={editor.close} />
          <ContractDrawer
            id={viewing}
            onClose={() => setViewing(null)}
            onDecide={
              canAudit
                ? (c) => c.auditId !== null && decide({ auditId: c.auditId, version: c.auditVersion ?? 0 })
                : undefined
            }
          />
          {dialog}
        </>
      }
    />
  );
}
