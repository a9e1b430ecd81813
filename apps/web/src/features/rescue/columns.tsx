import type { ProColumns } from '@ant-design/pro-components';
import type { RescueCaseRow } from '@ec/contract';
import { Tag } from 'antd';
import { AreaCascader } from '../../components/AreaCascader.tsx';
import type { SearchValues } from '../../components/ContractTable.tsx';
import { RowAction } from '../../components/RowAction.tsx';
import { splitRange, toInput } from '../../components/table-input.ts';
import { dash, formatDateTime } from '../../lib/format.ts';
import { CaseState } from './CaseFacts.tsx';
import { KIND_ENUM, LEVEL_ENUM, minutesText, SOURCE_ENUM, STATE_ENUM, YES_NO_ENUM } from './labels.ts';

/** The search form → orderList's input: the date range split, the area's last code. */
export const toCaseQuery = (values: SearchValues): SearchValues =>
  toInput(splitRange(values, 'dateRange', 'dateFrom', 'dateTo'));

const at = (v: string | null) => (v ? formatDateTime(v) : '—');

/** The case list's filters and columns (工单号 opens the detail). */
export function caseColumns(open: (id: number) => void): ProColumns<RescueCaseRow>[] {
  return [
    {
      title: '关键字',
      dataIndex: 'keyword',
      key: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '工单号、注册代码、救援识别码、来电号码或地址' },
    },
    {
      title: '工单号',
      dataIndex: 'caseNo',
      key: 'caseNo',
      hideInSearch: true,
      width: 170,
      render: (_, r) => (
        <RowAction data-testid="case-link" onClick={() => open(r.id)}>
          {r.caseNo}
        </RowAction>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      valueType: 'select',
      valueEnum: STATE_ENUM,
      width: 100,
      render: (_, r) => <CaseState status={r.status} label={r.statusLabel} />,
    },
    {
      title: '类型',
      dataIndex: 'kind',
      key: 'kind',
      valueType: 'select',
      valueEnum: KIND_ENUM,
      width: 100,
      render: (_, r) => r.kindLabel,
    },
    {
      title: '地址',
      dataIndex: 'address',
      key: 'address',
      hideInSearch: true,
      render: (_, r) => dash(r.address),
    },
    {
      title: '报警时间',
      dataIndex: 'alarmAt',
      key: 'alarmAt',
      hideInSearch: true,
      width: 170,
      render: (_, r) => at(r.alarmAt),
    },
    {
      title: '到达用时',
      dataIndex: 'arrivalMinutes',
      key: 'arrivalMinutes',
      hideInSearch: true,
      width: 120,
      render: (_, r) => (
        <>
          {minutesText(r.arrivalMinutes)} {r.overtime && <Tag color="red">超时</Tag>}
        </>
      ),
    },
    {
      title: '被困/解救',
      dataIndex: 'trapped',
      key: 'trapped',
      hideInSearch: true,
      width: 100,
      render: (_, r) => `${r.trapped} / ${r.freed ?? '—'}`,
    },
    {
      title: '来源',
      dataIndex: 'source',
      key: 'source',
      valueType: 'select',
      valueEnum: SOURCE_ENUM,
      width: 100,
      render: (_, r) => r.sourceLabel,
    },
    {
      title: '响应级别',
      dataIndex: 'level',
      key: 'level',
      valueType: 'select',
      valueEnum: LEVEL_ENUM,
      width: 170,
      render: (_, r) => r.levelLabel,
    },
    {
      title: '区域',
      dataIndex: 'areaCode',
      key: 'areaCode',
      hideInTable: true,
      renderFormItem: () => <AreaCascader />,
    },
    { title: '月份', dataIndex: 'month', key: 'month', valueType: 'dateMonth', hideInTable: true },
    {
      title: '报警日期',
      dataIndex: 'dateRange',
      key: 'dateRange',
      valueType: 'dateRange',
      hideInTable: true,
    },
    {
      title: '到达超时',
      dataIndex: 'overtime',
      key: 'overtime',
      valueType: 'select',
      valueEnum: YES_NO_ENUM,
      hideInTable: true,
    },
    {
      title: '区域',
      dataIndex: 'areaName',
      key: 'areaName',
      hideInSearch: true,
      width: 100,
      render: (_, r) => dash(r.areaName),
    },
    {
      title: '响应用时',
      dataIndex: 'responseMinutes',
      key: 'responseMinutes',
      hideInSearch: true,
      width: 110,
      render: (_, r) => minutesText(r.responseMinutes),
    },
    {
      title: '救援用时',
      dataIndex: 'rescueMinutes',
      key: 'rescueMinutes',
      hideInSearch: true,
      width: 110,
      render: (_, r) => minutesText(r.rescueMinutes),
    },
    {
      title: '承办单位',
      dataIndex: 'assigneeName',
      key: 'assigneeName',
      hideInSearch: true,
      render: (_, r) => dash(r.assigneeName ?? r.maintenanceCompanyName),
    },
    {
      title: '来电号码',
      dataIndex: 'callerPhone',
      key: 'callerPhone',
      hideInSearch: true,
      render: (_, r) => dash(r.callerPhone),
    },
    {
      title: '困人原因',
      dataIndex: 'causeLabel',
      key: 'causeLabel',
      hideInSearch: true,
      render: (_, r) => dash(r.causeLabel),
    },
    {
      title: '关闭时间',
      dataIndex: 'closedAt',
      key: 'closedAt',
      hideInSearch: true,
      width: 170,
      render: (_, r) => at(r.closedAt),
    },
    {
      title: '坐席',
      dataIndex: 'agentName',
      key: 'agentName',
      hideInSearch: true,
      width: 100,
      render: (_, r) => dash(r.agentName),
    },
  ];
}
