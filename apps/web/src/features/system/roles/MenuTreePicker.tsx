import type { MenuTreeNode } from '@ec/contract';
import { Button, Empty, Input, Space, Spin, Tag, Tree, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import { MENU_TYPE_LABELS } from '../shared/labels.ts';
import { useMenuTree } from '../shared/queries.ts';
import { filterTree, walk } from '../shared/tree.ts';
import { checkState, menuIndex, toggleMenu } from './menu-grants.ts';

const toTreeData = (nodes: MenuTreeNode[]): TreeDataNode[] =>
  nodes.map((n) => ({
    key: n.id,
    title: (
      <Space size={4}>
        <span className="menu-node-name">{n.name}</span>
        {n.type === 'F' && n.perms && (
          <Tag color="blue" style={{ fontSize: 11 }}>
            {n.perms}
          </Tag>
        )}
        {n.type !== 'F' && n.hidden && <Tag style={{ fontSize: 11 }}>隐藏</Tag>}
        {n.type === 'M' && <Tag style={{ fontSize: 11 }}>{MENU_TYPE_LABELS.M}</Tag>}
      </Space>
    ),
    children: n.children.length ? toTreeData(n.children) : undefined,
  }));

/** 菜单权限: the whole menu tree with its buttons, as a checkbox tree; the value is the granted ids. */
export function MenuTreePicker({
  value = [],
  onChange,
}: {
  value?: number[];
  onChange?: (ids: number[]) => void;
}) {
  const tree = useMenuTree();
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<React.Key[]>([]);
  const index = useMemo(() => menuIndex(tree.data ?? []), [tree.data]);
  const shown = useMemo(() => {
    const k = keyword.trim().toLowerCase();
    const nodes = tree.data ?? [];
    if (!k) return nodes;
    return filterTree(
      nodes,
      (n) =>
        n.name.toLowerCase().includes(k) ||
        (n.perms ?? '').toLowerCase().includes(k) ||
        n.url.toLowerCase().includes(k),
    );
  }, [tree.data, keyword]);
  const treeData = useMemo(() => toTreeData(shown), [shown]);
  const shownKeys = useMemo(() => {
    const keys: number[] = [];
    walk(shown, (n) => {
      if (n.children.length) keys.push(n.id);
    });
    return keys;
  }, [shown]);

  // An entry granted with only part of its subtree shows as partly checked; clicking it grants the rest.
  const { checked, halfChecked } = useMemo(() => checkState(index, value), [value, index]);

  if (tree.isLoading)
    return (
      <Spin tip="正在加载菜单…">
        <div style={{ height: 120 }} />
      </Spin>
    );
  if (!tree.data?.length) return <Empty description="没有可选的菜单" />;

  return (
    <div
      className="menu-tree-picker"
      style={{ border: '1px solid rgba(5,5,5,0.1)', borderRadius: 6, padding: 8 }}
    >
      <Space wrap style={{ marginBottom: 8 }}>
        <Input.Search
          allowClear
          placeholder="搜索菜单名称、地址或权限标识"
          style={{ width: 240 }}
          onSearch={setKeyword}
          onChange={(e) => !e.target.value && setKeyword('')}
          className="menu-tree-search"
        />
        <Button size="small" onClick={() => setExpanded(shownKeys)}>
          展开全部
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          折叠全部
        </Button>
        <Button size="small" onClick={() => onChange?.(index.all)}>
          全选
        </Button>
        <Button size="small" onClick={() => onChange?.([])}>
          清空
        </Button>
        <span style={{ color: 'rgba(0,0,0,0.45)' }}>已选 {value.length} 项</span>
      </Space>
      <Tree
        checkable
        checkStrictly
        selectable={false}
        height={380}
        treeData={treeData}
        expandedKeys={keyword.trim() ? shownKeys : expanded}
        onExpand={(keys) => setExpanded(keys)}
        checkedKeys={{ checked, halfChecked }}
        onCheck={(_, info) => {
          const id = Number(info.node.key);
          // A partly checked entry is completed rather than removed.
          onChange?.(toggleMenu(index, value, id, info.checked || halfChecked.includes(id)));
        }}
      />
    </div>
  );
}
