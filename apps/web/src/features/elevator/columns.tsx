import type { ProColumns } from '@ant-design/pro-components';
import {
  CLAIM_RECORD_STATE_LABEL,
  CLAIM_STATE_LABEL,
  type ClaimRecord,
  ELEVATOR_TYPES,
  type ElevatorRow,
  INSPECT_STATE_LABEL,
  inspectStateOf,
  shanghaiToday,
  USE_STATUS,
} from '@ec/contract';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { AreaCascader, DictSelect, useDictLabel } from '../../components/index.ts';
import { actionColumn, RowAction } from '../../components/RowAction.tsx';
import { CLAIM_RECORD_COLOR, CLAIM_TYPE_LABEL, ELEVATOR_CLAIM_COLOR } from './model.ts';
import { useCompanyOptions } from './queries.ts';

/**
 * The columns and search fields every elevator list shares. A page names the ones it shows, in
 * order; the search form follows the same list (search-only fields included).
 */
export type ElevatorColumnKey =
  | 'registerCode'
  | 'deviceCode'
  | 'useCertNo'
  | 'rescueCode'
  | 'keyword'
  | 'name'
  | 'type'
  | 'area'
  | 'address'
  | 'useCompany'
  | 'maintenanceCompany'
  | 'maintenanceClaimState'
  | 'useClaimState'
  | 'useOccasion'
  | 'useStatus'
  | 'status'
  | 'nextInspectDate'
  | 'createTime';

/*
 * Column order is importance: at 1440 px the first columns are on screen beside the fixed 操作
 * column (the registry's identity, place, companies and next inspection), the rest scroll into view.
 * The search form follows the same order (search-only fields included).
 */

/** The registry's full set (电梯管理). */
export const MANAGEMENT_COLUMNS: ElevatorColumnKey[] = [
  'registerCode',
  'address',
  'useCompany',
  'maintenanceCompany',
  'nextInspectDate',
  'status',
  'maintenanceClaimState',
  'area',
  'keyword',
  'name',
  'type',
  'rescueCode',
  'deviceCode',
  'useCertNo',
  'useOccasion',
  'useStatus',
  'createTime',
];

/** Read-only ledgers (电梯台账, 我的电梯). */
export const LEDGER_COLUMNS: ElevatorColumnKey[] = [
  'registerCode',
  'address',
  'useCompany',
  'maintenanceCompany',
  'nextInspectDate',
  'area',
  'keyword',
  'name',
  'type',
  'rescueCode',
  'deviceCode',
  'useCertNo',
  'useOccasion',
  'useStatus',
];

/** Claim pages: identifiers, place and the claim state of the claim type. */
export const claimColumns = (type: 'maintenance' | 'use'): ElevatorColumnKey[] => [
  'registerCode',
  'address',
  type === 'maintenance' ? 'useCompany' : 'maintenanceCompany',
  type === 'maintenance' ? 'maintenanceClaimState' : 'useClaimState',
  'nextInspectDate',
  'area',
  'keyword',
  'name',
  'type',
  'rescueCode',
  'deviceCode',
];

const claimStateEnum = Object.fromEntries(
  Object.entries(CLAIM_STATE_LABEL).map(([k, text]) => [k, { text }]),
) as Record<string, { text: string }>;

export const claimStateTag = (state: number) => (
  <Tag color={ELEVATOR_CLAIM_COLOR[state] ?? 'default'}>{CLAIM_STATE_LABEL[state] ?? state}</Tag>
);

export const claimRecordStateTag = (state: number) => (
  <Tag color={CLAIM_RECORD_COLOR[state] ?? 'default'}>{CLAIM_RECORD_STATE_LABEL[state] ?? state}</Tag>
);

/** 超期未检 (red) or 即将到期 (orange) beside a lift's next inspection date; nothing otherwise. */
export function inspectTag(e: { nextInspectDate: string | null; useStatus: number }) {
  const state = inspectStateOf(e, shanghaiToday());
  if (!state) return null;
  return (
    <Tag color={state === 'overdue' ? 'red' : 'orange'} data-testid={`inspect-${state}`}>
      {INSPECT_STATE_LABEL[state]}
    </Tag>
  );
}

/** The next inspection date with its tag. */
export const nextInspectText = (e: { nextInspectDate: string | null; useStatus: number }) =>
  e.nextInspectDate ? (
    <span style={{ whiteSpace: 'nowrap' }}>
      {e.nextInspectDate}
      {inspectTag(e) && <span style={{ marginInlineStart: 6 }}>{inspectTag(e)}</span>}
    </span>
  ) : (
    '—'
  );

export const textOrDash = (v: ReactNode) => (v === null || v === undefined || v === '' ? '—' : v);

export function useElevatorColumns(
  keys: ElevatorColumnKey[],
  actions?: { width: number; render: (row: ElevatorRow) => ReactNode[] },
): ProColumns<ElevatorRow>[] {
  const occasionLabel = useDictLabel('use_occasion');
  const needsCompanies = (k: ElevatorColumnKey) => keys.includes(k);
  const maintenance = useCompanyOptions('maintenance', needsCompanies('maintenanceCompany'));
  const use = useCompanyOptions('use', needsCompanies('useCompany'));
  const companySelect = (options: { label: string; value: number }[] | undefined, loading: boolean) => ({
    options: options ?? [],
    loading,
    showSearch: true,
    optionFilterProp: 'label',
    placeholder: '请选择',
  });

  const all: Record<ElevatorColumnKey, ProColumns<ElevatorRow>[]> = {
    registerCode: [
      {
        title: '注册代码',
        dataIndex: 'registerCode',
        key: 'registerCode',
        sorter: true,
        width: 200,
        copyable: true,
        fieldProps: { placeholder: '完整代码或前缀' },
      },
    ],
    deviceCode: [
      { title: '设备代码', dataIndex: 'deviceCode', key: 'deviceCode', width: 180, ellipsis: true },
    ],
    useCertNo: [
      { title: '使用登记证编号', dataIndex: 'useCertNo', key: 'useCertNo', width: 170, ellipsis: true },
    ],
    rescueCode: [{ title: '救援识别码', dataIndex: 'rescueCode', key: 'rescueCode', width: 100 }],
    keyword: [
      {
        title: '关键字',
        dataIndex: 'keyword',
        key: 'keyword',
        hideInTable: true,
        fieldProps: { placeholder: '地址、小区或电梯名称' },
      },
    ],
    name: [
      { title: '电梯名称', dataIndex: 'name', key: 'name', hideInSearch: true, width: 140, ellipsis: true },
    ],
    type: [
      {
        title: '电梯类型',
        dataIndex: 'type',
        key: 'type',
        width: 90,
        valueType: 'select',
        valueEnum: ELEVATOR_TYPES,
      },
    ],
    area: [
      {
        title: '区域',
        dataIndex: 'areaName',
        key: 'areaCode',
        sorter: true,
        hideInSearch: true,
        width: 100,
        render: (_, r) => r.areaName ?? r.areaCode,
      },
      {
        title: '区域',
        dataIndex: 'area',
        key: 'area',
        hideInTable: true,
        renderFormItem: () => <AreaCascader />,
      },
    ],
    address: [
      {
        title: '地址',
        dataIndex: 'address',
        key: 'address',
        hideInSearch: true,
        ellipsis: true,
      },
    ],
    useCompany: [
      {
        title: '使用单位',
        dataIndex: 'useCompanyName',
        key: 'useCompanyName',
        hideInSearch: true,
        ellipsis: true,
      },
      {
        title: '使用单位',
        dataIndex: 'useCompanyId',
        key: 'useCompanyId',
        hideInTable: true,
        valueType: 'select',
        fieldProps: companySelect(use.data, use.isLoading),
      },
    ],
    maintenanceCompany: [
      {
        title: '维保单位',
        dataIndex: 'maintenanceCompanyName',
        key: 'maintenanceCompanyName',
        hideInSearch: true,
        ellipsis: true,
      },
      {
        title: '维保单位',
        dataIndex: 'maintenanceCompanyId',
        key: 'maintenanceCompanyId',
        hideInTable: true,
        valueType: 'select',
        fieldProps: companySelect(maintenance.data, maintenance.isLoading),
      },
    ],
    maintenanceClaimState: [
      {
        title: needsCompanies('useClaimState') ? '维保认领' : '认领状态',
        dataIndex: 'maintenanceClaimState',
        key: 'maintenanceClaimState',
        width: 100,
        valueType: 'select',
        valueEnum: claimStateEnum,
        render: (_, r) => claimStateTag(r.maintenanceClaimState),
      },
    ],
    useClaimState: [
      {
        title: needsCompanies('maintenanceClaimState') ? '使用认领' : '认领状态',
        dataIndex: 'useClaimState',
        key: 'useClaimState',
        width: 100,
        valueType: 'select',
        valueEnum: claimStateEnum,
        render: (_, r) => claimStateTag(r.useClaimState),
      },
    ],
    useOccasion: [
      {
        title: '使用场所',
        dataIndex: 'useOccasion',
        key: 'useOccasion',
        width: 100,
        renderFormItem: () => <DictSelect code="use_occasion" />,
        render: (_, r) => textOrDash(occasionLabel(r.useOccasion)),
      },
    ],
    useStatus: [
      {
        title: '使用状态',
        dataIndex: 'useStatus',
        key: 'useStatus',
        width: 90,
        valueType: 'select',
        valueEnum: {
          1: { text: USE_STATUS[1], status: 'Success' },
          2: { text: USE_STATUS[2], status: 'Warning' },
          3: { text: USE_STATUS[3], status: 'Default' },
        },
      },
    ],
    status: [
      {
        title: '启用状态',
        dataIndex: 'status',
        key: 'status',
        width: 90,
        valueType: 'select',
        valueEnum: { 1: { text: '启用', status: 'Processing' }, 0: { text: '停用', status: 'Error' } },
      },
    ],
    nextInspectDate: [
      {
        title: '下次检验日期',
        dataIndex: 'nextInspectDate',
        key: 'nextInspectDate',
        sorter: true,
        hideInSearch: true,
        width: 190,
        render: (_, r) => nextInspectText(r),
      },
      {
        title: '下次检验日期',
        dataIndex: 'nextInspect',
        key: 'nextInspect',
        valueType: 'dateRange',
        hideInTable: true,
      },
      {
        title: '检验状态',
        dataIndex: 'inspectState',
        key: 'inspectState',
        valueType: 'select',
        valueEnum: {
          overdue: { text: INSPECT_STATE_LABEL.overdue, status: 'Error' },
          due: { text: INSPECT_STATE_LABEL.due, status: 'Warning' },
        },
        hideInTable: true,
      },
    ],
    createTime: [
      {
        title: '创建时间',
        dataIndex: 'createTime',
        key: 'createTime',
        sorter: true,
        hideInSearch: true,
        width: 170,
      },
    ],
  };

  const columns = keys.flatMap((k) => all[k]);
  if (actions) {
    columns.push(actionColumn(actions.width, (row) => actions.render(row)));
  }
  return columns;
}

/** Columns of claim records (认领记录, 认领审核, 监管认领管理). */
export function claimRecordColumns(options: {
  /** Show the claim type (lists that mix maintenance and use claims). */
  withType?: boolean;
  /** Offer the state as a search field. */
  searchState?: boolean;
  actions?: { width: number; render: (row: ClaimRecord) => ReactNode[] };
}): ProColumns<ClaimRecord>[] {
  const columns: ProColumns<ClaimRecord>[] = [
    {
      title: '注册代码',
      dataIndex: 'registerCode',
      key: 'registerCode',
      width: 200,
      copyable: true,
      fieldProps: { placeholder: '完整代码或前缀' },
    },
    {
      title: '电梯名称',
      dataIndex: 'elevatorName',
      key: 'elevatorName',
      hideInSearch: true,
      width: 140,
      ellipsis: true,
    },
    { title: '地址', dataIndex: 'address', key: 'address', hideInSearch: true, width: 240, ellipsis: true },
    {
      title: '认领类型',
      dataIndex: 'claimType',
      key: 'claimType',
      width: 100,
      valueType: 'select',
      valueEnum: CLAIM_TYPE_LABEL,
      hideInTable: !options.withType,
      hideInSearch: !options.withType,
    },
    {
      title: '认领单位',
      dataIndex: 'companyName',
      key: 'companyName',
      hideInSearch: true,
      width: 200,
      ellipsis: true,
    },
    {
      title: '状态',
      dataIndex: 'state',
      key: 'state',
      width: 110,
      valueType: 'select',
      valueEnum: Object.fromEntries(
        Object.entries(CLAIM_RECORD_STATE_LABEL).map(([k, text]) => [k, { text }]),
      ) as Record<string, { text: string }>,
      hideInSearch: !options.searchState,
      render: (_, r) => claimRecordStateTag(r.state),
    },
    {
      title: '审核意见',
      dataIndex: 'auditDescription',
      key: 'auditDescription',
      hideInSearch: true,
      width: 200,
      ellipsis: true,
      render: (_, r) => textOrDash(r.auditDescription),
    },
    { title: '提交时间', dataIndex: 'submitTime', key: 'submitTime', hideInSearch: true, width: 170 },
    {
      title: '办结时间',
      dataIndex: 'decideTime',
      key: 'decideTime',
      hideInSearch: true,
      width: 170,
      render: (_, r) => textOrDash(r.decideTime),
    },
  ];
  if (options.actions) {
    const { width, render } = options.actions;
    columns.push(actionColumn(width, (row) => render(row)));
  }
  return columns;
}

/** The 审核历史 row action of a claim records list: opens the claim's history. */
export const claimHistoryAction = (open: (claimId: number) => void) => ({
  width: 80,
  render: (row: ClaimRecord) => [
    <RowAction key="history" onClick={() => open(row.id)}>
      审核历史
    </RowAction>,
  ],
});
