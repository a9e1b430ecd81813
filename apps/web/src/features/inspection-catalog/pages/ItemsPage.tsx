import type { ProColumns } from '@ant-design/pro-components';
import {
  type InspectionItemRow,
  ITEM_CATEGORIES,
  inspectionItemCalls,
  LIFT_VARIETY_LABEL,
  type LiftVariety,
} from '@ec/contract';
import { App, Button, Card, Empty, Menu, Popconfirm, Space, Splitter, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { call } from '../../../lib/api.ts';
import { ItemDialog, VarietyDialog } from '../ItemDialogs.tsx';
import { catalogKeys, useCatalogRights, useInvalidateCatalog, useVarietyTree } from '../queries.ts';

const ALL = 'all';
const UNASSIGNED = 'unassigned';

/** 检验项目: the varieties with their item counts at the left, the chosen variety's items at the right. */
export default function ItemsPage() {
  const rights = useCatalogRights();
  const tree = useVarietyTree(null);
  const invalidate = useInvalidateCatalog();
  const { message } = App.useApp();
  const [node, setNode] = useState<string>(ALL);
  const [editing, setEditing] = useState<{ item: InspectionItemRow | null } | null>(null);
  const [setting, setSetting] = useState<InspectionItemRow[] | null>(null);
  const [loading, setLoading] = useState(false);
  const variety = node !== ALL && node !== UNASSIGNED ? node : null;
  const data = tree.data;

  const loadStandard = async () => {
    setLoading(true);
    try {
      const { added } = await call(inspectionItemCalls.loadStandard, {});
      message.success(added > 0 ? `已导入 ${added} 个标准检验项目` : '标准检验项目均已存在');
      await invalidate();
    } catch {
      // shown by the request layer
    } finally {
      setLoading(false);
    }
  };

  const columns: ProColumns<InspectionItemRow>[] = [
    {
      title: '关键字',
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '编号、名称或内容' },
    },
    { title: '编号', dataIndex: 'code', search: false, width: 70 },
    {
      title: '检验项目',
      dataIndex: 'name',
      search: false,
      width: 200,
      render: (_, r) => (
        <span>
          {r.keyItem && (
            <Typography.Text type="danger" strong title="关键项目" style={{ marginInlineEnd: 4 }}>
              ★
            </Typography.Text>
          )}
          {r.name}
        </span>
      ),
    },
    {
      title: '项目类别',
      dataIndex: 'category',
      valueType: 'select',
      fieldProps: { options: ITEM_CATEGORIES.map((c) => ({ value: c, label: c })) },
      width: 150,
    },
    {
      title: '关键项目',
      dataIndex: 'keyItem',
      hideInTable: true,
      valueType: 'select',
      fieldProps: {
        options: [
          { value: 'true', label: '仅关键项目（★）' },
          { value: 'false', label: '一般项目' },
        ],
      },
    },
    {
      title: '检验内容与要求',
      dataIndex: 'content',
      search: false,
      ellipsis: true,
      render: (_, r) => r.content ?? '—',
    },
    {
      title: '检验方法',
      dataIndex: 'method',
      search: false,
      width: 90,
    },
    {
      title: '适用品种',
      dataIndex: 'varieties',
      search: false,
      width: 200,
      render: (_, r) =>
        r.varieties.length === 0 ? (
          <Tag color="warning">未设置</Tag>
        ) : (
          <Space size={[0, 4]} wrap>
            {r.varieties.map((v) => (
              <Tag key={v} bordered={false}>
                {LIFT_VARIETY_LABEL[v] ?? v}
              </Tag>
            ))}
          </Space>
        ),
    },
    ...(rights.ownOrg === null
      ? [
          {
            title: '检验机构',
            dataIndex: 'orgName',
            search: false,
            width: 180,
          } as ProColumns<InspectionItemRow>,
        ]
      : []),
    actionColumn<InspectionItemRow>(200, (r) =>
      rights.editItems && r.orgId === rights.ownOrg ? (
        <>
          <RowAction onClick={() => setEditing({ item: r })}>编辑</RowAction>
          <RowAction onClick={() => setSetting([r])}>适用品种</RowAction>
          {variety && (
            <Popconfirm
              title={`将 ${r.code} ${r.name} 移出「${LIFT_VARIETY_LABEL[variety]}」？`}
              onConfirm={async () => {
                await call(inspectionItemCalls.removeVariety, {
                  itemIds: [r.id],
                  variety: variety as LiftVariety,
                });
                message.success('已移出');
                await invalidate();
              }}
            >
              <RowAction>移出</RowAction>
            </Popconfirm>
          )}
          <Popconfirm
            title={`删除检验项目 ${r.code} ${r.name}？`}
            description="删除后各品种均不再包含该项目"
            onConfirm={async () => {
              await call(inspectionItemCalls.delete, { ids: [r.id] });
              message.success('已删除');
              await invalidate();
            }}
          >
            <RowAction danger>删除</RowAction>
          </Popconfirm>
        </>
      ) : (
        '—'
      ),
    ),
  ];

  const menuItems = [
    { key: ALL, label: `全部项目（${data?.total ?? 0}）` },
    ...(data?.varieties ?? []).map((v) => ({
      key: v.variety,
      label: (
        <span title={`${v.varietyName}：${v.itemCount} 项，其中关键项目 ${v.keyCount} 项`}>
          {v.varietyName}（{v.itemCount}）
        </span>
      ),
    })),
    ...(data && data.unassigned > 0 ? [{ key: UNASSIGNED, label: `未设置品种（${data.unassigned}）` }] : []),
  ];

  return (
    <Card styles={{ body: { padding: 0 } }} data-testid="inspection-items">
      <Splitter style={{ minHeight: 'calc(100vh - 200px)' }}>
        <Splitter.Panel defaultSize={260} min={200} max="40%">
          <Typography.Title level={5} style={{ padding: '12px 16px 0' }}>
            设备品种
          </Typography.Title>
          {tree.isPending ? (
            <Card loading bordered={false} />
          ) : (
            <Menu
              mode="inline"
              style={{ borderInlineEnd: 0 }}
              selectedKeys={[node]}
              onClick={({ key }) => setNode(key)}
              items={menuItems}
              data-testid="variety-tree"
            />
          )}
        </Splitter.Panel>
        <Splitter.Panel>
          <div style={{ padding: 16 }}>
            {data && data.total === 0 && !tree.isPending ? (
              <Empty description="尚无检验项目">
                {rights.editItems && (
                  <Space>
                    <Button type="primary" loading={loading} onClick={loadStandard}>
                      导入标准检验项目（TSG T7001-2023）
                    </Button>
                    <Button onClick={() => setEditing({ item: null })}>新增检验项目</Button>
                  </Space>
                )}
              </Empty>
            ) : (
              <ContractTable<InspectionItemRow>
                call={inspectionItemCalls.query}
                queryKey={catalogKeys.items}
                params={variety ? { variety } : node === UNASSIGNED ? { unassigned: true } : {}}
                columns={columns}
                headerTitle={
                  variety
                    ? `${LIFT_VARIETY_LABEL[variety]}的检验项目`
                    : node === UNASSIGNED
                      ? '未设置品种的检验项目'
                      : '全部检验项目'
                }
                testId="inspection-item-table"
                add={
                  rights.editItems
                    ? { label: '新增检验项目', onClick: () => setEditing({ item: null }) }
                    : false
                }
              />
            )}
          </div>
        </Splitter.Panel>
      </Splitter>
      {editing && (
        <ItemDialog
          item={editing.item}
          variety={variety}
          onClose={() => setEditing(null)}
          onSaved={() => void invalidate()}
        />
      )}
      {setting && (
        <VarietyDialog items={setting} onClose={() => setSetting(null)} onSaved={() => void invalidate()} />
      )}
    </Card>
  );
}
