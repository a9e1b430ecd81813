import {
  buildingCompanyCalls,
  buildingUserCalls,
  maintenanceUnitCalls,
  maintenanceUserCalls,
  type PersonDetail,
} from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { validated } from '../../components/form.ts';
import { isReviewer } from '../../lib/access.ts';
import { call } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import {
  PersonForm,
  type PersonFormValues,
  type PersonKind,
  personInput,
  personValues,
} from './PersonForm.tsx';
import { partyKeys, useInvalidateParties } from './queries.ts';

/**
 * Adds (an account is opened; its one-time password shown once) or edits a worker or safety
 * officer. Company admins add to their own company; reviewers pick the company.
 */
export function PersonModal({
  kind,
  editing,
  open,
  onClose,
}: {
  kind: PersonKind;
  /** The person edited, or null to add one. */
  editing: PersonDetail | null;
  open: boolean;
  onClose: () => void;
}) {
  const { message, modal } = App.useApp();
  const { user } = useSession();
  const invalidate = useInvalidateParties();
  const [form] = Form.useForm<PersonFormValues>();
  const [saving, setSaving] = useState(false);
  const reviewer = isReviewer(user?.dataScope);
  const companies = useQuery({
    queryKey: partyKeys.of(kind === 'staff' ? 'maintenance-companies' : 'use-companies', {}),
    queryFn: () =>
      kind === 'staff'
        ? call(maintenanceUnitCalls.selectAllSimpleMaintenanceList)
        : call(buildingCompanyCalls.selectAll, {}),
    enabled: open && reviewer && !editing,
  });
  const submit = async () => {
    const v = await validated(form);
    if (!v) return;
    const input = personInput(kind, v);
    setSaving(true);
    try {
      const calls = kind === 'staff' ? maintenanceUserCalls : buildingUserCalls;
      const saved = editing
        ? await call(calls.update, { ...input, id: editing.id, version: editing.version } as never)
        : await call(calls.save, input as never);
      await invalidate();
      onClose();
      if (saved.oneTimePassword) {
        modal.success({
          title: '账号已开通',
          content: (
            <div data-testid="one-time-password">
              <p>
                登录名：{v.phone}，初始密码：
                <Typography.Text copyable strong>
                  {saved.oneTimePassword}
                </Typography.Text>
              </p>
              <p>密码只显示这一次，请转交本人；本人首次登录后须先修改密码。备案经监管部门审核通过后生效。</p>
            </div>
          ),
        });
      } else message.success('已保存');
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };
  const owner = editing && user?.userId === editing.id;
  return (
    <Modal
      title={editing ? `编辑：${editing.realName}` : kind === 'staff' ? '新增维保人员' : '任命安全员'}
      open={open}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      width={760}
      destroyOnHidden
    >
      <PersonForm
        form={form}
        kind={kind}
        initialValues={editing ? personValues(editing) : { role: 'safety_officer' }}
        withPhone
        phoneDisabled={!!owner}
        idOptional={!!editing}
        companies={
          reviewer && !editing
            ? (companies.data ?? []).map((c) => ({ value: c.id, label: c.name }))
            : undefined
        }
      />
    </Modal>
  );
}
