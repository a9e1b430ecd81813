import { addDays, DUTY_SHIFT_LABEL, mondayOf, rescueUnitCalls, shanghaiToday } from '@ec/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { call } from '../../lib/api.ts';
import { unitKeys } from './queries.ts';

const WEEKDAYS = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'];
const SHIFTS = [1, 2] as const;

/**
 * 值班表: a week of a unit's roster, one row a day, who is on 白班 (08–20) and 夜班 (20–次日08).
 * An editor changes a day's shift at once (the server adds and removes so that it is exactly that).
 */
export function RosterEditor({ unitId, editable }: { unitId: number; editable: boolean }) {
  const [weekStart, setWeekStart] = useState(() => mondayOf(shanghaiToday()));
  const client = useQueryClient();
  const { message } = App.useApp();
  const week = useQuery({
    queryKey: unitKeys.week(unitId, weekStart),
    queryFn: ({ signal }) => call(rescueUnitCalls.dutyWeek, { unitId, weekStart }, { signal }),
  });
  const data = week.data;
  const onShift = (day: string, shift: number) =>
    (data?.entries ?? []).filter((e) => e.day === day && e.shift === shift);
  const setShift = async (day: string, shift: number, staffIds: number[]) => {
    try {
      await call(rescueUnitCalls.dutySet, { unitId, day, shift, staffIds });
      message.success(`已更新 ${day} ${DUTY_SHIFT_LABEL[shift]}`);
    } finally {
      await client.invalidateQueries({ queryKey: unitKeys.week(unitId, weekStart) });
      await client.invalidateQueries({ queryKey: unitKeys.board });
    }
  };
  const options = (data?.staff ?? []).map((s) => ({
    value: s.id,
    label: s.teamName ? `${s.name}（${s.teamName}）` : s.name,
  }));
  return (
    <div data-testid="roster">
      <Space style={{ marginBottom: 12 }}>
        <Button onClick={() => setWeekStart(addDays(weekStart, -7))}>上一周</Button>
        <span data-testid="roster-week">
          {weekStart} 至 {addDays(weekStart, 6)}
        </span>
        <Button onClick={() => setWeekStart(addDays(weekStart, 7))}>下一周</Button>
        <Button onClick={() => setWeekStart(mondayOf(shanghaiToday()))}>本周</Button>
      </Space>
      <Table
        size="small"
        rowKey="day"
        loading={week.isLoading}
        pagination={false}
        dataSource={(data?.days ?? []).map((day, i) => ({ day, weekday: WEEKDAYS[i] }))}
        columns={[
          {
            title: '日期',
            dataIndex: 'day',
            width: 130,
            render: (day: string, r) => (
              <span>
                {day} {r.weekday}
                {day === shanghaiToday() && (
                  <Tag color="blue" style={{ marginLeft: 4 }}>
                    今天
                  </Tag>
                )}
              </span>
            ),
          },
          ...SHIFTS.map((shift) => ({
            title: shift === 1 ? '白班（08:00–20:00）' : '夜班（20:00–次日08:00）',
            key: `shift-${shift}`,
            render: (_: unknown, r: { day: string }) => {
              const entries = onShift(r.day, shift);
              if (!editable)
                return entries.length ? entries.map((e) => <Tag key={e.id}>{e.staffName}</Tag>) : '—';
              return (
                <Select
                  mode="multiple"
                  style={{ width: '100%' }}
                  placeholder="未排班"
                  data-testid={`roster-${r.day}-${shift}`}
                  value={entries.map((e) => e.staffId)}
                  options={options}
                  onChange={(ids: number[]) => void setShift(r.day, shift, ids)}
                />
              );
            },
          })),
        ]}
      />
    </div>
  );
}
