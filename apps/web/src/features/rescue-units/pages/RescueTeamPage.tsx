import type { ProColumns } from '@ant-design/pro-components';
import { type RescueTeamRow, rescueUnitCalls } from '@ec/contract';
import { App, Popconfirm } from 'antd';
import { useState } from 'react';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { call } from '../../../lib/api.ts';
import { TeamForm } from '../forms.tsx';
import { unitKeys, useInvalidateUnits, useUnitOptions } from '../queries.ts';
import { useUnitRights } from '../rights.ts';

/** 救援队伍管理 (jiuYuanDui): the rescue units' teams. */
export default function RescueTeamPage() {
  const rights = useUnitRights();
  const units = useUnitOptions();
  const invalidate = useInvalidateUnits();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<{ team: RescueTeamRow | null } | null>(null);
  const canAdd = rights.editUnits || rights.ownUnit !== null;
  const columns: ProColumns<RescueTeamRow>[] = [
    {
      title: '救援单位',
      dataIndex: 'unitId',
      valueType: 'select',
      fieldProps: { options: units.data ?? [], showSearch: true, optionFilterProp: 'label' },
      render: (_, r) => r.unitName,
      width: 220,
    },
    {
      title: '关键字',
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '队伍名称或队长' },
    },
    { title: '队伍名称', dataIndex: 'name', search: false },
    { title: '队长', dataIndex: 'leaderName', search: false, render: (_, r) => r.leaderName ?? '—' },
    { title: '联系电话', dataIndex: 'phone', search: false, render: (_, r) => r.phone ?? '—' },
    { title: '人员', dataIndex: 'staffCount', search: false, width: 70 },
    { title: '车辆', dataIndex: 'vehicles', search: false, width: 70 },
    { title: '驻点地址', dataIndex: 'address', search: false, render: (_, r) => r.address ?? '—' },
    actionColumn<RescueTeamRow>(120, (r) =>
      rights.editMembers(r.unitId) ? (
        <>
          <RowAction onClick={() => setEditing({ team: r })}>编辑</RowAction>
          <Popconfirm
            title={`删除队伍 ${r.name}？`}
            onConfirm={async () => {
              await call(rescueUnitCalls.teamDelete, { ids: [r.id] });
              message.success('已删除');
              await invalidate();
            }}
          >
            <RowAction danger>删除</RowAction>
          </Popconfirm>
        </>
      ) : (
        '—'
      ),
    ),
  ];
  return (
    <>
      <ContractTable<RescueTeamRow>
        call={rescueUnitCalls.teamList}
        queryKey={unitKeys.teams}
        columns={columns}
        testId="rescue-teams"
        add={canAdd ? { label: '新增救援队伍', onClick: () => setEditing({ team: null }) } : false}
      />
      {editing && (
        <TeamForm
          team={editing.team}
          unitId={rights.editUnits ? undefined : (rights.ownUnit ?? undefined)}
          onClose={() => setEditing(null)}
          onSaved={() => void invalidate()}
        />
      )}
    </>
  );
}
