import { type ProColumns, ProTable } from '@ant-design/pro-components';
import type { Page } from '@ec/contract';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { AddButton } from '../../../components/AddButton.tsx';
import { fitColumns } from '../../../components/table-layout.ts';
import { Permission } from '../../../lib/permission.tsx';
import { cleanFilters, type Filters } from './filters.ts';

export type { Filters };

export type ListInput = Filters & { page: number; limit: number };

export interface TableContext {
  /** The search form's filters (and the sort), as the server takes them — for exports. */
  filters: Filters;
  refetch: () => void;
}

/**
 * The list of the system pages: ProTable's search form, paging and sorting drive a TanStack query
 * keyed under `queryKey`, so a write anywhere refreshes it by invalidating that key.
 */
export function SystemTable<Row extends Record<string, unknown>>({
  queryKey,
  fetch,
  columns,
  toFilters = (v) => v,
  extraInput,
  add,
  toolbar,
  headerTitle,
  emptyText = '暂无数据',
  search = true,
  rowKey = 'id',
  testId,
  scrollX,
}: {
  queryKey: QueryKey;
  fetch: (input: ListInput, signal: AbortSignal) => Promise<Page<Row>>;
  columns: ProColumns<Row>[];
  /** Search form values → call filters (rename fields, split ranges). */
  toFilters?: (values: Filters) => Filters;
  /** Filters chosen outside the search form (e.g. the dictionary type). */
  extraInput?: Filters;
  /** The primary 新增… button, shown to users with `permission`, before the toolbar's own buttons. */
  add?: { label: string; permission: string; onClick: () => void };
  toolbar?: (ctx: TableContext) => ReactNode[];
  headerTitle?: ReactNode;
  emptyText?: string;
  search?: boolean;
  rowKey?: string;
  testId?: string;
  /** The table's scroll width; by default the sum of the column widths (components/table-layout.ts). */
  scrollX?: number;
}) {
  const [filters, setFilters] = useState<Filters>({});
  const [sort, setSort] = useState<Filters>({});
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const input: ListInput = { ...cleanFilters({ ...filters, ...extraInput }), ...sort, ...paging };
  const list = useQuery({
    queryKey: [...queryKey, input],
    queryFn: ({ signal }) => fetch(input, signal),
    placeholderData: keepPreviousData,
  });
  const ctx: TableContext = {
    filters: cleanFilters({ ...filters, ...extraInput, ...sort }),
    refetch: () => void list.refetch(),
  };
  const data = list.data;
  const firstPage = () => setPaging((p) => ({ ...p, page: 1 }));
  const extraKey = JSON.stringify(extraInput ?? {});
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new outside filter starts from page 1
  useEffect(() => setPaging((p) => (p.page === 1 ? p : { ...p, page: 1 })), [extraKey]);

  const fitted = fitColumns(columns);
  return (
    <div data-testid={testId}>
      <ProTable<Row>
        rowKey={rowKey}
        columns={fitted.columns}
        dataSource={data?.records ?? []}
        loading={list.isFetching}
        dateFormatter="string"
        scroll={{ x: scrollX ?? fitted.scrollX }}
        search={search ? { labelWidth: 'auto', defaultCollapsed: false } : false}
        onSubmit={(values) => {
          setFilters(toFilters(values as Filters));
          firstPage();
        }}
        onReset={() => {
          setFilters({});
          firstPage();
        }}
        onChange={(_p, _f, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          const next: Filters =
            s?.order && s.field ? { sortField: String(s.columnKey ?? s.field), sortOrder: s.order } : {};
          if (next.sortField !== sort.sortField || next.sortOrder !== sort.sortOrder) {
            setSort(next);
            firstPage();
          }
        }}
        pagination={{
          current: paging.page,
          pageSize: paging.limit,
          total: data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => `共 ${total} 条`,
          onChange: (page, limit) => setPaging({ page: limit === paging.limit ? page : 1, limit }),
        }}
        headerTitle={headerTitle}
        toolBarRender={
          add || toolbar
            ? () => [
                ...(add
                  ? [
                      <Permission key="add" value={add.permission}>
                        <AddButton label={add.label} onClick={add.onClick} />
                      </Permission>,
                    ]
                  : []),
                ...(toolbar?.(ctx) ?? []),
              ]
            : false
        }
        options={{ reload: () => void list.refetch(), density: true, setting: true, fullScreen: false }}
        locale={{ emptyText: list.isError ? '加载失败，请点击刷新重试' : emptyText }}
      />
    </div>
  );
}
