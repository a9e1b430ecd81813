import type { ProColumns } from '@ant-design/pro-components';
import { type RescueUnitDetail, type RescueUnitRow, rescueUnitCalls } from '@ec/contract';
import { Tag } from 'antd';
import { useState } from 'react';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { call } from '../../../lib/api.ts';
import { UnitForm } from '../forms.tsx';
import { unitKeys, useInvalidateUnits } from '../queries.ts';
import { districtOptions, useUnitRights } from '../rights.ts';
import { UnitDrawer } from '../UnitDrawer.tsx';

/** 救援单位: the rescue units with their staff, teams, grids and open cases; the detail edits them. */
export default function RescueUnitPage() {
  const rights = useUnitRights();
  const invalidate = useInvalidateUnits();
  const [viewing, setViewing] = useState<number | null>(null);
  const [editing, setEditing] = useState<{ unit: RescueUnitDetail | null } | null>(null);
  const columns: ProColumns<RescueUnitRow>[] = [
    {
      title: '关键字',
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '单位名称或地址' },
    },
    {
      title: '所属区域',
      dataIndex: 'areaCode',
      valueType: 'select',
      fieldProps: { options: districtOptions },
      render: (_, r) => r.areaName ?? '—',
    },
    { title: '单位名称', dataIndex: 'name', search: false, width: 240 },
    { title: '联系人', dataIndex: 'contactName', search: false, render: (_, r) => r.contactName ?? '—' },
    { title: '值班电话', dataIndex: 'contactPhone', search: false, render: (_, r) => r.contactPhone ?? '—' },
    { title: '队伍', dataIndex: 'teamCount', search: false, width: 70 },
    { title: '人员', dataIndex: 'staffCount', search: false, width: 70 },
    { title: '网格', dataIndex: 'gridCount', search: false, width: 70 },
    {
      title: '进行中工单',
      dataIndex: 'openCases',
      search: false,
      width: 100,
      render: (_, r) => (r.openCases > 0 ? <Tag color="red">{r.openCases}</Tag> : 0),
    },
    actionColumn<RescueUnitRow>(130, (r) => (
      <>
        <RowAction onClick={() => setViewing(r.id)}>详情</RowAction>
        {rights.editUnits && (
          <RowAction
            onClick={async () => setEditing({ unit: await call(rescueUnitCalls.unitDetail, { id: r.id }) })}
          >
            编辑
          </RowAction>
        )}
      </>
    )),
  ];
  return (
    <>
      <ContractTable<RescueUnitRow>
        call={rescueUnitCalls.unitList}
        queryKey={unitKeys.units}
        columns={columns}
        testId="rescue-units"
        add={rights.editUnits ? { label: '新增救援单位', onClick: () => setEditing({ unit: null }) } : false}
      />
      <UnitDrawer unitId={viewing} onClose={() => setViewing(null)} />
      {editing && (
        <UnitForm
          unit={editing.unit}
          onClose={() => setEditing(null)}
          onSaved={() => {
            void invalidate();
          }}
        />
      )}
    </>
  );
}
