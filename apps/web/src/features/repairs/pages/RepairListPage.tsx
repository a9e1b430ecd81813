import type { ProColumns } from '@ant-design/pro-components';
import {
  RESCUE_PERMISSIONS as P,
  REPAIR_SOURCE_LABEL,
  REPAIR_STATE_LABEL,
  type RepairRow,
  repairCalls,
} from '@ec/contract';
import { useState } from 'react';
import { AreaCascader } from '../../../components/AreaCascader.tsx';
import { ContractTable, type SearchValues } from '../../../components/ContractTable.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { splitRange, toInput } from '../../../components/table-input.ts';
import { dash } from '../../../lib/format.ts';
import { repairKeys, useRepairHitchTypes } from '../queries.ts';
import { RepairDialog } from '../RepairDialog.tsx';
import { RepairDrawer, RepairState } from '../RepairDrawer.tsx';

const enumOf = (labels: Record<number, string>) =>
  Object.fromEntries(Object.entries(labels).map(([k, text]) => [k, { text }]));

const toQuery = (values: SearchValues): SearchValues =>
  toInput(splitRange(values, 'dateRange', 'dateFrom', 'dateTo'));

/**
 * 维修记录 (故障报修, the registry's 'repairs' page): the repairs of the user's scope — a regulator's
 * districts, a company's or use unit's lifts, the whole city for the call centre — with their fault
 * type and state; a row opens its detail (受理 / 完成 for those who handle it); 故障报修 reports one.
 */
export default function RepairListPage() {
  const [open, setOpen] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const hitchTypes = useRepairHitchTypes();
  const hitchEnum = Object.fromEntries((hitchTypes.data ?? []).map((h) => [h.value, { text: h.label }]));
  const columns: ProColumns<RepairRow>[] = [
    {
      title: '关键字',
      dataIndex: 'keyword',
      key: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '报修单号、注册代码或报修电话' },
    },
    {
      title: '报修单号',
      dataIndex: 'repairNo',
      key: 'repairNo',
      hideInSearch: true,
      width: 190,
      render: (_, r) => (
        <RowAction data-testid="repair-link" onClick={() => setOpen(r.id)}>
          {r.repairNo}
        </RowAction>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      valueType: 'select',
      valueEnum: enumOf(REPAIR_STATE_LABEL),
      width: 90,
      render: (_, r) => <RepairState r={r} />,
    },
    {
      title: '故障类型',
      dataIndex: 'hitchType',
      key: 'hitchType',
      valueType: 'select',
      valueEnum: hitchEnum,
      width: 130,
      render: (_, r) => r.hitchTypeLabel,
    },
    { title: '注册代码', dataIndex: 'registerCode', key: 'registerCode', hideInSearch: true, width: 200 },
    {
      title: '地址',
      dataIndex: 'address',
      key: 'address',
      hideInSearch: true,
      ellipsis: true,
      render: (_, r) => dash(r.address),
    },
    {
      title: '故障描述',
      dataIndex: 'description',
      key: 'description',
      hideInSearch: true,
      ellipsis: true,
      render: (_, r) => dash(r.description),
    },
    {
      title: '来源',
      dataIndex: 'source',
      key: 'source',
      valueType: 'select',
      valueEnum: enumOf(REPAIR_SOURCE_LABEL),
      width: 90,
      render: (_, r) => r.sourceLabel,
    },
    {
      title: '维保单位',
      dataIndex: 'maintenanceCompanyName',
      key: 'maintenanceCompanyName',
      hideInSearch: true,
      width: 180,
      ellipsis: true,
      render: (_, r) => dash(r.maintenanceCompanyName),
    },
    {
      title: '使用单位',
      dataIndex: 'useCompanyName',
      key: 'useCompanyName',
      hideInSearch: true,
      width: 180,
      ellipsis: true,
      render: (_, r) => dash(r.useCompanyName),
    },
    { title: '报修时间', dataIndex: 'createTime', key: 'createTime', hideInSearch: true, width: 170 },
    {
      title: '区域',
      dataIndex: 'areaCode',
      key: 'areaCode',
      hideInTable: true,
      renderFormItem: () => <AreaCascader />,
    },
    {
      title: '报修日期',
      dataIndex: 'dateRange',
      key: 'dateRange',
      valueType: 'dateRange',
      hideInTable: true,
    },
    actionColumn<RepairRow>(70, (r) => (
      <RowAction key="detail" onClick={() => setOpen(r.id)}>
        详情
      </RowAction>
    )),
  ];
  return (
    <>
      <ContractTable<RepairRow>
        testId="repair-list"
        call={repairCalls.queryPage}
        queryKey={repairKeys.list}
        columns={columns}
        toQuery={toQuery}
        hiddenColumns={['useCompanyName', 'description']}
        add={{ label: '故障报修', onClick: () => setAdding(true), permission: P.repairEdit }}
        exports={[{ call: repairCalls.export, permission: P.repairList, unsorted: true }]}
        emptyText="暂无报修记录"
      />
      {adding && (
        <RepairDialog
          onClose={(saved) => {
            setAdding(false);
            if (saved) setOpen(saved.id);
          }}
        />
      )}
      <RepairDrawer id={open} onClose={() => setOpen(null)} />
    </>
  );
}
