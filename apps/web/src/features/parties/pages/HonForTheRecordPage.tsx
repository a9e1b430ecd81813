import type { ProColumns } from '@ant-design/pro-components';
import {
  buildingUserCalls,
  type ElevatorOfficerRow,
  elevatorOfficerCalls,
  FILING_STATE,
  type PersonRow,
} from '@ec/contract';
import { App, Button, Drawer, Modal, Select, Tabs } from 'antd';
import { useState } from 'react';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { RowAction } from '../../../components/RowAction.tsx';
import { usePermission } from '../../../lib/access.ts';
import { call } from '../../../lib/api.ts';
import { dash } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { ConfirmButton, RowActions } from '../Actions.tsx';
import { personColumns } from '../columns.tsx';
import { PersonModal } from '../PersonModal.tsx';
import { partyKeys, useInvalidateParties, usePartyQuery, useRecordEditor } from '../queries.ts';
import { PersonDetailView } from './PersonnelDetailsPage.tsx';

/** Picks one of the company's filed officers for the selected elevators (or clears them). */
function AssignModal({
  companyId,
  elevatorIds,
  onClose,
}: {
  companyId?: number;
  elevatorIds: number[] | null;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const invalidate = useInvalidateParties();
  const [userId, setUserId] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const officers = usePartyQuery(
    elevatorOfficerCalls.queryCompanyUserList,
    companyId ? { companyId } : {},
    !!elevatorIds,
  );
  const submit = async () => {
    if (!elevatorIds) return;
    setSaving(true);
    try {
      await call(elevatorOfficerCalls.save, { elevatorIds, userId });
      message.success(userId ? '已指定安全员' : '已取消指定');
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
      title={`为 ${elevatorIds?.length ?? 0} 台电梯指定安全员`}
      open={!!elevatorIds}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Select
        style={{ width: '100%' }}
        allowClear
        placeholder="选择已备案的安全员；清空则取消指定"
        value={userId ?? undefined}
        onChange={(v) => setUserId(v ?? null)}
        options={(officers.data ?? []).map((o) => ({
          value: o.userId,
          label: `${o.realName}（${o.roleLabel}，已负责 ${o.elevatorCount} 台）`,
        }))}
      />
    </Modal>
  );
}

/** The elevators of a use unit with their safety officer (每台电梯一名安全员). */
export function OfficerAssignments({ companyId, editable }: { companyId?: number; editable: boolean }) {
  const [assigning, setAssigning] = useState<number[] | null>(null);
  const columns: ProColumns<ElevatorOfficerRow>[] = [
    { title: '注册代码', dataIndex: 'registerCode' },
    { title: '电梯名称', dataIndex: 'elevatorName', search: false, render: (_, r) => dash(r.elevatorName) },
    { title: '地址', dataIndex: 'address', search: false, ellipsis: true },
    {
      title: '是否已指定',
      dataIndex: 'assigned',
      hideInTable: true,
      valueEnum: { true: { text: '已指定' }, false: { text: '未指定' } },
    },
    { title: '安全员', dataIndex: 'realName', search: false, render: (_, r) => dash(r.realName) },
    { title: '手机号', dataIndex: 'phone', search: false, render: (_, r) => dash(r.phone) },
    { title: '指定时间', dataIndex: 'assignTime', search: false, render: (_, r) => dash(r.assignTime) },
    ...(editable
      ? [
          {
            title: '操作',
            valueType: 'option' as const,
            render: (_: unknown, r: ElevatorOfficerRow) => (
              <RowAction onClick={() => setAssigning([r.elevatorId])}>指定安全员</RowAction>
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      <ContractTable<ElevatorOfficerRow>
        queryKey={partyKeys.all}
        testId="officer-assignments"
        call={elevatorOfficerCalls.queryList}
        params={companyId ? { useCompanyId: companyId } : undefined}
        rowKey="elevatorId"
        columns={columns}
        selectable={editable}
        toolbar={(ctx) =>
          editable
            ? [
                <Button
                  key="batch"
                  onClick={() => {
                    const rows = ctx.requireSelection();
                    if (rows) setAssigning(rows.map((r) => r.elevatorId));
                  }}
                >
                  批量指定安全员
                </Button>,
              ]
            : []
        }
      />
      <AssignModal companyId={companyId} elevatorIds={assigning} onClose={() => setAssigning(null)} />
    </>
  );
}

/** 安全员管理 (use unit): appoint, edit and remove safety officers, and assign them to elevators. */
export default function HonForTheRecordPage() {
  const { user } = useSession();
  const canEdit = usePermission('building:user:edit');
  const editor = useRecordEditor(
    (id) => call(buildingUserCalls.detail, { id }),
    (ids) => call(buildingUserCalls.delete, { ids }),
  );
  const [viewing, setViewing] = useState<number | null>(null);
  const columns: ProColumns<PersonRow>[] = [
    ...personColumns(user?.companyId === null),
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      render: (_, r) => (
        <RowActions>
          <RowAction onClick={() => setViewing(r.id)}>详情</RowAction>
          {canEdit && r.filingState !== FILING_STATE.pending && (
            <RowAction onClick={() => editor.edit(r.id)}>编辑</RowAction>
          )}
          {canEdit && r.filingState !== FILING_STATE.pending && (
            <ConfirmButton title={`删除「${r.realName}」及其账号？`} onConfirm={() => editor.remove(r.id)}>
              删除
            </ConfirmButton>
          )}
        </RowActions>
      ),
    },
  ];
  return (
    <>
      <Tabs
        items={[
          {
            key: 'officers',
            label: '安全员',
            children: (
              <ContractTable
                queryKey={partyKeys.all}
                testId="officer-list"
                call={buildingUserCalls.queryList}
                rowKey="id"
                columns={columns}
                add={canEdit && { label: '任命安全员', onClick: () => editor.create() }}
              />
            ),
          },
          {
            key: 'assignments',
            label: '电梯安全员',
            children: <OfficerAssignments companyId={user?.companyId ?? undefined} editable={canEdit} />,
          },
        ]}
      />
      <PersonModal kind="officer" open={editor.open} editing={editor.record} onClose={editor.close} />
      <Drawer
        title="安全员详情"
        open={viewing !== null}
        onClose={() => setViewing(null)}
        width={860}
        destroyOnHidden
      >
        {viewing !== null && <PersonDetailView kind="officer" id={viewing} />}
      </Drawer>
    </>
  );
}
