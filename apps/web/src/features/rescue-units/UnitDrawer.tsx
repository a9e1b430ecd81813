import { type RescueStaffRow, type RescueTeamRow, rescueUnitCalls } from '@ec/contract';
import { App, Button, Descriptions, Drawer, Popconfirm, Space, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { call } from '../../lib/api.ts';
import { StaffForm, TeamForm } from './forms.tsx';
import { useInvalidateUnits, useUnitDetail } from './queries.ts';
import { RosterEditor } from './RosterEditor.tsx';
import { useUnitRights } from './rights.ts';

/** A rescue unit's detail: its facts, staff, teams, duty roster and grids. */
export function UnitDrawer({ unitId, onClose }: { unitId: number | null; onClose: () => void }) {
  const detail = useUnitDetail(unitId);
  const rights = useUnitRights();
  const invalidate = useInvalidateUnits();
  const { message } = App.useApp();
  const [team, setTeam] = useState<{ row: RescueTeamRow | null } | null>(null);
  const [staff, setStaff] = useState<{ row: RescueStaffRow | null } | null>(null);
  const unit = detail.data;
  const editable = unit ? rights.editMembers(unit.id) : false;
  const remove = async (kind: 'team' | 'staff', id: number) => {
    await call(kind === 'team' ? rescueUnitCalls.teamDelete : rescueUnitCalls.staffDelete, { ids: [id] });
    message.success('已删除');
    await invalidate();
  };
  return (
    <Drawer
      open={unitId !== null}
      width={880}
      title={unit ? unit.name : '救援单位'}
      onClose={onClose}
      destroyOnHidden
      data-testid="unit-drawer"
    >
      {unit && (
        <Tabs
          items={[
            {
              key: 'info',
              label: '基本信息',
              children: (
                <Descriptions column={2} bordered size="small">
                  <Descriptions.Item label="单位名称" span={2}>
                    {unit.name}
                  </Descriptions.Item>
                  <Descriptions.Item label="统一社会信用代码">{unit.creditCode ?? '—'}</Descriptions.Item>
                  <Descriptions.Item label="所属区域">{unit.areaName ?? '—'}</Descriptions.Item>
                  <Descriptions.Item label="地址" span={2}>
                    {unit.address ?? '—'}
                  </Descriptions.Item>
                  <Descriptions.Item label="联系人">{unit.contactName ?? '—'}</Descriptions.Item>
                  <Descriptions.Item label="值班电话">{unit.contactPhone ?? '—'}</Descriptions.Item>
                  <Descriptions.Item label="队伍 / 人员">
                    {unit.teamCount} 支 / {unit.staffCount} 人
                  </Descriptions.Item>
                  <Descriptions.Item label="进行中工单">
                    {unit.openCases > 0 ? <Tag color="red">{unit.openCases}</Tag> : 0}
                  </Descriptions.Item>
                </Descriptions>
              ),
            },
            {
              key: 'staff',
              label: `救援人员（${unit.staff.length}）`,
              children: (
                <>
                  {editable && (
                    <Button
                      type="primary"
                      style={{ marginBottom: 12 }}
                      onClick={() => setStaff({ row: null })}
                    >
                      新增人员
                    </Button>
                  )}
                  <Table
                    size="small"
                    rowKey="id"
                    pagination={false}
                    dataSource={unit.staff}
                    columns={[
                      { title: '姓名', dataIndex: 'name' },
                      { title: '手机号', dataIndex: 'phone' },
                      { title: '队伍', dataIndex: 'teamName', render: (v) => v ?? '—' },
                      { title: '岗位', dataIndex: 'position', render: (v) => v ?? '—' },
                      { title: '登录账号', dataIndex: 'username', render: (v) => v ?? '—' },
                      {
                        title: '状态',
                        dataIndex: 'enabled',
                        render: (v: boolean) => (v ? <Tag color="green">在岗</Tag> : <Tag>停用</Tag>),
                      },
                      ...(editable
                        ? [
                            {
                              title: '操作',
                              key: 'op',
                              render: (_: unknown, r: RescueStaffRow) => (
                                <Space>
                                  <Button size="small" type="link" onClick={() => setStaff({ row: r })}>
                                    编辑
                                  </Button>
                                  <Popconfirm
                                    title={`删除人员 ${r.name}？`}
                                    onConfirm={() => remove('staff', r.id)}
                                  >
                                    <Button size="small" type="link" danger>
                                      删除
                                    </Button>
                                  </Popconfirm>
                                </Space>
                              ),
                            },
                          ]
                        : []),
                    ]}
                  />
                </>
              ),
            },
            {
              key: 'teams',
              label: `救援队伍（${unit.teams.length}）`,
              children: (
                <>
                  {editable && (
                    <Button
                      type="primary"
                      style={{ marginBottom: 12 }}
                      onClick={() => setTeam({ row: null })}
                    >
                      新增队伍
                    </Button>
                  )}
                  <Table
                    size="small"
                    rowKey="id"
                    pagination={false}
                    dataSource={unit.teams}
                    columns={[
                      { title: '队伍名称', dataIndex: 'name' },
                      { title: '队长', dataIndex: 'leaderName', render: (v) => v ?? '—' },
                      { title: '联系电话', dataIndex: 'phone', render: (v) => v ?? '—' },
                      { title: '人员', dataIndex: 'staffCount' },
                      { title: '车辆', dataIndex: 'vehicles' },
                      ...(editable
                        ? [
                            {
                              title: '操作',
                              key: 'op',
                              render: (_: unknown, r: RescueTeamRow) => (
                                <Space>
                                  <Button size="small" type="link" onClick={() => setTeam({ row: r })}>
                                    编辑
                                  </Button>
                                  <Popconfirm
                                    title={`删除队伍 ${r.name}？`}
                                    onConfirm={() => remove('team', r.id)}
                                  >
                                    <Button size="small" type="link" danger>
                                      删除
                                    </Button>
                                  </Popconfirm>
                                </Space>
                              ),
                            },
                          ]
                        : []),
                    ]}
                  />
                </>
              ),
            },
            {
              key: 'roster',
              label: '值班表',
              children: <RosterEditor unitId={unit.id} editable={editable} />,
            },
            {
              key: 'grids',
              label: `救援网格（${unit.grids.length}）`,
              children: (
                <Table
                  size="small"
                  rowKey="id"
                  pagination={false}
                  dataSource={unit.grids}
                  columns={[
                    { title: '网格名称', dataIndex: 'name' },
                    { title: '所在区域', dataIndex: 'areaName', render: (v) => v ?? '—' },
                    { title: '顶点数', key: 'n', render: (_: unknown, g) => g.ring.length },
                    { title: '创建时间', dataIndex: 'createTime' },
                  ]}
                />
              ),
            },
          ]}
        />
      )}
      {unit && team && (
        <TeamForm
          team={team.row}
          unitId={unit.id}
          onClose={() => setTeam(null)}
          onSaved={() => void invalidate()}
        />
      )}
      {unit && staff && (
        <StaffForm
          staff={staff.row}
          unit={unit}
          onClose={() => setStaff(null)}
          onSaved={() => void invalidate()}
        />
      )}
    </Drawer>
  );
}
