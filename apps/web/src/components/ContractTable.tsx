import { type ProColumns, type ProFormInstance, ProTable } from '@ant-design/pro-components';
import { type Call, type CallInput, messages } from '@ec/contract';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Tag } from 'antd';
import { type Key, type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { call } from '../lib/api.ts';
import { formatTotal } from '../lib/format.ts';
import { Permission } from '../lib/permission.tsx';
import { AddButton } from './AddButton.tsx';
import { ExportButton } from './ExportButton.tsx';
import { RowAction } from './RowAction.tsx';
import { type SearchValues, selectedIds, toInput } from './table-input.ts';
import { fitColumns } from './table-layout.ts';
import {
  pinnedItems,
  readUrlFilters,
  searchFieldsOf,
  splitUrlFilters,
  type UrlFilter,
  type UrlValues,
  withoutKeys,
} from './url-filters.ts';

export type { SearchValues, UrlFilter };

/** What a list page's toolbar, batch bar and row actions may use. */
export interface TableContext<Row> {
  /** The search form's filters and the page's fixed input, as the call takes them. */
  filters: SearchValues;
  /** `filters` and the sort: what an export of "the list as shown" sends. */
  query: SearchValues;
  /** Selected keys (kept across pages) and the rows the table has seen for them. */
  selectedKeys: Key[];
  selected: Row[];
  /** Selected rows, or null after warning that nothing is selected. */
  requireSelection: () => Row[] | null;
  /** Selected ids (numeric row keys), or null after warning that nothing is selected. */
  requireIds: () => number[] | null;
  clearSelection: () => void;
  /** Sets search form fields and searches, as if the user had (e.g. a count that filters the list). */
  searchWith: (values: SearchValues) => void;
  refetch: () => void;
}

interface ListPage<Row> {
  records: Row[];
  total: number;
  /** The server counted up to a cap and estimated the rest. */
  approximate?: boolean;
}

/**
 * The one list of the console: a ProTable whose search form, paging and sorting drive a TanStack
 * query of a contract list call, with the toolbar (新增, import, export), batch selection and the
 * width rules of components/table-layout.ts. The query key is `[...queryKey, call path, input]`, so a
 * write refreshes every list of a feature by invalidating the feature's key (also on pages kept alive
 * in other tags), and a route may prefetch a page's first rows under the same key (app/page-data.ts).
 */
export function ContractTable<Row extends object, C extends Call = Call>(props: ContractTableProps<Row, C>) {
  return props.urlFilters ? <UrlFilteredTable {...props} /> : <ListTable {...props} />;
}

/** The list reading its filters from the URL: only while the location is the page's own (keep-alive). */
function UrlFilteredTable<Row extends object, C extends Call = Call>(props: ContractTableProps<Row, C>) {
  const location = useLocation();
  const navigate = useNavigate();
  const mine = useRef(location.pathname);
  const last = useRef(location.search);
  if (location.pathname === mine.current) last.current = location.search;
  return (
    <ListTable
      {...props}
      url={{
        search: last.current,
        // 清除: the URL keeps what the form holds, without the keys the notice showed.
        drop: (keys) => {
          const search = withoutKeys(last.current, keys);
          last.current = search;
          navigate({ pathname: mine.current, search }, { replace: true });
          return search;
        },
      }}
    />
  );
}

interface ContractTableProps<Row extends object, C extends Call> {
  /** The contract list call; its output is a page of rows. */
  call: C;
  /** Input the page fixes (e.g. one company's rows), added to the search form's. */
  params?: Partial<CallInput<C>> & SearchValues;
  /** The feature's key the list lives under (its writes invalidate it). */
  queryKey: QueryKey;
  /** Do not show a refused list call (the table says 加载失败 itself). */
  silent?: boolean;
  columns: ProColumns<Row>[];
  rowKey?: keyof Row & string;
  /** Column keys hidden until the user shows them (column settings). */
  hiddenColumns?: string[];
  /** Search form values → call input; by default blanks dropped, text trimmed, area paths → last code. */
  toQuery?: (values: SearchValues) => SearchValues;
  /** The table's sorter → sortField / sortOrder (or nothing). */
  toSort?: (sorter: unknown) => SearchValues;
  /** Search form values the list opens with (e.g. from a link's query string). */
  initialValues?: SearchValues;
  search?: boolean;
  /** The search form opens expanded, in ProTable's own columns (the system pages). */
  searchExpanded?: boolean;
  /** A selection column; a function says which rows may be selected. */
  selectable?: boolean | ((row: Row) => boolean);
  /** The alert above a selection, e.g. n → 已选择 n 台电梯; ProTable's own when absent. */
  selectionLabel?: (count: number) => ReactNode;
  /** Left of the toolbar: a title or the batch buttons. */
  headerTitle?: ReactNode | ((ctx: TableContext<Row>) => ReactNode);
  /** Above the table (e.g. counts that filter it). */
  above?: (ctx: TableContext<Row>) => ReactNode;
  /** The primary 新增… button, first in the toolbar (only for holders of `permission`, when given). */
  add?: { label: string; onClick: () => void; permission?: string } | false;
  /** Buttons on the right, after 新增: import and the like. */
  toolbar?: (ctx: TableContext<Row>) => ReactNode[];
  /**
   * Export buttons, last in the toolbar: each sends the list's filters and its sort (`unsorted`: the
   * filters alone, for an export call that takes no sort).
   */
  exports?: { call: Call; label?: string; permission: string; unsorted?: boolean }[];
  /** No toolbar at all (no reload, density or column settings): a short list inside a detail page. */
  bare?: boolean;
  emptyText?: string;
  testId?: string;
  /**
   * Filters a link may open the list with, from the URL's query (validated; malformed values are
   * dropped): a key that is a search form field fills it, any other is sent with the call and shown
   * above the table with 清除. The table follows a later link to its page too.
   */
  urlFilters?: UrlFilter[];
}

/** The URL a list reads its filters from, and how 清除 drops keys from it (UrlFilteredTable). */
interface UrlSource {
  search: string;
  drop: (keys: string[]) => string;
}

function ListTable<Row extends object, C extends Call = Call>({
  call: listCall,
  params,
  queryKey,
  silent = false,
  columns,
  rowKey = 'id' as keyof Row & string,
  hiddenColumns = [],
  toQuery = toInput,
  toSort = sortOf,
  initialValues,
  search = true,
  searchExpanded = false,
  selectable = false,
  selectionLabel,
  headerTitle,
  above,
  add,
  toolbar,
  exports = [],
  bare = false,
  emptyText = '暂无数据',
  testId,
  urlFilters,
  url,
}: ContractTableProps<Row, C> & { url?: UrlSource }) {
  const { message } = App.useApp();
  const formRef = useRef<ProFormInstance<SearchValues>>(undefined);
  // The URL's filters: the form's fields fill the form, the others are pinned beside them.
  const fromUrl = (search: string) =>
    splitUrlFilters(urlFilters ?? [], readUrlFilters(urlFilters ?? [], search), searchFieldsOf(columns));
  const [opened] = useState(() => {
    const linked = url ? fromUrl(url.search) : { form: {}, pinned: {} };
    return { ...linked, form: { ...initialValues, ...linked.form } };
  });
  const [pinned, setPinned] = useState<UrlValues>(opened.pinned);
  const [filters, setFilters] = useState<SearchValues>(() => toQuery(opened.form));
  const linkedForm = Object.keys(opened.form).length > 0;
  const [collapsed, setCollapsed] = useState(!linkedForm);
  const [sort, setSort] = useState<SearchValues>({});
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const [selected, setSelected] = useState<Row[]>([]);
  const firstPage = () => setPaging((p) => (p.page === 1 ? p : { ...p, page: 1 }));
  const paramsKey = JSON.stringify(params ?? {});
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new fixed input starts from page 1
  useEffect(firstPage, [paramsKey]);

  // A later link to the page (kept alive in its tag) opens the list anew with its filters.
  const applied = useRef(url?.search);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new URL applies
  useEffect(() => {
    if (!url || url.search === applied.current) return;
    applied.current = url.search;
    const next = fromUrl(url.search);
    const form = formRef.current;
    form?.setFieldsValue({ ...blankFields(searchFieldsOf(columns)), ...next.form } as never);
    setFilters(toQuery(next.form));
    setPinned(next.pinned);
    if (Object.keys(next.form).length > 0) setCollapsed(false);
    firstPage();
  }, [url?.search]);
  const clearPinned = () => {
    if (url) applied.current = url.drop(Object.keys(pinned));
    setPinned({});
    firstPage();
  };

  const fixed = { ...filters, ...pinned, ...params };
  const input = { ...fixed, ...sort, ...paging };
  const list = useQuery({
    queryKey: [...queryKey, listCall.path, input],
    queryFn: ({ signal }) =>
      call(listCall as Call, input as never, { signal, silent }) as Promise<ListPage<Row>>,
    placeholderData: keepPreviousData,
  });
  const data = list.data;

  const ctx: TableContext<Row> = {
    filters: fixed,
    query: { ...fixed, ...sort },
    selectedKeys,
    selected,
    requireSelection: () => {
      if (selectedKeys.length > 0) return selected;
      message.warning(messages.noSelection);
      return null;
    },
    requireIds: () => {
      const ids = selectedIds(selectedKeys);
      if (!ids) message.warning(messages.noSelection);
      return ids;
    },
    clearSelection: () => {
      setSelectedKeys([]);
      setSelected([]);
    },
    searchWith: (values) => {
      formRef.current?.setFieldsValue(values as never);
      formRef.current?.submit();
    },
    refetch: () => void list.refetch(),
  };

  const fitted = fitColumns(columns, { selectable: !!selectable, hidden: hiddenColumns });
  const canSelect = typeof selectable === 'function' ? selectable : undefined;
  return (
    <div
      data-testid={testId}
      // What a browser test waits on: the list's call in flight, and when its answer last arrived.
      data-list-state={list.isFetching ? 'loading' : 'idle'}
      data-list-answered={Math.max(list.dataUpdatedAt, list.errorUpdatedAt)}
    >
      {Object.keys(pinned).length > 0 && urlFilters && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="url-filters"
          message={
            <span>
              按统计图表筛选：
              {pinnedItems(urlFilters, pinned).map((p) => (
                <Tag key={p.key} data-testid={`url-filter-${p.key}`} style={{ marginInlineEnd: 6 }}>
                  {p.label}：{p.text}
                </Tag>
              ))}
            </span>
          }
          action={
            <Button size="small" onClick={clearPinned} data-testid="url-filters-clear">
              清除
            </Button>
          }
        />
      )}
      {above?.(ctx)}
      <ProTable<Row, SearchValues>
        rowKey={rowKey}
        columns={fitted.columns}
        columnsState={
          hiddenColumns.length
            ? { defaultValue: Object.fromEntries(hiddenColumns.map((k) => [k, { show: false }])) }
            : undefined
        }
        dataSource={data?.records ?? []}
        loading={list.isFetching}
        dateFormatter="string"
        formRef={formRef}
        form={linkedForm ? { initialValues: opened.form } : undefined}
        scroll={{ x: fitted.scrollX }}
        search={
          !search
            ? false
            : searchExpanded
              ? { labelWidth: 'auto', defaultCollapsed: false }
              : {
                  labelWidth: 'auto',
                  // Opened by a link that fills the form: open, so that the user sees its filters.
                  collapsed,
                  onCollapse: setCollapsed,
                  span: { xs: 24, sm: 12, md: 8, lg: 8, xl: 6, xxl: 6 },
                }
        }
        onSubmit={(values) => {
          const next = toQuery(values);
          // 查询 with the filters already shown asks the server again: the user wants fresh rows.
          if (paging.page === 1 && JSON.stringify(next) === JSON.stringify(filters)) void list.refetch();
          setFilters(next);
          firstPage();
        }}
        onReset={() => {
          // The form's reset returns to the values it opened with (a link's): the list has none.
          if (linkedForm) formRef.current?.setFieldsValue(blankFields(Object.keys(opened.form)) as never);
          setFilters({});
          firstPage();
        }}
        onChange={(_pagination, _filters, sorter) => {
          const next = toSort(sorter);
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
          showTotal: () => (data ? formatTotal(data.total, data.approximate ?? false) : ''),
          onChange: (page, limit) => setPaging({ page: limit === paging.limit ? page : 1, limit }),
        }}
        rowSelection={
          selectable
            ? {
                selectedRowKeys: selectedKeys,
                preserveSelectedRowKeys: true,
                onChange: (keys, rows) => {
                  setSelectedKeys(keys);
                  setSelected(rows.filter(Boolean));
                },
                ...(canSelect ? { getCheckboxProps: (row: Row) => ({ disabled: !canSelect(row) }) } : {}),
              }
            : false
        }
        tableAlertRender={
          selectionLabel
            ? ({ selectedRowKeys, onCleanSelected }) => (
                <span>
                  {selectionLabel(selectedRowKeys.length)}
                  <RowAction style={{ marginInlineStart: 12 }} onClick={onCleanSelected}>
                    取消选择
                  </RowAction>
                </span>
              )
            : undefined
        }
        tableAlertOptionRender={false}
        headerTitle={typeof headerTitle === 'function' ? headerTitle(ctx) : headerTitle}
        toolBarRender={
          bare
            ? false
            : () => [
                ...(add
                  ? [
                      add.permission ? (
                        <Permission key="add" value={add.permission}>
                          <AddButton label={add.label} onClick={add.onClick} />
                        </Permission>
                      ) : (
                        <AddButton key="add" label={add.label} onClick={add.onClick} />
                      ),
                    ]
                  : []),
                ...(toolbar?.(ctx) ?? []),
                ...exports.map((e) => (
                  <Permission key={`export:${e.call.path}`} value={e.permission}>
                    <ExportButton
                      call={e.call}
                      input={() => ({ ...(e.unsorted ? ctx.filters : ctx.query) }) as never}
                    >
                      {e.label ?? '导出'}
                    </ExportButton>
                  </Permission>
                )),
              ]
        }
        options={{ reload: () => void list.refetch(), density: true, setting: true, fullScreen: false }}
        locale={{ emptyText: list.isError ? '加载失败，请点击刷新重试' : emptyText }}
      />
    </div>
  );
}

/** The fields emptied (a form's reset past the values a link filled). */
const blankFields = (fields: Iterable<string>) => Object.fromEntries([...fields].map((f) => [f, undefined]));

/** ProTable's sorter → the list calls' sortField / sortOrder (the column's key, else its field). */
function sortOf(sorter: unknown): SearchValues {
  const s = (Array.isArray(sorter) ? sorter[0] : sorter) as
    | { columnKey?: unknown; field?: unknown; order?: unknown }
    | undefined;
  return s?.order && s.field ? { sortField: String(s.columnKey ?? s.field), sortOrder: s.order } : {};
}
