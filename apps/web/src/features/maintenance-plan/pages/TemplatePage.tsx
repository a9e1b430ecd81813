import type { ProColumns } from '@ant-design/pro-components';
import { maintenanceContentCalls, TEMPLATE_PERMISSIONS, type TemplateRow } from '@ec/contract';
import { App, Popconfirm, Space, Tag } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { usePermission } from '../../../lib/access.ts';
import { call } from '../../../lib/api.ts';
import { MAINTENANCE_PATHS as M } from '../../../lib/routes.ts';
import { useSession } from '../../../lib/session.ts';
import { appendixEnum, KIND_SHORT } from '../labels.ts';
import { planKeys, useInvalidatePlans } from '../queries.ts';
import { TemplateDialog } from '../TemplateDialog.tsx';

/** The items and versions pages beside this one (the 维保 group's, or the 智慧维保 group's). */
function useSiblingPaths() {
  const { pathname } = useLocation();
  const { allowed } = useSession();
  const wisdom = pathname.startsWith('/wisdom/');
  const items = [wisdom ? M.wisdomItems : M.items, M.items, M.wisdomItems].find((p) => allowed.has(p));
  return { items, versions: allowed.has(M.versions) ? M.versions : undefined };
}

/**
 * 维保内容: the checklist templates (one per appendix of TSG T5002-2017 and variants), their version,
 * item counts per kind and the plans using them. Editing is for holders of maintenance:template:edit;
 * the others read. A template a plan uses cannot be deleted (the server says so).
 */
export default function TemplatePage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const invalidate = useInvalidatePlans();
  const canEdit = usePermission(TEMPLATE_PERMISSIONS.edit);
  const links = useSiblingPaths();
  const [editing, setEditing] = useState<{ row: TemplateRow | null } | null>(null);

  const remove = async (row: TemplateRow) => {
    try {
      await call(maintenanceContentCalls.delete, { ids: [row.id] });
      message.success(`已删除「${row.name}」`);
    } finally {
      await invalidate();
    }
  };

  const columns: ProColumns<TemplateRow>[] = [
    { title: '维保内容名称', dataIndex: 'name', ellipsis: true },
    {
      title: '适用附件',
      dataIndex: 'appendix',
      valueType: 'select',
      valueEnum: appendixEnum,
      render: (_, r) => `附件${r.appendix} ${r.appendixLabel}`,
    },
    {
      title: '状态',
      dataIndex: 'enabled',
      search: false,
      render: (_, r) => (r.enabled ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
    },
    { title: '版本', dataIndex: 'version', search: false, render: (_, r) => `第 ${r.version} 版` },
    {
      title: '项目数',
      key: 'itemCounts',
      search: false,
      width: 150,
      tooltip: '半月 / 季度 / 半年 / 年度 各自新增的项目数（长周期包含短周期的项目）',
      render: (_, r) => (
        <span
          style={{ whiteSpace: 'nowrap' }}
          title={([1, 2, 3, 4] as const).map((k) => `${KIND_SHORT[k]} ${r.itemCounts[k]}`).join('，')}
        >
          {([1, 2, 3, 4] as const).map((k) => r.itemCounts[k]).join(' / ')}
        </span>
      ),
    },
    { title: '使用计划', dataIndex: 'planCount', search: false, render: (_, r) => `${r.planCount} 个` },
    { title: '更新时间', dataIndex: 'updateTime', search: false },
    actionColumn<TemplateRow>(canEdit ? 220 : 150, (r) => (
      <Space size={12}>
        {links.items && <RowAction onClick={() => navigate(`${links.items}?id=${r.id}`)}>维保项目</RowAction>}
        {links.versions && (
          <RowAction onClick={() => navigate(`${links.versions}?id=${r.id}`)}>版本</RowAction>
        )}
        {canEdit && <RowAction onClick={() => setEditing({ row: r })}>编辑</RowAction>}
        {canEdit && (
          <Popconfirm
            title={`确定删除维保内容「${r.name}」吗？`}
            description={r.planCount > 0 ? `有 ${r.planCount} 个维保计划正在使用它` : undefined}
            okText="删除"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={() => remove(r).catch(() => undefined)}
          >
            <RowAction danger>删除</RowAction>
          </Popconfirm>
        )}
      </Space>
    )),
  ];

  return (
    <>
      <ContractTable<TemplateRow>
        testId="template-list"
        call={maintenanceContentCalls.queryList}
        queryKey={planKeys.templates}
        columns={columns}
        add={canEdit && { label: '新增维保内容', onClick: () => setEditing({ row: null }) }}
        headerTitle={canEdit ? undefined : '维保内容（只读）'}
        emptyText="暂无维保内容"
      />
      {editing && <TemplateDialog editing={editing.row} onClose={() => setEditing(null)} />}
    </>
  );
}
