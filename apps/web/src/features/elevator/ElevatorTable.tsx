import { type ProFormInstance, ProTable } from '@ant-design/pro-components';
import {
  type ClaimType,
  type ElevatorRow,
  type elevatorCalls,
  INSPECT_STATE_LABEL,
  type InspectState,
  messages,
} from '@ec/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Space, Tag } from 'antd';
import { type Key, type ReactNode, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { RowAction } from '../../components/RowAction.tsx';
import { fitColumns } from '../../components/table-layout.ts';
import { call } from '../../lib/api.ts';
import { type ElevatorColumnKey, useElevatorColumns } from './columns.tsx';
import {
  type ElevatorQuery,
  type ElevatorSearchValues,
  type ElevatorSort,
  formatTotal,
  inspectStateParam,
  selectedIds,
  toElevatorQuery,
  toSort,
} from './model.ts';
import { elevatorKeys, useInspectionCounts } from './queries.ts';

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
  inspectionSummary = false,
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
  /** Show the scope's 超期未检 / 即将到期 counts above the list; a click filters on them. */
  inspectionSummary?: boolean;
  testId?: string;
}) {
  const { message } = App.useApp();
  // A link may open the list filtered (`?inspectState=overdue`, from the home page's counts).
  const [params] = useSearchParams();
  const linked = inspectStateParam(params.get('inspectState'));
  const formRef = useRef<ProFormInstance<ElevatorSearchValues>>(undefined);
  const [query, setQuery] = useState<ElevatorQuery>(linked ? { inspectState: linked } : {});
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
  const fitted = fitColumns(columns, { selectable, hidden: hiddenColumns });

  const pickInspectState = (inspectState: InspectState) => {
    formRef.current?.setFieldsValue({ inspectState });
    formRef.current?.submit();
  };

  return (
    <div data-testid={testId}>
      {inspectionSummary && <InspectionSummary onPick={pickInspectState} />}
      <ProTable<ElevatorRow, ElevatorSearchValues>
        rowKey="id"
        columns={fitted.columns}
        columnsState={{
          defaultValue: Object.fromEntries(hiddenColumns.map((k) => [k, { show: false }])),
        }}
        dataSource={data?.records ?? []}
        loading={list.isFetching}
        dateFormatter="string"
        formRef={formRef}
        form={{ initialValues: linked ? { inspectState: linked } : undefined }}
        scroll={{ x: fitted.scrollX }}
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

/** 超期未检 N 台 · 即将到期 M 台 of the caller's whole scope, each a link that filters the list. */
function InspectionSummary({ onPick }: { onPick: (state: InspectState) => void }) {
  const counts = useInspectionCounts();
  if (!counts.data) return null;
  const item = (state: InspectState, color: string) => (
    <Tag
      color={counts.data[state] > 0 ? color : 'default'}
      style={{ cursor: 'pointer', marginInlineEnd: 0 }}
      data-testid={`inspect-count-${state}`}
      onClick={() => onPick(state)}
    >
      {INSPECT_STATE_LABEL[state]} {counts.data[state].toLocaleString('zh-CN')} 台
    </Tag>
  );
  return (
    <Space size={8} style={{ marginBottom: 12 }} wrap>
      <span style={{ color: '#8c8c8c' }}>在用电梯定期检验：</span>
      {item('overdue', 'red')}
      {item('due', 'orange')}
    </Space>
  );
}
