import { type ProColumns, ProFormRadio, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { type CallOutput, dictAdminCalls } from '@ec/contract';
import { App, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { usePermission } from '../../../lib/access.ts';
import { call } from '../../../lib/api.ts';
import { SYSTEM_PATHS } from '../../../lib/routes.ts';
import { useSession } from '../../../lib/session.ts';
import { PERMS, STATUS_ENUM, statusOptions } from '../shared/labels.ts';
import { systemKeys, useInvalidate } from '../shared/queries.ts';
import { quietly } from '../shared/quietly.ts';
import { refreshDicts } from '../shared/session-sync.ts';
import { required } from '../shared/validators.ts';

export type DictType = CallOutput<typeof dictAdminCalls.typeQuery>['records'][number];

interface TypeFormValues extends Record<string, unknown> {
  code: string;
  name: string;
  remark?: string | null;
  status: number;
}

function DictTypeForm({
  type,
  onClose,
  onSaved,
}: {
  type: DictType | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  return (
    <FormModal<TypeFormValues>
      title={type ? `编辑字典 ${type.name}` : '新增字典'}
      testId="dict-type-form"
      initialValues={type ?? { status: 1 }}
      onClose={onClose}
      onSubmit={async (v) => {
        await call(dictAdminCalls.typeSave, {
          ...(type ? { id: type.id } : {}),
          code: v.code.trim(),
          name: v.name.trim(),
          remark: v.remark?.trim() || null,
          status: v.status,
        });
        onSaved();
      }}
    >
      <ProFormText
        name="code"
        label="字典编码"
        tooltip="页面按编码取字典，如 use_occasion；修改编码会使引用旧编码的选择框失效"
        rules={[
          ...required('请输入字典编码'),
          {
            pattern: /^[A-Za-z][\w.-]*$/,
            message: '字典编码只能包含字母、数字、点、下划线和连字符，并以字母开头',
          },
        ]}
        fieldProps={{ maxLength: 50 }}
      />
      <ProFormText
        name="name"
        label="字典名称"
        rules={required('请输入字典名称')}
        fieldProps={{ maxLength: 50 }}
      />
      <ProFormRadio.Group name="status" label="状态" options={statusOptions} />
      <ProFormTextArea name="remark" label="备注" fieldProps={{ maxLength: 200, showCount: true }} />
    </FormModal>
  );
}

/** 字典管理: dictionary types; the console's dictionary cache is refreshed after every change. */
export default function DictTypePage() {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const { allowed } = useSession();
  const canEdit = usePermission(PERMS.dictEdit);
  const invalidate = useInvalidate();
  const [editing, setEditing] = useState<{ type: DictType | null } | null>(null);

  const afterWrite = async () => {
    await invalidate(systemKeys.dictTypes);
    await refreshDicts();
  };

  const remove = (row: DictType) =>
    modal.confirm({
      title: '删除字典',
      content: `确定删除字典「${row.name}」（${row.code}）吗？还有字典值的字典不能删除。`,
      okText: '删除',
      okButtonProps: { danger: true },
      onOk: quietly(async () => {
        await call(dictAdminCalls.typeDelete, { ids: [row.id] });
        message.success('字典已删除');
        await afterWrite();
      }),
    });

  const columns: ProColumns<DictType>[] = [
    { title: '字典名称', dataIndex: 'name' },
    {
      title: '字典编码',
      dataIndex: 'code',
      render: (_, r) => <Typography.Text code>{r.code}</Typography.Text>,
    },
    { title: '字典值数', dataIndex: 'valueCount', search: false, align: 'right' },
    {
      title: '状态',
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: STATUS_ENUM,
      render: (_, r) => <Tag color={r.status ? 'success' : 'default'}>{r.status ? '正常' : '停用'}</Tag>,
    },
    { title: '备注', dataIndex: 'remark', search: false, ellipsis: true, width: 220 },
    { title: '创建时间', dataIndex: 'createTime', search: false },
    actionColumn(170, (row) => [
      allowed.has(SYSTEM_PATHS.dictValues) && (
        <RowAction key="values" onClick={() => navigate(`${SYSTEM_PATHS.dictValues}?typeId=${row.id}`)}>
          字典值
        </RowAction>
      ),
      canEdit && (
        <RowAction key="edit" onClick={() => setEditing({ type: row })}>
          编辑
        </RowAction>
      ),
      canEdit && (
        <RowAction key="delete" danger onClick={() => remove(row)}>
          删除
        </RowAction>
      ),
    ]),
  ];

  return (
    <>
      <ContractTable<DictType>
        testId="dict-type-table"
        call={dictAdminCalls.typeQuery}
        queryKey={systemKeys.dictTypes}
        searchExpanded
        columns={columns}
        emptyText="暂无字典"
        add={{ label: '新增字典', permission: PERMS.dictEdit, onClick: () => setEditing({ type: null }) }}
      />
      {editing && (
        <DictTypeForm
          type={editing.type}
          onClose={() => setEditing(null)}
          onSaved={() => {
            message.success(editing.type ? '字典已保存' : '字典已新增');
            void afterWrite();
          }}
        />
      )}
    </>
  );
}
