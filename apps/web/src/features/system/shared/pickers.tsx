import { type AreaTreeNode, enterpriseCalls, type OfficeTreeNode } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { call } from '../../../lib/api.ts';
import { useSearchKeyword } from '../../../lib/search-keyword.ts';
import { useAreaTree, useOfficeTree, useRoleOptions } from './queries.ts';

/** Form pickers of the system pages; each loads its own options. */

export function RoleSelect(props: Omit<SelectProps<number[]>, 'options'>) {
  const roles = useRoleOptions();
  return (
    <Select
      mode="multiple"
      allowClear
      placeholder="请选择角色"
      optionFilterProp="label"
      loading={roles.isLoading}
      {...props}
      options={roles.data ?? []}
    />
  );
}

interface TreeOption {
  value: number | string;
  title: string;
  disabled?: boolean;
  children?: TreeOption[];
}

const officeOptions = (nodes: OfficeTreeNode[], excluded?: number): TreeOption[] =>
  nodes.map((n) => ({
    value: n.id,
    title: n.name,
    disabled: n.id === excluded,
    children: n.id === excluded ? [] : officeOptions(n.children, excluded),
  }));

/** An organisation from the tree; `excluded` (and its subtree) cannot be picked — an office's own id. */
export function OfficeTreeSelect({
  excluded,
  ...props
}: { excluded?: number } & {
  value?: number | null;
  onChange?: (v: number | null) => void;
  placeholder?: string;
}) {
  const tree = useOfficeTree({}, true);
  const data = useMemo(() => officeOptions(tree.data ?? [], excluded), [tree.data, excluded]);
  return (
    <TreeSelect
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      placeholder="请选择机构"
      loading={tree.isLoading}
      {...props}
      value={props.value ?? undefined}
      onChange={(v) => props.onChange?.(v ?? null)}
      treeData={data}
    />
  );
}

const areaOptions = (nodes: AreaTreeNode[]): TreeOption[] =>
  nodes.map((a) => ({ value: a.value, title: a.label, children: a.children ? areaOptions(a.children) : [] }));

/** Several areas (a user's 管辖区域). */
export function AreaTreeSelect(props: { value?: string[]; onChange?: (v: string[]) => void }) {
  const tree = useAreaTree();
  const data = useMemo(() => areaOptions(tree.data ?? []), [tree.data]);
  return (
    <TreeSelect
      multiple
      allowClear
      showSearch
      treeNodeFilterProp="title"
      placeholder="请选择管辖区域"
      maxTagCount="responsive"
      loading={tree.isLoading}
      {...props}
      treeData={data}
    />
  );
}

/** An enterprise by name, searched on the server; `initial` labels the current value before a search. */
export function EnterpriseSelect({
  value,
  onChange,
  initial,
}: {
  value?: number | null;
  onChange?: (v: number | null) => void;
  initial?: { id: number; name: string } | null;
}) {
  const [keyword, setTyped] = useSearchKeyword();
  const found = useQuery({
    queryKey: ['system', 'enterprises', 'options', keyword],
    queryFn: () =>
      call(enterpriseCalls.query, { page: 1, limit: 20, name: keyword || undefined }, { silent: true }),
    staleTime: 30_000,
  });
  const options = useMemo(() => {
    const list = (found.data?.records ?? []).map((e) => ({ value: e.id, label: e.name }));
    if (initial && !list.some((o) => o.value === initial.id))
      list.unshift({ value: initial.id, label: initial.name });
    return list;
  }, [found.data, initial]);
  return (
    <Select
      allowClear
      showSearch
      filterOption={false}
      placeholder="输入企业名称搜索"
      loading={found.isFetching}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      onSearch={setTyped}
      options={options}
      notFoundContent={found.isFetching ? '搜索中…' : '没有匹配的企业'}
    />
  );
}
