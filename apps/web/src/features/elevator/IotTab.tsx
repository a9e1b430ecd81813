import {
  IOT_ALARM_TOPIC,
  IOT_DOOR_LABEL,
  IOT_MODE_LABEL,
  IOT_PERMISSIONS,
  IOT_POWER_LABEL,
  IOT_RUN_LABEL,
  IOT_SEVERITY_LABEL,
  IOT_STATE_TOPIC,
  type IotAlarmRow,
  iotAlarmCalls,
  iotDeviceCalls,
} from '@ec/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Descriptions, Empty, Skeleton, Space, Table, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { IotEscalatorStateView } from '../../components/index.ts';
import { hasPermission, usePermission } from '../../lib/access.ts';
import { call } from '../../lib/api.ts';
import { useLiveEvents } from '../../lib/live.ts';
import { useCanOpen } from '../../lib/page-param.ts';
import { IOT_PATHS } from '../../lib/routes.ts';
import { sessionStore } from '../../lib/session.ts';

const SEVERITY_COLOR: Record<number, string> = { 1: 'default', 2: 'gold', 3: 'orange', 4: 'red' };
const STATE_COLOR: Record<number, 'default' | 'success' | 'error'> = {
  0: 'default',
  1: 'success',
  2: 'error',
};
const key = (elevatorId: number) => ['iot', 'lift-state', elevatorId] as const;
const historyKey = (elevatorId: number) => ['iot', 'lift-alarms', elevatorId] as const;
const HISTORY_PAGE = 10;

const severityTag = (v: number) => <Tag color={SEVERITY_COLOR[v]}>{IOT_SEVERITY_LABEL[v]}</Tag>;

/**
 * The lift's alarm history, open and cleared, newest first, paged: for whoever sees the tab and may
 * read alarms (the use unit and the maintenance company too; the server keeps each to its lifts).
 */
function AlarmHistory({ elevatorId }: { elevatorId: number }) {
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: [...historyKey(elevatorId), page],
    retry: false,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      call(iotAlarmCalls.list, { elevatorId, page, limit: HISTORY_PAGE }, { silent: true, signal }),
  });
  return (
    <Table<IotAlarmRow>
      size="small"
      rowKey="id"
      data-testid="iot-tab-history"
      title={() => '报警记录'}
      loading={list.isLoading}
      dataSource={list.data?.records}
      locale={{ emptyText: list.isError ? '无法读取报警记录' : '暂无报警记录' }}
      pagination={{
        current: page,
        pageSize: HISTORY_PAGE,
        total: list.data?.total,
        onChange: setPage,
        hideOnSinglePage: true,
        showSizeChanger: false,
      }}
      columns={[
        { title: '报警', dataIndex: 'typeLabel' },
        { title: '级别', dataIndex: 'severity', render: severityTag },
        { title: '发生时间', dataIndex: 'openedAt' },
        {
          title: '状态',
          render: (_, r) => (r.open ? <Tag color="red">未消除</Tag> : <Tag>已消除 {r.clearedAt}</Tag>),
        },
        { title: '重复', dataIndex: 'repeats' },
        {
          title: '确认',
          render: (_, r) => (r.acknowledgedAt ? `${r.acknowledgedBy ?? ''} ${r.acknowledgedAt}` : '—'),
        },
      ]}
    />
  );
}

/**
 * The lift's whole alarm history on 物联网电梯's 报警 tab: every alarm of the lift, open or cleared
 * (the query features/iot/alarm-filters.ts reads).
 */
export function liftAlarmsHref(elevatorId: number, registerCode?: string | null): string {
  const q = new URLSearchParams({ tab: 'alarms', state: 'all', elevatorId: String(elevatorId) });
  if (registerCode) q.set('registerCode', registerCode);
  return `#${IOT_PATHS.elevator}?${q}`;
}

/**
 * 电梯详情's 物联网 tab: the lift's device, its live state (refreshed by the `iot.state` and
 * `iot.alarm` live events, as the rescue board is), its open alarms and last contact. An escalator or
 * moving walk (the server's `kind`, from the registry's type) shows its escalator state instead of
 * the car's. Only for users who may read IoT data; a lift without a device says so.
 */
export function IotTab({ elevatorId }: { elevatorId: number }) {
  const client = useQueryClient();
  const mayListAlarms = usePermission(IOT_PERMISSIONS.alarmList);
  const canListAlarms = useCanOpen(IOT_PATHS.elevator) && mayListAlarms;
  const q = useQuery({
    queryKey: key(elevatorId),
    retry: false,
    queryFn: ({ signal }) => call(iotDeviceCalls.liftState, { elevatorId }, { silent: true, signal }),
  });
  const onEvent = (data: unknown) => {
    const id = (data as { elevatorId?: number } | null)?.elevatorId;
    if (id === undefined || id === elevatorId) void client.invalidateQueries({ queryKey: key(elevatorId) });
  };
  const onAlarm = (data: unknown) => {
    onEvent(data);
    const id = (data as { elevatorId?: number } | null)?.elevatorId;
    if (id === undefined || id === elevatorId)
      void client.invalidateQueries({ queryKey: historyKey(elevatorId) });
  };
  const refresh = () => {
    void client.invalidateQueries({ queryKey: key(elevatorId) });
    void client.invalidateQueries({ queryKey: historyKey(elevatorId) });
  };
  useLiveEvents(IOT_STATE_TOPIC, onEvent, refresh);
  useLiveEvents(IOT_ALARM_TOPIC, onAlarm, refresh);

  if (q.isPending) return <Skeleton active />;
  if (q.isError) return <Alert type="warning" showIcon message="无法读取该电梯的物联网数据" />;
  const { device, kind, state: s, escalator, alarms } = q.data;
  if (!device) return <Empty description="该电梯未安装物联网设备" />;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="iot-tab">
      <Descriptions size="small" bordered column={3} title="监测设备">
        <Descriptions.Item label="设备编号">{device.code}</Descriptions.Item>
        <Descriptions.Item label="所属商户">{device.merchantName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <Badge status={STATE_COLOR[device.state] ?? 'default'} text={device.stateLabel} />
        </Descriptions.Item>
        <Descriptions.Item label="最后通信">{device.lastSeenAt ?? '从未'}</Descriptions.Item>
        <Descriptions.Item label="上报间隔">{device.intervalSeconds} 秒</Descriptions.Item>
        <Descriptions.Item label="绑定时间">{device.boundAt ?? '—'}</Descriptions.Item>
      </Descriptions>
      {kind === 'escalator' ? (
        escalator ? (
          <IotEscalatorStateView e={escalator} column={3} />
        ) : (
          <Alert type="info" showIcon message="设备尚未上报扶梯状态" />
        )
      ) : s ? (
        <Descriptions size="small" bordered column={3} title={`实时状态（${s.at}）`}>
          <Descriptions.Item label="服务模式">{IOT_MODE_LABEL[s.mode]}</Descriptions.Item>
          <Descriptions.Item label="运行">{IOT_RUN_LABEL[s.run]}</Descriptions.Item>
          <Descriptions.Item label="楼层">
            <span data-testid="iot-tab-floor">{s.floor}</span>
          </Descriptions.Item>
          <Descriptions.Item label="门">{IOT_DOOR_LABEL[s.door]}</Descriptions.Item>
          <Descriptions.Item label="平层">{s.doorZone ? '是' : '否'}</Descriptions.Item>
          <Descriptions.Item label="轿内有人">{s.passenger ? '是' : '否'}</Descriptions.Item>
          <Descriptions.Item label="供电">{IOT_POWER_LABEL[s.power]}</Descriptions.Item>
          <Descriptions.Item label="速度">{s.speed} m/s</Descriptions.Item>
          <Descriptions.Item label="安全回路">{circuit(s.safetyCircuit)}</Descriptions.Item>
          <Descriptions.Item label="门锁回路">{circuit(s.doorLockCircuit)}</Descriptions.Item>
          <Descriptions.Item label="运行次数">{s.runs ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="运行时长">
            {s.runHours !== null ? `${s.runHours} 小时` : '—'}
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <Alert type="info" showIcon message="设备尚未上报电梯状态" />
      )}
      <Table<IotAlarmRow>
        size="small"
        rowKey="id"
        pagination={false}
        title={() => (
          <Space style={{ width: '100%', justifyContent: 'space-between' }}>
            <span>未消除报警</span>
            {canListAlarms && (
              <Button
                type="link"
                size="small"
                href={liftAlarmsHref(elevatorId, device.lift?.registerCode)}
                data-testid="iot-tab-alarm-history"
              >
                全部报警记录
              </Button>
            )}
          </Space>
        )}
        dataSource={alarms}
        locale={{ emptyText: '无未消除报警' }}
        columns={[
          { title: '报警', dataIndex: 'typeLabel' },
          { title: '级别', dataIndex: 'severity', render: severityTag },
          { title: '发生时间', dataIndex: 'openedAt' },
          { title: '最近', dataIndex: 'lastAt' },
          { title: '重复', dataIndex: 'repeats' },
          { title: '说明', dataIndex: 'detail' },
        ]}
      />
      {mayListAlarms && <AlarmHistory elevatorId={elevatorId} />}
    </Space>
  );
}

const circuit = (closed: boolean) => (closed ? <Tag color="green">通</Tag> : <Tag color="red">断</Tag>);

/** The tab of 电梯详情, for users who may read IoT devices (none otherwise). */
export function iotTabItems(
  elevatorId: number | undefined,
): { key: string; label: string; children: ReactNode }[] {
  const user = sessionStore.get().user;
  if (elevatorId === undefined || !user || !hasPermission(user.permissions, IOT_PERMISSIONS.deviceList))
    return [];
  return [{ key: 'iot', label: '物联网', children: <IotTab elevatorId={elevatorId} /> }];
}
