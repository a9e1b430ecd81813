import {
  areaLabel,
  IOT_ALARM_TYPES,
  IOT_PERMISSIONS,
  IOT_SEVERITY_LABEL,
  type IotAlarmRow,
  iotAlarmCalls,
} from '@ec/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Select, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { AreaCascader } from '../../components/index.ts';
import { call } from '../../lib/api.ts';
import { Permission } from '../../lib/permission.tsx';
import {
  type AlarmFilters,
  type AlarmState,
  alarmQuery,
  areaPathOf,
  DEFAULT_ALARM_FILTERS,
} from './alarm-filters.ts';
import { CompanySelect, iotKeys, LiftSelect, SEVERITY_COLOR, useWrite } from './shared.tsx';

const PAGE_SIZE = 10;

/**
 * Alarms per lift, per company, per district: state, district, the lifts' companies, a lift, type,
 * severity and the days they opened, kept in the page's URL by the caller (`filters`, `onFilters`);
 * acknowledged here.
 */
export function AlarmTable({
  filters,
  onFilters,
}: {
  filters: AlarmFilters;
  onFilters: (next: AlarmFilters) => void;
}) {
  const write = useWrite();
  const [page, setPage] = useState(1);
  const input = alarmQuery(filters);
  const list = useQuery({
    queryKey: [...iotKeys.all, 'alarms', input, page],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => call(iotAlarmCalls.list, { ...input, page, limit: PAGE_SIZE }, { signal }),
  });
  const set = (patch: Partial<AlarmFilters>) => {
    setPage(1);
    onFilters({ ...filters, ...patch });
  };
  const filtered = Object.keys(filters).some((k) => k !== 'state') || filters.state !== 'open';
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap data-testid="iot-alarm-filters">
        <Select<AlarmState>
          aria-label="报警状态"
          style={{ width: 120 }}
          value={filters.state}
          onChange={(v) => set({ state: v })}
          options={[
            { value: 'open', label: '未消除' },
            { value: 'cleared', label: '已消除' },
            { value: 'all', label: '全部状态' },
          ]}
        />
        <AreaCascader
          aria-label="所在区域"
          style={{ width: 200 }}
          value={areaPathOf(filters.areaCode)}
          onChange={(v) => {
            const path = (v ?? []) as (string | number)[];
            set({ areaCode: path.length ? String(path[path.length - 1]) : undefined });
          }}
        />
        <CompanySelect
          kind="maintenance"
          value={filters.maintenanceCompanyId}
          onChange={(id) => set({ maintenanceCompanyId: id })}
        />
        <CompanySelect kind="use" value={filters.useCompanyId} onChange={(id) => set({ useCompanyId: id })} />
        <Permission value={IOT_PERMISSIONS.deviceList}>
          <LiftSelect
            value={filters.elevatorId}
            registerCode={filters.registerCode}
            onChange={(lift) => set({ elevatorId: lift?.elevatorId, registerCode: lift?.registerCode })}
          />
        </Permission>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          aria-label="报警类型"
          placeholder="报警类型"
          style={{ width: 180 }}
          value={filters.type}
          onChange={(v) => set({ type: v ?? undefined })}
          options={Object.entries(IOT_ALARM_TYPES).map(([type, t]) => ({
            value: Number(type),
            label: t.label,
          }))}
        />
        <Select
          allowClear
          aria-label="报警级别"
          placeholder="级别"
          style={{ width: 100 }}
          value={filters.severity}
          onChange={(v) => set({ severity: v ?? undefined })}
          options={Object.entries(IOT_SEVERITY_LABEL).map(([s, label]) => ({ value: Number(s), label }))}
        />
        <DatePicker.RangePicker
          aria-label="发生日期"
          placeholder={['发生日期起', '发生日期止']}
          value={[
            filters.dateFrom ? dayjs(filters.dateFrom) : null,
            filters.dateTo ? dayjs(filters.dateTo) : null,
          ]}
          allowEmpty={[true, true]}
          onChange={(range) =>
            set({
              dateFrom: range?.[0]?.format('YYYY-MM-DD'),
              dateTo: range?.[1]?.format('YYYY-MM-DD'),
            })
          }
        />
        {filtered && (
          <Button
            onClick={() => {
              setPage(1);
              onFilters(DEFAULT_ALARM_FILTERS);
            }}
          >
            重置
          </Button>
        )}
      </Space>
      <div data-testid="iot-alarm-table">
        <Table<IotAlarmRow>
          rowKey="id"
          size="small"
          loading={list.isFetching}
          dataSource={list.data?.records}
          locale={{ emptyText: '没有符合条件的报警' }}
          pagination={{
            current: page,
            total: list.data?.total,
            pageSize: PAGE_SIZE,
            onChange: setPage,
            showSizeChanger: false,
            showTotal: (n) => `共 ${n} 条`,
          }}
          columns={[
            { title: '报警', render: (_, r) => <Tag color={SEVERITY_COLOR[r.severity]}>{r.typeLabel}</Tag> },
            { title: '级别', dataIndex: 'severityLabel', width: 60 },
            { title: '电梯', dataIndex: 'registerCode', render: (v: string | null) => v ?? '—' },
            {
              title: '区域',
              dataIndex: 'areaCode',
              width: 90,
              render: (v: string | null) => (v ? (areaLabel(v) ?? v) : '—'),
            },
            { title: '地址', dataIndex: 'address', ellipsis: true },
            { title: '设备', dataIndex: 'deviceCode' },
            { title: '发生时间', dataIndex: 'openedAt', width: 165 },
            { title: '重复', dataIndex: 'repeats', width: 60 },
            { title: '消除', width: 165, render: (_, r) => r.clearedAt ?? '未消除' },
            { title: '救援工单', render: (_, r) => (r.caseId ? `#${r.caseId}` : '—') },
            {
              title: '确认',
              render: (_, r) =>
                r.acknowledgedAt ? (
                  `${r.acknowledgedBy ?? ''} ${r.acknowledgedAt}`
                ) : (
                  <Permission value={IOT_PERMISSIONS.alarmHandle}>
                    <Button
                      size="small"
                      type="link"
                      onClick={() => write(() => call(iotAlarmCalls.acknowledge, { id: r.id }), '已确认')}
                    >
                      确认
                    </Button>
                  </Permission>
                ),
            },
          ]}
        />
      </div>
    </>
  );
}
