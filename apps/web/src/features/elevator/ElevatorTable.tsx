import { ProTable } from '@ant-design/pro-components';
import { type ClaimType, type ElevatorRow, type elevatorCalls, messages } from '@ec/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { type Key, type ReactNode, useState } from 'react';
import { RowAction } from '../../components/RowAction.tsx';
import { call } from '../../lib/api.ts';
import { type ElevatorColumnKey, useElevatorColumns } from './columns.tsx';
import {
  type ElevatorQuery,
  type ElevatorSearchValues,
  type ElevatorSort,
  formatTotal,
  selectedIds,
  toElevatorQuery,
  toSort,
} from './model.ts';
import { elevatorKeys } from './queries.ts';

/** The list calls an elevator table can show (same filters, same page shape). */
export type ElevatorListCall =
  | typeof elevatorCalls.queryList
  | typeof elevatorCalls.queryElevatorList
  | typeof elevatorCalls.queryClaim
  | typeof elevatorCalls.queryUnClaim;

export interface ElevatorTableContext {
  /** The search form's filters and the sort, as the server takes them (for exports). */
  query: ElevatorQuery & ElevatorSort;
  /** Selected elevator ids; when none, `requireSelection` warns and returns null. */
  selected: number[];
  selectedRows: ElevatorRow[];
  requireSelection: () => number[] | null;
  clearSelection: () => void;
  refetch: () => void;
}

/**
 * The one elevator list: a ProTable whose search form, paging and sorting drive a TanStack query
 * (so writes anywhere refresh it through invalidation), with row selection for batch actions.
 */
export function ElevatorTable({
  listCall,
  claimType,
  columns: keys,
  actions,
  selectable = false,
  batchBar,
  toolbar,
  hiddenColumns = [],
  fixedQuery,
  testId,
}: {
  listCall: ElevatorListCall;
  claimType?: ClaimType;
  columns: ElevatorColumnKey[];
  actions?: { width: number; render: (row: ElevatorRow, ctx: ElevatorTableContext) => ReactNode[] };
  selectable?: boolean;
  /** Batch buttons, left of the toolbar. */
  batchBar?: (ctx: ElevatorTableContext) => ReactNode;
  /** Buttons on the right: add, import, export. */
  toolbar?: (ctx: ElevatorTableContext) => ReactNode[];
  /** Column keys hidden until the user shows them (column settings). */
  hiddenColumns?: string[];
  /** Filters the page sets itself (e.g. one use unit's elevators), added to the search form's. */
  fixedQuery?: ElevatorQuery;
  testId?: string;
}) {
  const { message } = App.useApp();
  const [query, setQuery] = useState<ElevatorQuery>({});
  const [sort, setSort] = useState<ElevatorSort>({});
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const [selectedRows, setSelectedRows] = useState<ElevatorRow[]>([]);

  const input = { ...query, ...fixedQuery, ...sort, ...paging, ...(claimType ? { claimType } : {}) };
  const list = useQuery({
    queryKey: elevatorKeys.list(listCall.path, input),
    queryFn: ({ signal }) => call(listCall as typeof elevatorCalls.queryClaim, input, { signal }),
    placeholderData: keepPreviousData,
  });

  const ctx: ElevatorTableContext = {
    query: { ...query, ...fixedQuery, ...sort },
    selected: selectedIds(selectedKeys) ?? [],
    selectedRows,
    requireSelection: () => {
      const ids = selectedIds(selectedKeys);
      if (!ids) message.warning(messages.noSelection);
      return ids;
    },
    clearSelection: () => {
      setSelectedKeys([]);
      setSelectedRows([]);
    },
    refetch: () => void list.refetch(),
  };

  const allColumns = useElevatorColumns(
    keys,
    actions ? { width: actions.width, render: (row) => actions.render(row, ctx) } : undefined,
  );
  // A filter the page fixes is not offered in the search form, where choosing it would do nothing.
  const columns = fixedQuery
    ? allColumns.filter((c) => !(String(c.dataIndex) in fixedQuery && c.hideInTable))
    : allColumns;
  const data = list.data;

  return (
    <div data-testid={testId}>
      <ProTable<ElevatorRow, ElevatorSearchValues>
        rowKey="id"
        columns={columns}
        columnsState={{
          defaultValue: Object.fromEntries(hiddenColumns.map((k) => [k, { show: false }])),
        }}
        dataSource={data?.records ?? []}
        loading={list.isFetching}
        dateFormatter="string"
        scroll={{ x: 'max-content' }}
        search={{
          labelWidth: 'auto',
          defaultCollapsed: true,
          span: { xs: 24, sm: 12, md: 8, lg: 8, xl: 6, xxl: 6 },
        }}
        onSubmit={(values) => {
          setQuery(toElevatorQuery(values));
          setPaging((p) => ({ ...p, page: 1 }));
        }}
        onReset={() => {
          setQuery({});
          setPaging((p) => ({ ...p, page: 1 }));
        }}
        onChange={(_pagination, _filters, sorter) => {
          const next = toSort(sorter);
          if (next.sortField !== sort.sortField || next.sortOrder !== sort.sortOrder) {
            setSort(next);
            setPaging((p) => ({ ...p, page: 1 }));
          }
        }}
        pagination={{
          current: paging.page,
          pageSize: paging.limit,
          total: data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: () => (data ? formatTotal(data.total, data.approximate) : ''),
          onChange: (page, limit) => setPaging({ page: limit === paging.limit ? page : 1, limit }),
        }}
        rowSelection={
          selectable
            ? {
                selectedRowKeys: selectedKeys,
                preserveSelectedRowKeys: true,
                onChange: (keys, rows) => {
                  setSelectedKeys(keys);
                  setSelectedRows(rows.filter(Boolean));
                },
              }
            : false
        }
        tableAlertRender={({ selectedRowKeys, onCleanSelected }) => (
          <span>
            已选择 {selectedRowKeys.length} 台电梯
            <RowAction style={{ marginInlineStart: 12 }} onClick={onCleanSelected}>
              取消选择
            </RowAction>
          </span>
        )}
        tableAlertOptionRender={false}
        headerTitle={batchBar?.(ctx)}
        toolBarRender={() => toolbar?.(ctx) ?? []}
        options={{ reload: () => void list.refetch(), density: true, setting: true, fullScreen: false }}
        locale={{ emptyText: list.isError ? '加载失败，请点击刷新重试' : '暂无电梯数据' }}
      />
    </div>
  );
}
