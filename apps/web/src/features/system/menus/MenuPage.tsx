import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import { type ProColumns, ProTable } from '@ant-design/pro-components';
import { type MenuTreeNode, menuCalls } from '@ec/contract';
import { App, Button, Space, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { usePermission } from '../../../lib/access.ts';
import { call } from '../../../lib/api.ts';
import { Permission } from '../../../lib/permission.tsx';
import { MENU_TYPE_LABELS, PERMS } from '../shared/labels.ts';
import { systemKeys, useInvalidate, useMenuTree } from '../shared/queries.ts';
import { quietly } from '../shared/quietly.ts';
import { refreshOwnGrants } from '../shared/session-sync.ts';
import { dropEmptyChildren, filterTree, walk } from '../shared/tree.ts';
import { MenuForm } from './MenuForm.tsx';

const TYPE_COLORS = { M: 'purple', C: 'blue', F: 'default' } as const;

/** The siblings of `id` in display order, and where it stands among them. */
function siblingsOf(
  tree: MenuTreeNode[],
  id: number,
): { list: MenuTreeNode[]; at: number; parentId: number | null } {
  let found = { list: tree, at: tree.findIndex((n) => n.id === id), parentId: null as number | null };
  walk(tree, (n) => {
    const at = n.children.findIndex((c) => c.id === id);
    if (at >= 0) found = { list: n.children, at, parentId: n.id };
  });
  return found;
}

/** 菜单管理: the menu tree with its buttons; the sidebar of every user follows it. */
export default function MenuPage() {
  const { message, modal } = App.useApp();
  const canEdit = usePermission(PERMS.menuEdit);
  const tree = useMenuTree();
  const invalidate = useInvalidate();
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<readonly React.Key[]>([]);
  const [editing, setEditing] = useState<{ node: MenuTreeNode | null; parentId: number | null } | null>(null);
  const [moving, setMoving] = useState<number | null>(null);

  const shown = useMemo(() => {
    const k = keyword.trim().toLowerCase();
    const nodes = tree.data ?? [];
    const filtered = k
      ? filterTree(nodes, (n) => `${n.name} ${n.url} ${n.perms ?? ''}`.toLowerCase().includes(k))
      : nodes;
    return dropEmptyChildren(filtered);
  }, [tree.data, keyword]);
  const parentKeys = useMemo(() => {
    const keys: number[] = [];
    walk(shown, (n) => {
      if (n.children?.length) keys.push(n.id);
    });
    return keys;
  }, [shown]);

  const afterWrite = async () => {
    await invalidate(systemKeys.menuTree);
    await refreshOwnGrants();
  };

  const move = async (node: MenuTreeNode, step: -1 | 1) => {
    const { list, at, parentId } = siblingsOf(tree.data ?? [], node.id);
    const to = at + step;
    if (to < 0 || to >= list.length) return;
    const order = [...list];
    [order[at], order[to]] = [order[to], order[at]];
    const base = Math.min(...list.map((n) => n.sort));
    setMoving(node.id);
    try {
      await call(menuCalls.sort, { items: order.map((n, i) => ({ id: n.id, parentId, sort: base + i })) });
      message.success('顺序已调整');
      await afterWrite();
    } catch {
      // shown by the request layer
    } finally {
      setMoving(null);
    }
  };

  const remove = (node: MenuTreeNode) =>
    modal.confirm({
      title: '删除菜单',
      content: `确定删除菜单「${node.name}」吗？有子菜单的菜单需先删除子菜单；已授予角色的菜单将一并从角色中移除。`,
      okText: '删除',
      okButtonProps: { danger: true },
      onOk: quietly(async () => {
        await call(menuCalls.delete, { ids: [node.id] });
        message.success('菜单已删除');
        await afterWrite();
      }),
    });

  const columns: ProColumns<MenuTreeNode>[] = [
    { title: '菜单名称', dataIndex: 'name', width: 260, fixed: 'left' },
    {
      title: '类型',
      dataIndex: 'type',
      width: 70,
      render: (_, n) => <Tag color={TYPE_COLORS[n.type]}>{MENU_TYPE_LABELS[n.type]}</Tag>,
    },
    { title: '图标', dataIndex: 'icon', width: 170, render: (_, n) => n.icon ?? '' },
    { title: '路由地址', dataIndex: 'url', render: (_, n) => n.url || '' },
    {
      title: '权限标识',
      dataIndex: 'perms',
      render: (_, n) => (n.perms ? <Typography.Text code>{n.perms}</Typography.Text> : ''),
    },
    { title: '排序', dataIndex: 'sort', width: 70, align: 'right' },
    {
      title: '隐藏',
      dataIndex: 'hidden',
      width: 70,
      render: (_, n) => (n.type === 'F' ? '' : n.hidden ? <Tag>隐藏</Tag> : <Tag color="success">显示</Tag>),
    },
  ];
  if (canEdit) {
    columns.push(
      actionColumn(230, (node) => [
        <Tooltip key="up" title="上移">
          <Button
            type="link"
            size="small"
            icon={<ArrowUpOutlined />}
            loading={moving === node.id}
            onClick={() => move(node, -1)}
            aria-label="上移"
          />
        </Tooltip>,
        <Tooltip key="down" title="下移">
          <Button
            type="link"
            size="small"
            icon={<ArrowDownOutlined />}
            onClick={() => move(node, 1)}
            aria-label="下移"
          />
        </Tooltip>,
        node.type !== 'F' && (
          <RowAction key="add" onClick={() => setEditing({ node: null, parentId: node.id })}>
            新增下级
          </RowAction>
        ),
        <RowAction key="edit" onClick={() => setEditing({ node, parentId: node.parentId })}>
          编辑
        </RowAction>,
        <RowAction key="delete" danger onClick={() => remove(node)}>
          删除
        </RowAction>,
      ]),
    );
  }

  return (
    <div data-testid="menu-table">
      <ProTable<MenuTreeNode>
        rowKey="id"
        columns={columns}
        dataSource={shown}
        loading={tree.isFetching}
        search={false}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={{
          expandedRowKeys: keyword.trim() ? parentKeys : expanded,
          onExpandedRowsChange: (keys) => setExpanded(keys),
        }}
        headerTitle={
          <Space wrap>
            <Button onClick={() => setExpanded(parentKeys)}>展开全部</Button>
            <Button onClick={() => setExpanded([])}>折叠全部</Button>
          </Space>
        }
        toolbar={{
          search: {
            placeholder: '搜索名称、地址或权限标识',
            allowClear: true,
            onSearch: (v: string) => setKeyword(v),
            style: { width: 260 },
          },
        }}
        toolBarRender={() => [
          <Permission key="add" value={PERMS.menuEdit}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ node: null, parentId: null })}
            >
              新增顶级菜单
            </Button>
          </Permission>,
        ]}
        options={{ reload: () => void tree.refetch(), density: true, setting: true, fullScreen: false }}
        locale={{
          emptyText: tree.isError ? '加载失败，请点击刷新重试' : keyword ? '没有匹配的菜单' : '暂无菜单',
        }}
      />
      {editing && (
        <MenuForm
          tree={tree.data ?? []}
          editing={editing.node}
          parentId={editing.parentId}
          onClose={() => setEditing(null)}
          onSaved={() => {
            message.success(editing.node ? '菜单已保存' : '菜单已新增');
            void afterWrite();
          }}
        />
      )}
    </div>
  );
}
