import { DownOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import { type UserRow, userCalls } from '@ec/contract';
import { App, Dropdown, Space, Tag } from 'antd';
import { useState } from 'react';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { MaskedValue } from '../../../components/MaskedValue.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { usePermission } from '../../../lib/access.ts';
import { call } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.ts';
import { PERMS, STATUS_ENUM, USER_TYPE_LABELS } from '../shared/labels.ts';
import { systemKeys, useInvalidate, useRoleOptions } from '../shared/queries.ts';
import { quietly } from '../shared/quietly.ts';
import { OneTimePasswordModal, ResetPasswordModal } from './PasswordDialogs.tsx';
import { AssignRolesForm, type UserDetail, UserForm } from './UserForm.tsx';

type Dialog =
  | { kind: 'edit'; detail: UserDetail | null }
  | { kind: 'roles'; detail: UserDetail }
  | { kind: 'reset'; user: UserRow }
  | { kind: 'created'; username: string; password: string };

/** 用户管理: users with masked phones and ID numbers; edit forms load the detail call. */
export default function UserPage() {
  const { message, modal } = App.useApp();
  const { user: me } = useSession();
  const canEdit = usePermission(PERMS.userEdit);
  const roles = useRoleOptions();
  const invalidate = useInvalidate();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [loadingId, setLoadingId] = useState<number | null>(null);
  const refresh = () => invalidate(systemKeys.users);

  const withDetail = async (row: UserRow, open: (detail: UserDetail) => Dialog) => {
    setLoadingId(row.id);
    try {
      setDialog(open(await call(userCalls.detail, { id: row.id })));
    } catch {
      // shown by the request layer
    } finally {
      setLoadingId(null);
    }
  };

  const setStatus = (row: UserRow, status: 0 | 1) =>
    modal.confirm({
      title: status ? '启用用户' : '停用用户',
      content: status
        ? `确定启用用户 ${row.realName}（${row.username}）吗？`
        : `确定停用用户 ${row.realName}（${row.username}）吗？停用后该用户立即退出登录且不能再登录。`,
      okText: status ? '启用' : '停用',
      okButtonProps: { danger: !status },
      onOk: quietly(async () => {
        await call(userCalls.updateStatus, { id: row.id, status });
        message.success(status ? '用户已启用' : '用户已停用');
        await refresh();
      }),
    });

  const remove = (row: UserRow) =>
    modal.confirm({
      title: '删除用户',
      content: `确定删除用户 ${row.realName}（${row.username}）吗？删除后不可恢复；已有业务数据的用户请改为停用。`,
      okText: '删除',
      okButtonProps: { danger: true },
      onOk: quietly(async () => {
        await call(userCalls.delete, { ids: [row.id] });
        message.success('用户已删除');
        await refresh();
      }),
    });

  const columns: ProColumns<UserRow>[] = [
    {
      title: '用户名/姓名',
      dataIndex: 'name',
      hideInTable: true,
      fieldProps: { placeholder: '用户名或姓名' },
    },
    { title: '用户名', dataIndex: 'username', key: 'username', sorter: true, search: false, fixed: 'left' },
    { title: '姓名', dataIndex: 'realName', key: 'realName', sorter: true, search: false },
    {
      title: '手机号',
      dataIndex: 'phone',
      fieldProps: { maxLength: 11 },
      render: (_, r) => <MaskedValue value={r.phone} kind="user" id={r.id} field="phone" />,
    },
    {
      title: '状态',
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: STATUS_ENUM,
      width: 140, // 正常 and 内置: two tags
      render: (_, r) => (
        <Space size={4}>
          <Tag color={r.status ? 'success' : 'default'}>{r.status ? '正常' : '停用'}</Tag>
          {r.builtIn && <Tag color="gold">内置</Tag>}
        </Space>
      ),
    },
    {
      title: '角色',
      dataIndex: 'roleId',
      valueType: 'select',
      fieldProps: { options: roles.data ?? [], showSearch: true, optionFilterProp: 'label' },
      render: (_, r) => (r.roles.length ? r.roles.map((role) => <Tag key={role.id}>{role.name}</Tag>) : '—'),
    },
    {
      title: '用户类型',
      dataIndex: 'userType',
      valueType: 'select',
      valueEnum: Object.fromEntries(Object.entries(USER_TYPE_LABELS).map(([k, text]) => [k, { text }])),
    },
    { title: '所属企业', dataIndex: 'companyName', render: (_, r) => r.companyName ?? '—' },
    { title: '所属机构', dataIndex: 'officeName', search: false, render: (_, r) => r.officeName ?? '—' },
    { title: '创建时间', dataIndex: 'createTime', key: 'createTime', sorter: true, search: false },
  ];
  if (canEdit) {
    columns.push(
      actionColumn(200, (row) => {
        const self = row.id === me?.userId;
        const items = [
          { key: 'reset', label: '重置密码', disabled: self },
          row.status
            ? { key: 'disable', label: '停用', disabled: self || row.builtIn }
            : { key: 'enable', label: '启用' },
          { key: 'delete', label: '删除', danger: true, disabled: self || row.builtIn },
        ];
        return [
          <RowAction
            key="edit"
            loading={loadingId === row.id}
            onClick={() => withDetail(row, (detail) => ({ kind: 'edit', detail }))}
          >
            编辑
          </RowAction>,
          <RowAction key="roles" onClick={() => withDetail(row, (detail) => ({ kind: 'roles', detail }))}>
            分配角色
          </RowAction>,
          <Dropdown
            key="more"
            menu={{
              items,
              onClick: ({ key }) => {
                if (key === 'reset') setDialog({ kind: 'reset', user: row });
                else if (key === 'disable') setStatus(row, 0);
                else if (key === 'enable') setStatus(row, 1);
                else remove(row);
              },
            }}
          >
            <RowAction>
              更多 <DownOutlined />
            </RowAction>
          </Dropdown>,
        ];
      }),
    );
  }

  return (
    <>
      <ContractTable<UserRow>
        testId="user-table"
        call={userCalls.query}
        queryKey={systemKeys.users}
        searchExpanded
        columns={columns}
        emptyText="暂无用户"
        add={{
          label: '新增用户',
          permission: PERMS.userEdit,
          onClick: () => setDialog({ kind: 'edit', detail: null }),
        }}
      />
      {dialog?.kind === 'edit' && (
        <UserForm
          detail={dialog.detail}
          // Closing after a save must not hide the one-time password dialog that replaced the form.
          onClose={() => setDialog((d) => (d?.kind === 'edit' ? null : d))}
          onSaved={(saved) => {
            void refresh();
            if (saved.initialPassword) {
              message.success('用户已创建');
              setDialog({ kind: 'created', username: saved.user.username, password: saved.initialPassword });
            } else {
              message.success('用户已保存');
              setDialog(null);
            }
          }}
        />
      )}
      {dialog?.kind === 'roles' && (
        <AssignRolesForm
          detail={dialog.detail}
          onClose={() => setDialog(null)}
          onSaved={() => {
            message.success('角色已分配，将在该用户的下一次请求时生效');
            void refresh();
          }}
        />
      )}
      {dialog?.kind === 'reset' && <ResetPasswordModal user={dialog.user} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'created' && (
        <OneTimePasswordModal
          title="用户已创建"
          account={dialog.username}
          password={dialog.password}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
