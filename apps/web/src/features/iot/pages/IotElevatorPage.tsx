import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import {
  type CallOutput,
  IOT_ALARM_TOPIC,
  IOT_ALARM_TYPES,
  IOT_DOOR_LABEL,
  IOT_MAX_DAY_RUNS,
  IOT_MODE_LABEL,
  IOT_PERMISSIONS,
  IOT_POWER_LABEL,
  IOT_RUN_LABEL,
  IOT_STATE_TOPIC,
  type IotDeviceRow,
  iotDeviceCalls,
  shanghaiToday,
} from '@ec/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Badge,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Drawer,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { isReport, ReportSummary, useDownload } from '../../../components/ImportReport.tsx';
import { AreaCascader, ImportButton, IotEscalatorStateView } from '../../../components/index.ts';
import { usePermission } from '../../../lib/access.ts';
import { call, download, upload } from '../../../lib/api.ts';
import { useLiveEvents } from '../../../lib/live.ts';
import { Permission } from '../../../lib/permission.tsx';
import { useSession } from '../../../lib/session.ts';
import { AlarmTable } from '../AlarmTable.tsx';
import { parseAlarmFilters, writeAlarmFilters } from '../alarm-filters.ts';
import { DataLinkModal, DeviceDetailDrawer, EditDeviceModal, SecretNotice } from '../DeviceRegistry.tsx';
import { csvText, lastStateText, parseSyncLines, sheetText, syncFileKind, throttle } from '../device-list.ts';
import {
  CompanySelect,
  iotKeys,
  SEVERITY_COLOR,
  STATE_COLOR,
  useOwnSearchParams,
  useWrite,
} from '../shared.tsx';
import { liftTimeline } from '../timeline.ts';

const RUNS_PAGE = 200;

/** A lift's runs and alarms of one day (runs computed by the server, the latest first), newest first. */
function LiftTimeline({ elevatorId }: { elevatorId: number }) {
  const [date, setDate] = useState(shanghaiToday());
  const [limit, setLimit] = useState(RUNS_PAGE);
  const history = useQuery({
    queryKey: [...iotKeys.all, 'data', 'history', elevatorId, date, limit],
    retry: false,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => call(iotDeviceCalls.liftHistory, { elevatorId, date, limit }, { signal }),
  });
  const day = history.data;
  const items = day ? liftTimeline(day) : [];
  const more = day && day.runCount > day.runs.length && limit < IOT_MAX_DAY_RUNS;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <DatePicker
        allowClear={false}
        value={dayjs(date)}
        disabledDate={(d) => d.format('YYYY-MM-DD') > shanghaiToday()}
        onChange={(d) => {
          if (!d) return;
          setDate(d.format('YYYY-MM-DD'));
          setLimit(RUNS_PAGE);
        }}
      />
      {day && (
        <Typography.Text type="secondary">
          当天运行 {day.runCount} 次，报警 {day.alarms.length} 条
        </Typography.Text>
      )}
      {history.isLoading ? null : items.length === 0 ? (
        <Typography.Text type="secondary">当天没有运行记录或报警</Typography.Text>
      ) : (
        <Timeline
          data-testid="iot-timeline"
          items={items.map((i) => ({
            color: i.color,
            children: (
              <>
                <Typography.Text
                  strong={i.kind !== 'more'}
                  type={i.kind === 'more' ? 'secondary' : undefined}
                >
                  {i.title}
                </Typography.Text>
                {i.kind !== 'more' && (
                  <div>
                    <Typography.Text type="secondary">
                      {i.at}
                      {i.detail ? ` · ${i.detail}` : ''}
                    </Typography.Text>
                  </div>
                )}
              </>
            ),
          }))}
        />
      )}
      {more && (
        <Button
          size="small"
          loading={history.isFetching}
          onClick={() => setLimit((l) => Math.min(IOT_MAX_DAY_RUNS, l + RUNS_PAGE))}
        >
          显示更早的运行
        </Button>
      )}
    </Space>
  );
}

/** A device's live data: its lift's latest state, open alarms, last messages; its lift's day. */
function DeviceDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const data = useQuery({
    queryKey: [...iotKeys.all, 'data', id],
    enabled: id !== null,
    retry: false,
    queryFn: ({ signal }) => call(iotDeviceCalls.getDeviceData, { id: id ?? 0 }, { signal }),
  });
  const d = data.data;
  const s = d?.state;
  const live = d && (
    <Space direction="vertical" style={{ width: '100%' }}>
      {d.escalator ? (
        <IotEscalatorStateView e={d.escalator} />
      ) : (
        <Descriptions size="small" bordered column={2} title="实时状态">
          <Descriptions.Item label="电梯">{d.device.lift?.registerCode ?? '未绑定'}</Descriptions.Item>
          <Descriptions.Item label="更新时间">{s?.at ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="服务模式">{s ? IOT_MODE_LABEL[s.mode] : '—'}</Descriptions.Item>
          <Descriptions.Item label="运行">{s ? IOT_RUN_LABEL[s.run] : '—'}</Descriptions.Item>
          <Descriptions.Item label="楼层">
            <span data-testid="iot-floor">{s?.floor ?? '—'}</span>
          </Descriptions.Item>
          <Descriptions.Item label="门区">{s ? (s.doorZone ? '门区内' : '门区外') : '—'}</Descriptions.Item>
          <Descriptions.Item label="门">{s ? IOT_DOOR_LABEL[s.door] : '—'}</Descriptions.Item>
          <Descriptions.Item label="轿内">{s ? (s.passenger ? '有人' : '无人') : '—'}</Descriptions.Item>
          <Descriptions.Item label="供电">{s ? IOT_POWER_LABEL[s.power] : '—'}</Descriptions.Item>
          <Descriptions.Item label="速度">{s ? `${s.speed} m/s` : '—'}</Descriptions.Item>
          <Descriptions.Item label="安全回路">{s ? (s.safetyCircuit ? '通' : '断') : '—'}</Descriptions.Item>
          <Descriptions.Item label="门锁回路">
            {s ? (s.doorLockCircuit ? '通' : '断') : '—'}
          </Descriptions.Item>
          <Descriptions.Item label="运行次数">{s?.runs ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="开关门次数">{s?.doorCycles ?? '—'}</Descriptions.Item>
        </Descriptions>
      )}
      <Typography.Title level={5}>未消除报警</Typography.Title>
      {d.alarms.length === 0 ? (
        <Typography.Text type="secondary">无</Typography.Text>
      ) : (
        d.alarms.map((a) => (
          <Tag key={a.id} color={SEVERITY_COLOR[a.severity]} data-testid="iot-open-alarm">
            {a.typeLabel} · {a.openedAt}
          </Tag>
        ))
      )}
      <Typography.Title level={5}>最近消息</Typography.Title>
      <Table
        size="small"
        rowKey={(r) => `${r.at}-${r.kind}-${JSON.stringify(r.message)}`}
        pagination={false}
        dataSource={d.recent}
        columns={[
          { title: '时间', dataIndex: 'at', width: 170 },
          { title: '类型', dataIndex: 'kind', width: 70 },
          { title: '内容', render: (_, r) => <code>{JSON.stringify(r.message)}</code> },
        ]}
      />
    </Space>
  );
  const liftId = d?.device.lift?.elevatorId;
  return (
    <Drawer open={id !== null} onClose={onClose} width={760} title={d ? `设备 ${d.device.code}` : '设备数据'}>
      {d && (
        <Tabs
          items={[
            { key: 'live', label: '实时数据', children: live },
            ...(liftId !== undefined
              ? [
                  {
                    key: 'timeline',
                    label: '运行与报警记录',
                    children: (
                      <Permission value={IOT_PERMISSIONS.alarmList}>
                        <LiftTimeline elevatorId={liftId} />
                      </Permission>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
    </Drawer>
  );
}

interface NewDevice {
  code: string;
  name: string;
  protocol: 'mqtt' | 'http';
  intervalSeconds: number;
}

type SyncResult = CallOutput<typeof iotDeviceCalls.sync>;

/**
 * 同步绑定: `设备编号,注册代码` lines, pasted or from a sheet (.xlsx/.xls read by the server's import
 * kit, .csv read here, each row on the line of its row number), checked alike and bound (or
 * unbound) at once, the result row by row.
 */
function SyncDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const write = useWrite();
  const template = useDownload();
  const picker = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [reading, setReading] = useState(false);
  const [source, setSource] = useState<string | null>(null);
  const [result, setResult] = useState<{ items: number; out: SyncResult } | null>(null);
  const parsed = parseSyncLines(text);
  const close = () => {
    setText('');
    setSource(null);
    setResult(null);
    onClose();
  };
  const onPicked = async (el: HTMLInputElement) => {
    const file = el.files?.[0];
    el.value = ''; // the same file may be picked again after a fix
    if (!file) return;
    const kind = syncFileKind(file);
    if (typeof kind === 'object') {
      message.error(kind.error);
      return;
    }
    setReading(true);
    try {
      const lines =
        kind === 'csv'
          ? csvText(await file.arrayBuffer())
          : sheetText((await upload(iotDeviceCalls.syncSheet, file)).rows);
      setText(lines);
      setSource(file.name);
    } catch {
      // a refused sheet is shown by the request layer
    } finally {
      setReading(false);
    }
  };
  const submit = async () => {
    setBusy(true);
    const out = await write(() => call(iotDeviceCalls.sync, { items: parsed.items }), '同步完成');
    setBusy(false);
    if (out) setResult({ items: parsed.items.length, out });
  };
  return (
    <Modal
      title="同步绑定"
      open={open}
      width={640}
      onCancel={close}
      destroyOnHidden
      footer={
        result ? (
          <Button onClick={close}>关闭</Button>
        ) : (
          <Space>
            <Button onClick={close}>取消</Button>
            <Button
              type="primary"
              loading={busy}
              disabled={parsed.items.length === 0 || parsed.errors.length > 0}
              onClick={submit}
            >
              同步 {parsed.items.length || ''} 条
            </Button>
          </Space>
        )
      }
    >
      {result ? (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="iot-sync-result">
          <Typography.Text>
            共 {result.items} 条：绑定 {result.out.bound}，解绑 {result.out.unbound}，未变{' '}
            {result.out.unchanged}
            ，失败 {result.out.failed.length}
          </Typography.Text>
          {result.out.failed.length > 0 && (
            <Table
              size="small"
              rowKey="deviceCode"
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              dataSource={result.out.failed}
              columns={[
                { title: '设备编号', dataIndex: 'deviceCode', width: 180 },
                { title: '失败原因', dataIndex: 'message' },
              ]}
            />
          )}
        </Space>
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">
            每行一台设备：设备编号,注册代码（逗号、制表符或空格分隔，可从表格复制两列粘贴，或选择表格文件）；只填设备编号表示解绑。
          </Typography.Text>
          <Space wrap>
            <input
              ref={picker}
              type="file"
              accept=".xlsx,.xls,.csv"
              aria-label="同步绑定表格"
              hidden
              onChange={(e) => void onPicked(e.currentTarget)}
            />
            <Button icon={<UploadOutlined />} loading={reading} onClick={() => picker.current?.click()}>
              选择表格文件
            </Button>
            <Button
              icon={<DownloadOutlined />}
              loading={template.busy}
              onClick={() => template.run(() => download(iotDeviceCalls.syncTemplate))}
            >
              下载模板
            </Button>
            {source && (
              <Typography.Text data-testid="iot-sync-source">
                已读取「{source}」：{parsed.items.length + parsed.errors.length} 行，行号即表格中的行号
              </Typography.Text>
            )}
          </Space>
          <Input.TextArea
            aria-label="设备编号,注册代码"
            rows={10}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={'DEV-0001,31103201002016060001\nDEV-0002,31103201002016060002'}
          />
          {parsed.errors.map((e) => (
            <Typography.Text key={e} type="danger">
              {e}
            </Typography.Text>
          ))}
        </Space>
      )}
    </Modal>
  );
}

/** The merchant's registry: add a device (its secret shown once), bind, unbind, delete. */
function DeviceTable({
  onOpen,
  onDetail,
  onEdit,
  onLink,
}: {
  onOpen: (id: number) => void;
  onDetail: (id: number) => void;
  onEdit: (d: IotDeviceRow) => void;
  onLink: (d: IotDeviceRow) => void;
}) {
  const { modal } = App.useApp();
  const write = useWrite();
  const { user } = useSession();
  const merchant = user?.userType === 'iot';
  const [keyword, setKeyword] = useState('');
  const [state, setState] = useState<number | undefined>();
  const [areaCode, setAreaCode] = useState<string | undefined>();
  const [maintenanceCompanyId, setMaintenance] = useState<number | undefined>();
  const [useCompanyId, setUse] = useState<number | undefined>();
  const [alarm, setAlarm] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const [imported, setImported] = useState<{ code: string; secret: string; topic: string }[]>([]);
  const template = useDownload();
  const client = useQueryClient();
  const alarmFilter =
    alarm === 'open' || alarm === 'none'
      ? { alarm: alarm as 'open' | 'none' }
      : alarm
        ? { alarmType: Number(alarm) }
        : {};
  const filters = { keyword, state, areaCode, maintenanceCompanyId, useCompanyId, ...alarmFilter };
  const [adding, setAdding] = useState(false);
  const [binding, setBinding] = useState<IotDeviceRow | null>(null);
  const [syncing, setSyncing] = useState(false);
  const [form] = Form.useForm<NewDevice>();
  const [bindForm] = Form.useForm<{ registerCode: string }>();
  const list = useQuery({
    queryKey: [...iotKeys.all, 'devices', filters, page],
    queryFn: ({ signal }) => call(iotDeviceCalls.list, { ...filters, page, limit: 10 }, { signal }),
  });

  const add = async (v: NewDevice) => {
    const out = await write(() => call(iotDeviceCalls.add, v), '设备已添加');
    if (!out) return;
    setAdding(false);
    form.resetFields();
    modal.info({
      title: '设备密钥（仅显示这一次）',
      width: 560,
      content: <SecretNotice device={out.device} secret={out.secret} />,
    });
  };

  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search
          placeholder="设备编号、名称、注册代码或地址"
          allowClear
          style={{ width: 280 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
        />
        <Select
          allowClear
          placeholder="设备状态"
          style={{ width: 120 }}
          value={state}
          onChange={(v) => {
            setState(v);
            setPage(1);
          }}
          options={[
            { value: 0, label: '未连接' },
            { value: 1, label: '在线' },
            { value: 2, label: '离线' },
          ]}
        />
        <AreaCascader
          aria-label="所在区域"
          style={{ width: 200 }}
          onChange={(v) => {
            const path = (v ?? []) as (string | number)[];
            setAreaCode(path.length ? String(path[path.length - 1]) : undefined);
            setPage(1);
          }}
        />
        <CompanySelect
          kind="maintenance"
          value={maintenanceCompanyId}
          onChange={(v) => {
            setMaintenance(v);
            setPage(1);
          }}
        />
        <CompanySelect
          kind="use"
          value={useCompanyId}
          onChange={(v) => {
            setUse(v);
            setPage(1);
          }}
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          aria-label="报警"
          placeholder="报警"
          style={{ width: 180 }}
          value={alarm}
          onChange={(v) => {
            setAlarm(v);
            setPage(1);
          }}
          options={[
            { value: 'open', label: '有未消除报警' },
            { value: 'none', label: '无未消除报警' },
            ...Object.entries(IOT_ALARM_TYPES).map(([type, t]) => ({
              value: type,
              label: `未消除：${t.label}`,
            })),
          ]}
        />
        {merchant && (
          <Permission value={IOT_PERMISSIONS.deviceEdit}>
            <Button type="primary" onClick={() => setAdding(true)}>
              新增设备
            </Button>
            <Button
              icon={<DownloadOutlined />}
              loading={template.busy}
              onClick={() => template.run(() => download(iotDeviceCalls.importTemplate))}
            >
              下载模板
            </Button>
            <ImportButton
              call={iotDeviceCalls.import}
              successMessage={(r) => (isReport(r) ? `成功导入 ${r.imported} 台设备` : '导入成功')}
              renderReport={(r) => (isReport(r) ? <ReportSummary report={r} /> : null)}
              onDone={(r) => {
                const out = r as { success?: boolean; devices?: { device: IotDeviceRow; secret: string }[] };
                if (!out?.success) return;
                void client.invalidateQueries({ queryKey: iotKeys.all });
                setImported(
                  (out.devices ?? []).map((d) => ({
                    code: d.device.code,
                    secret: d.secret,
                    topic: d.device.topic,
                  })),
                );
              }}
            >
              导入设备
            </ImportButton>
            <Button onClick={() => setSyncing(true)}>同步绑定</Button>
          </Permission>
        )}
      </Space>
      <Table<IotDeviceRow>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.records}
        pagination={{ current: page, total: list.data?.total, pageSize: 10, onChange: setPage }}
        columns={[
          { title: '设备编号', dataIndex: 'code' },
          { title: '名称', dataIndex: 'name' },
          { title: '商户', dataIndex: 'merchantName' },
          {
            title: '状态',
            render: (_, r) => <Badge status={STATE_COLOR[r.state] as 'success'} text={r.stateLabel} />,
          },
          { title: '最后通信', dataIndex: 'lastSeenAt', render: (v) => v ?? '—' },
          { title: '绑定电梯', render: (_, r) => r.lift?.registerCode ?? '未绑定' },
          { title: '地址', render: (_, r) => r.lift?.address ?? '—' },
          {
            title: '运行状态',
            render: (_, r) => (
              <span data-testid="iot-last-state" title={r.lastState ? `更新于 ${r.lastState.at}` : undefined}>
                {lastStateText(r.lastState)}
              </span>
            ),
          },
          { title: '未消除报警', dataIndex: 'openAlarms' },
          {
            title: '操作',
            render: (_, r) => (
              <Space>
                <Button size="small" type="link" onClick={() => onOpen(r.id)}>
                  数据
                </Button>
                <Button size="small" type="link" onClick={() => onDetail(r.id)}>
                  详情
                </Button>
                <Button size="small" type="link" onClick={() => onLink(r)}>
                  分享链接
                </Button>
                {merchant && (
                  <Permission value={IOT_PERMISSIONS.deviceEdit}>
                    <Button size="small" type="link" onClick={() => onEdit(r)}>
                      编辑
                    </Button>
                    {r.lift ? (
                      <Button
                        size="small"
                        type="link"
                        onClick={() => write(() => call(iotDeviceCalls.unbind, { deviceId: r.id }), '已解绑')}
                      >
                        解绑
                      </Button>
                    ) : (
                      <>
                        <Button size="small" type="link" onClick={() => setBinding(r)}>
                          绑定
                        </Button>
                        <Button
                          size="small"
                          type="link"
                          danger
                          onClick={() =>
                            modal.confirm({
                              title: `删除设备 ${r.code}？`,
                              onOk: () => write(() => call(iotDeviceCalls.delete, { ids: [r.id] }), '已删除'),
                            })
                          }
                        >
                          删除
                        </Button>
                      </>
                    )}
                  </Permission>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        title="导入设备的密钥（仅显示这一次，请妥善保存）"
        open={imported.length > 0}
        onCancel={() => setImported([])}
        footer={null}
        width={760}
      >
        <Typography.Paragraph
          copyable={{ text: imported.map((d) => `${d.code}\t${d.secret}\t${d.topic}`).join('\n') }}
        >
          共 {imported.length} 台设备：MQTT 用户名为设备编号，密码为下表的密钥。
        </Typography.Paragraph>
        <Table
          size="small"
          rowKey="code"
          dataSource={imported}
          pagination={{ pageSize: 10 }}
          columns={[
            { title: '设备编号', dataIndex: 'code' },
            { title: '密钥', dataIndex: 'secret', render: (v) => <code>{v}</code> },
            { title: '主题', dataIndex: 'topic' },
          ]}
        />
      </Modal>
      <SyncDialog open={syncing} onClose={() => setSyncing(false)} />
      <Modal title="新增设备" open={adding} onCancel={() => setAdding(false)} onOk={() => form.submit()}>
        <Form<NewDevice>
          form={form}
          layout="vertical"
          initialValues={{ protocol: 'mqtt', intervalSeconds: 30 }}
          onFinish={add}
        >
          <Form.Item name="code" label="设备编号" rules={[{ required: true, message: '请填写设备编号' }]}>
            <Input maxLength={40} placeholder="4–40 位字母、数字、下划线或短横线" />
          </Form.Item>
          <Form.Item name="name" label="设备名称" rules={[{ required: true, message: '请填写设备名称' }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="protocol" label="接入协议">
            <Select
              options={[
                { value: 'mqtt', label: 'MQTT' },
                { value: 'http', label: 'HTTP' },
              ]}
            />
          </Form.Item>
          <Form.Item name="intervalSeconds" label="上报间隔（秒）">
            <InputNumber min={5} max={3600} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        title={`绑定电梯：${binding?.code ?? ''}`}
        open={binding !== null}
        onCancel={() => setBinding(null)}
        onOk={() => bindForm.submit()}
      >
        <Form
          form={bindForm}
          layout="vertical"
          onFinish={async (v: { registerCode: string }) => {
            if (!binding) return;
            const out = await write(
              () => call(iotDeviceCalls.bind, { deviceId: binding.id, registerCode: v.registerCode.trim() }),
              '已绑定',
            );
            if (out) {
              setBinding(null);
              bindForm.resetFields();
            }
          }}
        >
          <Form.Item
            name="registerCode"
            label="电梯注册代码"
            rules={[{ required: true, message: '请填写注册代码' }]}
          >
            <Input maxLength={30} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** 物联网电梯: the devices one sees (a merchant's own, a regulator's districts'), their live data and alarms. */
export default function IotElevatorPage() {
  const client = useQueryClient();
  const [open, setOpen] = useState<number | null>(null);
  const [detail, setDetail] = useState<number | null>(null);
  const [editing, setEditing] = useState<IotDeviceRow | null>(null);
  const [linking, setLinking] = useState<IotDeviceRow | null>(null);
  const [params, setParams] = useOwnSearchParams();
  const tab = params.get('tab') === 'alarms' ? 'alarms' : 'devices';
  const alarmFilters = parseAlarmFilters(params);
  const canSeeAlarms = usePermission(IOT_PERMISSIONS.alarmList);
  const refresh = () => void client.invalidateQueries({ queryKey: iotKeys.all });
  // A state message moves the list's 状态, 最后通信 and 运行状态 too: at most once per 2 s (devices
  // report every few seconds, a busy district many at once).
  const refreshDevices = useMemo(
    () => throttle(() => void client.invalidateQueries({ queryKey: [...iotKeys.all, 'devices'] }), 2000),
    [client],
  );
  useEffect(() => refreshDevices.cancel, [refreshDevices]);
  useLiveEvents(IOT_ALARM_TOPIC, refresh, refresh);
  useLiveEvents(
    IOT_STATE_TOPIC,
    () => {
      void client.invalidateQueries({ queryKey: [...iotKeys.all, 'data'] });
      refreshDevices();
    },
    refresh,
  );
  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          const next = new URLSearchParams(params);
          if (key === 'alarms') next.set('tab', 'alarms');
          else next.delete('tab');
          setParams(next);
        }}
        items={[
          {
            key: 'devices',
            label: '物联网设备',
            children: (
              <DeviceTable onOpen={setOpen} onDetail={setDetail} onEdit={setEditing} onLink={setLinking} />
            ),
          },
          ...(canSeeAlarms
            ? [
                {
                  key: 'alarms',
                  label: '报警',
                  children: (
                    <AlarmTable
                      filters={alarmFilters}
                      onFilters={(f) => setParams(writeAlarmFilters(params, f))}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      <DeviceDrawer id={open} onClose={() => setOpen(null)} />
      <DeviceDetailDrawer
        id={detail}
        onClose={() => setDetail(null)}
        onEdit={setEditing}
        onLink={setLinking}
      />
      <EditDeviceModal device={editing} onClose={() => setEditing(null)} />
      <DataLinkModal device={linking} onClose={() => setLinking(null)} />
    </Card>
  );
}
