import type { ProColumns } from '@ant-design/pro-components';
import { type CallOutput, roleCalls } from '@ec/contract';
import { App, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { usePermission } from '../../../lib/access.ts';
import { call } from '../../../lib/api.ts';
import { DATA_SCOPE_LABELS, PERMS, STATUS_ENUM, USER_TYPE_LABELS } from '../shared/labels.ts';
import { systemKeys, useInvalidate } from '../shared/queries.ts';
import { quietly } from '../shared/quietly.ts';
import { refreshOwnGrants } from '../shared/session-sync.ts';
import { type RoleDetail, RoleForm } from './RoleForm.tsx';

type RoleRow = CallOutput<typeof roleCalls.query>['records'][number];

/** 角色管理: roles with their data scope and the menus and buttons they grant. */
export default function RolePage() {
  const { message, modal } = App.useApp();
  const canEdit = usePermission(PERMS.roleEdit);
  const invalidate = useInvalidate();
  const [editing, setEditing] = useState<{ detail: RoleDetail | null } | null>(null);
  const [loadingId, setLoadingId] = useState<number | null>(null);

  const afterWrite = async () => {
    await invalidate(systemKeys.roles);
    await invalidate(systemKeys.users);
    // The signed-in user's own role may be the one that changed.
    await refreshOwnGrants();
  };

  const openEdit = async (row: RoleRow) => {
    setLoadingId(row.id);
    try {
      setEditing({ detail: await call(roleCalls.detail, { id: row.id }) });
    } catch {
      // shown by the request layer
    } finally {
      setLoadingId(null);
    }
  };

  const remove = (row: RoleRow) =>
    modal.confirm({
      title: '删除角色',
      content: `确定删除角色「${row.name}」吗？仍有用户使用的角色不能删除。`,
      okText: '删除',
      okButtonProps: { danger: true },
      onOk: quietly(async () => {
        await call(roleCalls.delete, { ids: [row.id] });
        message.success('角色已删除');
        await afterWrite();
      }),
    });

  const columns: ProColumns<RoleRow>[] = [
    { title: '角色名称', dataIndex: 'name', fixed: 'left' },
    {
      title: '角色标识',
      dataIndex: 'roleKey',
      render: (_, r) => <Typography.Text code>{r.roleKey}</Typography.Text>,
    },
    {
      title: '数据范围',
      dataIndex: 'dataScope',
      search: false,
      // Its labels size the column (components/table-layout.ts).
      valueEnum: Object.fromEntries(Object.entries(DATA_SCOPE_LABELS).map(([k, text]) => [k, { text }])),
      render: (_, r) => <Tag color="geekblue">{DATA_SCOPE_LABELS[r.dataScope]}</Tag>,
    },
    {
      title: '角色类型',
      dataIndex: 'roleType',
      search: false,
      render: (_, r) =>
        r.roleType ? (USER_TYPE_LABELS[r.roleType as keyof typeof USER_TYPE_LABELS] ?? r.roleType) : '—',
    },
    { title: '描述', dataIndex: 'description', search: false, ellipsis: true, width: 240 },
    { title: '用户数', dataIndex: 'userCount', search: false, align: 'right' },
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
    { title: '创建时间', dataIndex: 'createTime', search: false },
  ];
  if (canEdit) {
    columns.push(
      actionColumn(120, (row) => [
        <RowAction key="edit" loading={loadingId === row.id} onClick={() => openEdit(row)}>
          编辑
        </RowAction>,
        !row.builtIn && (
          <RowAction key="delete" danger onClick={() => remove(row)}>
            删除
          </RowAction>
        ),
      ]),
    );
  }

  return (
    <>
      <ContractTable<RoleRow>
        testId="role-table"
        call={roleCalls.query}
        queryKey={systemKeys.roles}
        searchExpanded
        columns={columns}
        emptyText="暂无角色"
        add={{ label: '新增角色', permission: PERMS.roleEdit, onClick: () => setEditing({ detail: null }) }}
      />
      {editing && (
        <RoleForm
          detail={editing.detail}
          onClose={() => setEditing(null)}
          onSaved={() => {
            message.success(editing.detail ? '角色已保存，成员的下一次请求即按新权限处理' : '角色已创建');
            void afterWrite();
          }}
        />
      )}
    </>
  );
}
