import { PlusOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import {
  FILING_STATE,
  type LeaveAuditRow,
  maintenanceUserCalls,
  type PersonAuditRow,
  type PersonRow,
} from '@ec/contract';
import { App, Button, DatePicker, Form, Input, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { validated } from '../../../components/form.ts';
import { RowAction } from '../../../components/RowAction.tsx';
import { useCanAudit, usePermission } from '../../../lib/access.ts';
import { call } from '../../../lib/api.ts';
import { dash } from '../../../lib/format.ts';
import { PARTY_PAGES } from '../../../lib/routes.ts';
import { useSession } from '../../../lib/session.ts';
import { ConfirmButton, RowActions } from '../Actions.tsx';
import { auditOptionColumn, ListWithAudits, useRemoveCase } from '../AuditTabs.tsx';
import { auditColumns, personAuditColumns, personColumns } from '../columns.tsx';
import { useDecision } from '../Decision.tsx';
import { PersonModal } from '../PersonModal.tsx';
import { useCanOpenPage, usePagePath } from '../paths.ts';
import { partyKeys, useInvalidateParties, useRecordEditor } from '../queries.ts';

/** 离职: the reason and date; the regulator audits it. */
export function LeaveModal({ person, onClose }: { person: PersonRow | null; onClose: () => void }) {
  const [form] = Form.useForm<{ leaveReason: string; leaveDate: Dayjs }>();
  const { message } = App.useApp();
  const invalidate = useInvalidateParties();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const v = await validated(form);
    if (!v) return;
    if (!person) return;
    setSaving(true);
    try {
      await call(maintenanceUserCalls.leave, {
        id: person.id,
        leaveReason: v.leaveReason.trim(),
        leaveDate: v.leaveDate.format('YYYY-MM-DD'),
      });
      message.success('离职申请已提交，等待审核');
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
      title={`离职申请：${person?.realName ?? ''}`}
      open={!!person}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="leaveReason"
          label="离职原因"
          rules={[{ required: true, whitespace: true, message: '离职原因不能为空' }]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
        <Form.Item name="leaveDate" label="离职日期" rules={[{ required: true, message: '请选择离职日期' }]}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 维保人员管理: the workers in scope, their filings and their leave requests. */
export default function MaintenancePersonnelPage() {
  const navigate = useNavigate();
  const path = usePagePath();
  const canOpen = useCanOpenPage();
  const { user } = useSession();
  const canEdit = usePermission('maintenance:user:edit');
  const canAudit = useCanAudit('maintenance:user:audit');
  const editor = useRecordEditor(
    (id) => call(maintenanceUserCalls.detail, { id }),
    (ids) => call(maintenanceUserCalls.delete, { ids }),
  );
  const [leaving, setLeaving] = useState<PersonRow | null>(null);
  const [decide, dialog] = useDecision(
    maintenanceUserCalls.auditPass,
    maintenanceUserCalls.auditReject,
    '维保人员备案审核',
  );
  const [decideLeave, leaveDialog] = useDecision(
    maintenanceUserCalls.leaveAuditPass,
    maintenanceUserCalls.leaveAuditReject,
    '离职审核',
  );

  const removeCase = useRemoveCase(maintenanceUserCalls.deleteAudit);

  const list: ProColumns<PersonRow>[] = [
    ...personColumns(true),
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      render: (_, r) => (
        <RowActions>
          <RowAction onClick={() => navigate(path(PARTY_PAGES.personnelDetail, { id: r.id }))}>
            详情
          </RowAction>
          {canAudit && r.filingState === FILING_STATE.pending && r.auditId !== null && (
            <RowAction onClick={() => decide({ auditId: r.auditId!, version: r.auditVersion ?? 0 })}>
              审核
            </RowAction>
          )}
          {canEdit && r.filingState !== FILING_STATE.pending && (
            <RowAction onClick={() => editor.edit(r.id)}>编辑</RowAction>
          )}
          {canEdit &&
            r.employed &&
            r.filingState === FILING_STATE.passed &&
            r.leaveState !== FILING_STATE.pending &&
            r.role === 'staff' && <RowAction onClick={() => setLeaving(r)}>离职</RowAction>}
          {canEdit && r.filingState !== FILING_STATE.pending && (
            <ConfirmButton title={`删除「${r.realName}」及其账号？`} onConfirm={() => editor.remove(r.id)}>
              删除
            </ConfirmButton>
          )}
        </RowActions>
      ),
    },
  ];
  const audits: ProColumns<PersonAuditRow>[] = [
    ...personAuditColumns(),
    auditOptionColumn<PersonAuditRow>({
      detail: (r) => navigate(path(PARTY_PAGES.personnelDetail, { id: r.userId })),
      decide,
      remove: removeCase,
    }),
  ];
  const leaves: ProColumns<LeaveAuditRow>[] = [
    { title: '姓名', dataIndex: 'realName' },
    { title: '所属单位', dataIndex: 'companyName', search: false, render: (_, r) => dash(r.companyName) },
    { title: '离职原因', dataIndex: 'leaveReason', search: false, render: (_, r) => dash(r.leaveReason) },
    { title: '离职日期', dataIndex: 'leaveDate', search: false, render: (_, r) => dash(r.leaveDate) },
    ...auditColumns<LeaveAuditRow>(),
    auditOptionColumn<LeaveAuditRow>({ decide: decideLeave }),
  ];
  return (
    <ListWithAudits
      canAudit={canAudit}
      list={{
        key: 'list',
        label: '维保人员',
        children: (
          <ContractTable
            queryKey={partyKeys.all}
            testId="personnel-list"
            call={maintenanceUserCalls.queryList}
            rowKey="id"
            columns={list}
            toolbar={() => [
              ...(user?.userType === 'maintenance' && user.companyId && canOpen(PARTY_PAGES.maintenanceDetail)
                ? [
                    <Button key="own" onClick={() => navigate(path(PARTY_PAGES.maintenanceDetail))}>
                      本单位信息
                    </Button>,
                  ]
                : []),
              ...(canEdit
                ? [
                    <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => editor.create()}>
                      新增维保人员
                    </Button>,
                  ]
                : []),
            ]}
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
              call={maintenanceUserCalls.queryAuditList}
              rowKey="auditId"
              columns={audits}
            />
          ),
        },
        {
          key: 'leave',
          label: '离职审核',
          children: (
            <ContractTable
              queryKey={partyKeys.all}
              call={maintenanceUserCalls.leaveAuditList}
              rowKey="auditId"
              columns={leaves}
            />
          ),
        },
      ]}
      extra={
        <>
          <PersonModal kind="staff" open={editor.open} editing={editor.record} onClose={editor.close} />
          <LeaveModal person={leaving} onClose={() => setLeaving(null)} />
          {dialog}
          {leaveDialog}
        </>
      }
    />
  );
}
