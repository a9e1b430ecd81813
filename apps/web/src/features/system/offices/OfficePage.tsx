import { PlusOutlined } from '@ant-design/icons';
import {
  type ProColumns,
  ProForm,
  ProFormDigit,
  ProFormRadio,
  ProFormText,
  ProTable,
} from '@ant-design/pro-components';
import { type CallOutput, type OfficeTreeNode, officeCalls } from '@ec/contract';
import { App, Button, Space, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { FormModal } from '../../../components/FormModal.tsx';
import { AreaCascader } from '../../../components/index.ts';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { cleanFilters } from '../../../components/table-input.ts';
import { usePermission } from '../../../lib/access.ts';
import { call } from '../../../lib/api.ts';
import { Permission } from '../../../lib/permission.tsx';
import { PERMS, STATUS_ENUM, statusOptions } from '../shared/labels.ts';
import { OfficeTreeSelect } from '../shared/pickers.tsx';
import { systemKeys, useAreaTree, useInvalidate, useOfficeTree } from '../shared/queries.ts';
import { quietly } from '../shared/quietly.ts';
import { areaLabel, areaPath, dropEmptyChildren, walk } from '../shared/tree.ts';
import { contactPhone, required } from '../shared/validators.ts';

type OfficeDetail = CallOutput<typeof officeCalls.detail>;

interface OfficeFormValues extends Record<string, unknown> {
  parentId: number | null;
  name: string;
  code?: string | null;
  area?: string[];
  leader?: string | null;
  phone?: string | null;
  sort: number;
  status: number;
}

function OfficeForm({
  detail,
  parentId,
  onClose,
  onSaved,
}: {
  detail: OfficeDetail | null;
  parentId: number | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const areas = useAreaTree();
  const initial: Partial<OfficeFormValues> = detail
    ? { ...detail, area: areaPath(areas.data ?? [], detail.areaCode) }
    : { parentId, sort: 0, status: 1 };
  return (
    <FormModal<OfficeFormValues>
      title={detail ? `编辑机构 ${detail.name}` : '新增机构'}
      testId="office-form"
      width={600}
      initialValues={initial}
      onClose={onClose}
      onSubmit={async (v) => {
        await call(officeCalls.save, {
          ...(detail ? { id: detail.id } : {}),
          parentId: v.parentId ?? null,
          name: v.name.trim(),
          code: v.code?.trim() || null,
          areaCode: v.area?.at(-1) ?? null,
          leader: v.leader?.trim() || null,
          phone: v.phone?.trim() || null,
          sort: v.sort ?? 0,
          status: v.status,
        });
        onSaved();
      }}
    >
      <ProForm.Item name="parentId" label="上级机构">
        <OfficeTreeSelect excluded={detail?.id} placeholder="不选则为顶级机构" />
      </ProForm.Item>
      <ProFormText
        name="name"
        label="机构名称"
        rules={required('请输入机构名称')}
        fieldProps={{ maxLength: 100 }}
      />
      <ProFormText
        name="code"
        label="机构编码"
        rules={[{ pattern: /^[\w-]*$/, message: '机构编码只能包含字母、数字、下划线和连字符' }]}
        fieldProps={{ maxLength: 50 }}
      />
      <ProForm.Item name="area" label="所在区域">
        <AreaCascader />
      </ProForm.Item>
      <ProFormText name="leader" label="负责人" fieldProps={{ maxLength: 32 }} />
      <ProFormText name="phone" label="联系电话" rules={contactPhone} fieldProps={{ maxLength: 20 }} />
      <ProFormDigit name="sort" label="显示顺序" min={0} max={1_000_000} fieldProps={{ precision: 0 }} />
      <ProFormRadio.Group name="status" label="状态" options={statusOptions} />
    </FormModal>
  );
}

/** 机构管理: the organisation tree; deleting one with sub-organisations or members is refused. */
export default function OfficePage() {
  const { message, modal } = App.useApp();
  const canEdit = usePermission(PERMS.officeEdit);
  const [filters, setFilters] = useState<{ name?: string; status?: number }>({});
  const tree = useOfficeTree(filters);
  const areas = useAreaTree();
  const invalidate = useInvalidate();
  const [expanded, setExpanded] = useState<readonly React.Key[] | null>(null);
  const [editing, setEditing] = useState<{ detail: OfficeDetail | null; parentId: number | null } | null>(
    null,
  );

  const rows = useMemo(() => dropEmptyChildren(tree.data ?? []), [tree.data]);
  const parentKeys = useMemo(() => {
    const keys: number[] = [];
    walk(rows, (n) => {
      if (n.children?.length) keys.push(n.id);
    });
    return keys;
  }, [rows]);

  const openEdit = async (row: OfficeTreeNode) => {
    try {
      setEditing({ detail: await call(officeCalls.detail, { id: row.id }), parentId: row.parentId });
    } catch {
      // shown by the request layer
    }
  };

  const remove = (row: OfficeTreeNode) =>
    modal.confirm({
      title: '删除机构',
      content: `确定删除机构「${row.name}」吗？有下级机构或用户的机构不能删除。`,
      okText: '删除',
      okButtonProps: { danger: true },
      onOk: quietly(async () => {
        await call(officeCalls.delete, { ids: [row.id] });
        message.success('机构已删除');
        await invalidate(systemKeys.officeTree);
      }),
    });

  const columns: ProColumns<OfficeTreeNode>[] = [
    { title: '机构名称', dataIndex: 'name', width: 280 },
    { title: '机构编码', dataIndex: 'code', search: false, render: (_, r) => r.code ?? '—' },
    {
      title: '所在区域',
      dataIndex: 'areaCode',
      search: false,
      render: (_, r) => areaLabel(areas.data ?? [], r.areaCode) || '—',
    },
    { title: '负责人', dataIndex: 'leader', search: false, render: (_, r) => r.leader ?? '—' },
    { title: '联系电话', dataIndex: 'phone', search: false, render: (_, r) => r.phone ?? '—' },
    { title: '用户数', dataIndex: 'userCount', search: false, align: 'right' },
    { title: '排序', dataIndex: 'sort', search: false, align: 'right' },
    {
      title: '状态',
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: STATUS_ENUM,
      render: (_, r) => <Tag color={r.status ? 'success' : 'default'}>{r.status ? '正常' : '停用'}</Tag>,
    },
  ];
  if (canEdit) {
    columns.push(
      actionColumn(180, (row) => [
        <RowAction key="add" onClick={() => setEditing({ detail: null, parentId: row.id })}>
          新增下级
        </RowAction>,
        <RowAction key="edit" onClick={() => openEdit(row)}>
          编辑
        </RowAction>,
        <RowAction key="delete" danger onClick={() => remove(row)}>
          删除
        </RowAction>,
      ]),
    );
  }

  return (
    <div data-testid="office-table">
      <ProTable<OfficeTreeNode>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={tree.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        search={{ labelWidth: 'auto' }}
        onSubmit={(v) => setFilters(cleanFilters(v) as typeof filters)}
        onReset={() => setFilters({})}
        expandable={{
          // Everything open until the user folds something.
          expandedRowKeys: expanded ?? parentKeys,
          onExpandedRowsChange: (keys) => setExpanded(keys),
        }}
        headerTitle={
          <Space>
            <Button onClick={() => setExpanded(parentKeys)}>展开全部</Button>
            <Button onClick={() => setExpanded([])}>折叠全部</Button>
          </Space>
        }
        toolBarRender={() => [
          <Permission key="add" value={PERMS.officeEdit}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ detail: null, parentId: null })}
            >
              新增机构
            </Button>
          </Permission>,
        ]}
        options={{ reload: () => void tree.refetch(), density: true, setting: true, fullScreen: false }}
        locale={{ emptyText: tree.isError ? '加载失败，请点击刷新重试' : '暂无机构' }}
      />
      {editing && (
        <OfficeForm
          detail={editing.detail}
          parentId={editing.parentId}
          onClose={() => setEditing(null)}
          onSaved={() => {
            message.success(editing.detail ? '机构已保存' : '机构已新增');
            void invalidate(systemKeys.officeTree);
          }}
        />
      )}
    </div>
  );
}
