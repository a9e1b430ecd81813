import type { ProColumns } from '@ant-design/pro-components';
import {
  type ClaimRecord,
  type ClaimType,
  claimCalls,
  ELEVATOR_TYPES,
  type ElevatorRow,
  elevatorCalls,
  INSPECT_STATE_LABEL,
  type InspectState,
  USE_STATUS,
} from '@ec/contract';
import { Space, Tag } from 'antd';
import type { ReactNode } from 'react';
import type { SearchValues, TableContext } from '../../components/ContractTable.tsx';
import { useDictLabel } from '../../components/index.ts';
import { URL_FILTERS, type UrlFilter } from '../../components/url-filters.ts';
import { type ElevatorColumnKey, useElevatorColumns } from './columns.tsx';
import { type ElevatorQuery, toClaimQuery, toElevatorQuery, toSort } from './model.ts';
import { elevatorKeys, useInspectionCounts } from './queries.ts';

/**
 * What the elevator and claim lists give ContractTable: their calls, query keys, search form
 * mapping, sort whitelist and wording. Plain props, so that every list is the one ContractTable.
 */

/** The list calls an elevator table can show (same filters, same page shape). */
export type ElevatorListCall =
  | typeof elevatorCalls.queryList
  | typeof elevatorCalls.queryElevatorList
  | typeof elevatorCalls.queryClaim
  | typeof elevatorCalls.queryUnClaim;

export type ElevatorTableContext = TableContext<ElevatorRow>;

/**
 * An elevator list's props: `listCall` within the user's scope, narrowed by a claim type or filters
 * the page fixes. A link may open it filtered (`?inspectState=overdue` from the home page's counts,
 * `?areaCode=…&useOccasion=…` from a statistics figure: see elevatorUrlFilters); with `inspectionSummary` the scope's 超期未检 / 即将到期 counts stand above it and filter it.
 */
export function useElevatorList({
  listCall,
  claimType,
  fixedQuery,
  inspectionSummary = false,
}: {
  listCall: ElevatorListCall;
  claimType?: ClaimType;
  fixedQuery?: ElevatorQuery;
  inspectionSummary?: boolean;
}) {
  const urlFilters = useElevatorUrlFilters();
  const params = { ...fixedQuery, ...(claimType ? { claimType } : {}) };
  return {
    call: listCall as typeof elevatorCalls.queryClaim,
    params: Object.keys(params).length ? params : undefined,
    queryKey: elevatorKeys.lists,
    toQuery: (values: SearchValues) => toElevatorQuery(values) as SearchValues,
    toSort: (sorter: unknown) => toSort(sorter) as SearchValues,
    urlFilters,
    above: inspectionSummary
      ? (ctx: ElevatorTableContext) => (
          <InspectionSummary onPick={(inspectState) => ctx.searchWith({ inspectState })} />
        )
      : undefined,
    selectionLabel: (n: number) => `已选择 ${n} 台电梯`,
    emptyText: '暂无电梯数据',
  };
}

/**
 * The filters a link may open an elevator list with: those of the statistics' drill-downs (district,
 * companies, use occasion, type, use status) and the inspection state. The search form shows each
 * (the area as its cascader's path); one a page's form lacks is shown above the list.
 */
export function useElevatorUrlFilters(): UrlFilter[] {
  const occasionLabel = useDictLabel('use_occasion');
  return [
    URL_FILTERS.areaCode('area'),
    URL_FILTERS.maintenanceCompany(),
    URL_FILTERS.buildingCompany(),
    URL_FILTERS.occasion((v) => occasionLabel(String(v)) || String(v)),
    URL_FILTERS.select('type', '电梯类型', ELEVATOR_TYPES),
    URL_FILTERS.select('useStatus', '使用状态', USE_STATUS),
    URL_FILTERS.select('inspectState', '检验状态', INSPECT_STATE_LABEL),
  ];
}

/**
 * The columns of an elevator list. A filter the page fixes is not offered in the search form, where
 * choosing it would do nothing.
 */
export function useElevatorListColumns(
  keys: ElevatorColumnKey[],
  actions?: { width: number; render: (row: ElevatorRow) => ReactNode[] },
  fixedQuery?: ElevatorQuery,
): ProColumns<ElevatorRow>[] {
  const all = useElevatorColumns(keys, actions);
  return fixedQuery ? all.filter((c) => !(String(c.dataIndex) in fixedQuery && c.hideInTable)) : all;
}

/**
 * A claim records list's props: all of them (queryHistoryList, filters state / type / code) or the
 * ones awaiting review (queryClaimElevatorList), of one claim type when given.
 */
export function claimRecordList(source: 'history' | 'pending', claimType?: ClaimType) {
  return {
    call: source === 'pending' ? elevatorCalls.queryClaimElevatorList : claimCalls.queryHistoryList,
    params: claimType ? { claimType } : undefined,
    queryKey: elevatorKeys.claimLists,
    toQuery: (values: SearchValues) => toClaimQuery(values) as SearchValues,
    selectionLabel: (n: number) => `已选择 ${n} 条记录`,
    emptyText: source === 'pending' ? '暂无待审核的认领' : '暂无认领记录',
  };
}

export type ClaimTableContext = TableContext<ClaimRecord>;

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

/** 导出 and 导出（含技术参数） of an elevator list: the rows as filtered and sorted. */
export const ELEVATOR_EXPORTS = [
  { call: elevatorCalls.export, permission: 'elevator:export' },
  { call: elevatorCalls.exportExcel, label: '导出（含技术参数）', permission: 'elevator:export' },
];
