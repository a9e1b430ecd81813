import {
  MAINTENANCE_KINDS,
  maintenanceItemCalls,
  TEMPLATE_PERMISSIONS,
  type TemplateItem,
  type TemplateRow,
} from '@ec/contract';
import { App, Button, Popconfirm, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { AddButton } from '../../../components/AddButton.tsx';
import { RowAction } from '../../../components/RowAction.tsx';
import { usePermission } from '../../../lib/access.ts';
import { call } from '../../../lib/api.ts';
import { dash } from '../../../lib/format.ts';
import { ItemDialog } from '../ItemDialog.tsx';
import { useInvalidatePlans, useTemplateDetail } from '../queries.ts';
import { TemplateSplit } from '../TemplateSplit.tsx';

/**
 * 维保项目: the templates on the left, the chosen one's items on the right by kind (半月 / 季度 /
 * 半年 / 年度). Each change raises the template's version, which the page shows.
 */
export default function TemplateItemsPage() {
  return <TemplateSplit testId="template-items">{(t) => <Items key={t.id} template={t} />}</TemplateSplit>;
}

function Items({ template }: { template: TemplateRow }) {
  const { message } = App.useApp();
  const canEdit = usePermission(TEMPLATE_PERMISSIONS.edit);
  const invalidate = useInvalidatePlans();
  const detail = useTemplateDetail(template.id);
  const [kind, setKind] = useState('1');
  const [editing, setEditing] = useState<{ item: TemplateItem | null } | null>(null);
  const d = detail.data;
  const items = d?.items ?? [];

  /** After a change: the template again, and its new version said. */
  const changed = async (what: string) => {
    await invalidate();
    const fresh = await detail.refetch();
    const version = fresh.data?.version;
    message.success(version ? `${what}，「${template.name}」已升至第 ${version} 版` : what);
  };
  const remove = async (item: TemplateItem) => {
    try {
      await call(maintenanceItemCalls.delete, { ids: [item.id] });
      await changed(`已删除「${item.name}」`);
    } catch {
      await invalidate();
    }
  };

  const ofKind = (k: number) => items.filter((i) => i.kind === k).sort((a, b) => a.seq - b.seq);
  const table = (k: number) => (
    <Table<TemplateItem>
      rowKey="id"
      size="middle"
      loading={detail.isFetching}
      dataSource={ofKind(k)}
      pagination={false}
      locale={{ emptyText: detail.isError ? '加载失败，请刷新重试' : '该类别暂无维保项目' }}
      columns={[
        { title: '序号', dataIndex: 'seq', width: 70 },
        { title: '维保项目', dataIndex: 'name', width: 260 },
        { title: '维保基本要求', dataIndex: 'requirement', render: (v: string | null) => dash(v) },
        {
          title: '测量值',
          dataIndex: 'measured',
          width: 100,
          render: (_: boolean, r) =>
            r.measured ? <Tag color="blue">需测量{r.unit ? `（${r.unit}）` : ''}</Tag> : '—',
        },
        { title: '季节性', dataIndex: 'seasonWindow', width: 100, render: (v: string | null) => dash(v) },
        ...(canEdit
          ? [
              {
                title: '操作',
                key: 'actions',
                width: 120,
                render: (_: unknown, r: TemplateItem) => (
                  <Space size={12}>
                    <RowAction onClick={() => setEditing({ item: r })}>编辑</RowAction>
                    <Popconfirm
                      title={`确定删除维保项目「${r.name}」吗？`}
                      description="删除后维保内容升一个版本，已生成的工单不受影响"
                      okText="删除"
                      okButtonProps={{ danger: true }}
                      cancelText="取消"
                      onConfirm={() => remove(r)}
                    >
                      <RowAction danger>删除</RowAction>
                    </Popconfirm>
                  </Space>
                ),
              },
            ]
          : []),
      ]}
    />
  );

  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }} wrap>
        <Space size={8} wrap>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {template.name}
          </Typography.Title>
          <Tag color="blue" data-testid="template-version">
            第 {d?.version ?? template.version} 版
          </Tag>
          <Tag bordered={false}>{`附件${template.appendix} ${template.appendixLabel}`}</Tag>
          {!template.enabled && <Tag>停用</Tag>}
        </Space>
        <Space>
          <Button onClick={() => void detail.refetch()}>刷新</Button>
          {canEdit && <AddButton label="新增维保项目" onClick={() => setEditing({ item: null })} />}
        </Space>
      </Space>
      <Tabs
        activeKey={kind}
        onChange={setKind}
        items={Object.entries(MAINTENANCE_KINDS).map(([k, label]) => ({
          key: k,
          label: `${label}（${ofKind(Number(k)).length}）`,
          children: table(Number(k)),
        }))}
      />
      {editing && (
        <ItemDialog
          contentId={template.id}
          editing={editing.item}
          kind={Number(kind)}
          nextSeq={Math.max(0, ...ofKind(Number(kind)).map((i) => i.seq)) + 1}
          onSaved={(saved) => changed(`已保存「${saved.name}」`)}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
