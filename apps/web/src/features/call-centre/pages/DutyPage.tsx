import type { ProColumns } from '@ant-design/pro-components';
import { AGENT_TOPIC, type CallRecordRow, serviceUserCalls, shanghaiToday } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Form,
  Input,
  Radio,
  Row,
  Space,
  Switch,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { CallPopupDrawer } from '../../../components/CallPopupDrawer.tsx';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { validated } from '../../../components/form.ts';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { call } from '../../../lib/api.ts';
import { dash } from '../../../lib/format.ts';
import { useLiveRefresh } from '../../../lib/live.ts';
import { useSession } from '../../../lib/session.ts';
import { CasePicker } from '../CasePicker.tsx';
import { callCentreKeys, useInvalidateCallCentre } from '../queries.ts';

const FORMAT = 'YYYY-MM-DD HH:mm:ss';

interface CallValues {
  phone: string;
  direction: 1 | 2;
  startedAt: Dayjs;
  answeredAt?: Dayjs | null;
  endedAt?: Dayjs | null;
  caseId?: number | null;
}

/**
 * The signed-in agent's seat and its on/off-duty switch. The seat is found in the agents list by the
 * user's name (an account without a seat, e.g. the administrator, simply has none: no 404 asked for).
 */
function DutySwitch({ userId, username }: { userId: number; username: string }) {
  const { message } = App.useApp();
  const invalidate = useInvalidateCallCentre();
  const [busy, setBusy] = useState(false);
  const agent = useQuery({
    queryKey: callCentreKeys.agent(userId),
    queryFn: async ({ signal }) => {
      const page = await call(
        serviceUserCalls.query,
        { keyword: username, page: 1, limit: 20 },
        { signal, silent: true },
      );
      return page.records.find((r) => r.userId === userId) ?? null;
    },
  });
  if (agent.data === null)
    return <Alert type="warning" showIcon message="您还没有坐席，请联系管理员在「客服呼叫中心」配置坐席" />;
  const a = agent.data;
  const toggle = async (online: boolean) => {
    setBusy(true);
    try {
      const moved = await call(serviceUserCalls.onOffLine, { online });
      message.success(moved.online ? '已上线' : '已下线');
    } catch {
      // The request layer showed the reason.
    } finally {
      setBusy(false);
      await invalidate();
    }
  };
  return (
    <Space size="large" align="center">
      <Typography.Text>
        坐席 <Typography.Text strong>{a?.seatNo ?? '—'}</Typography.Text>
        {a?.extension ? `（分机 ${a.extension}）` : ''}
      </Typography.Text>
      <Switch
        data-testid="duty-switch"
        checked={a?.online ?? false}
        loading={busy || agent.isLoading}
        disabled={!a}
        checkedChildren="在线"
        unCheckedChildren="离线"
        onChange={toggle}
      />
      <Typography.Text type="secondary">
        {a?.changedAt ? `${a.online ? '上线' : '下线'}于 ${a.changedAt}` : ''}
      </Typography.Text>
      <Typography.Text type="secondary">今日通话 {a?.todayCalls ?? 0} 次</Typography.Text>
    </Space>
  );
}

/** 记录通话: number, direction, start / answer / end, an optional case. */
function CallForm({ onRecorded }: { onRecorded: (token: string) => void }) {
  const [form] = Form.useForm<CallValues>();
  const { message } = App.useApp();
  const invalidate = useInvalidateCallCentre();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const v = await validated(form);
    if (!v) return;
    setSaving(true);
    try {
      const made = await call(serviceUserCalls.callPhoneRecord, {
        phone: v.phone.trim(),
        direction: v.direction,
        // Instants (ISO): the browser's clock may not be on Shanghai time.
        startedAt: v.startedAt.toISOString(),
        answeredAt: v.answeredAt ? v.answeredAt.toISOString() : null,
        endedAt: v.endedAt ? v.endedAt.toISOString() : null,
        caseId: v.caseId || null,
      });
      message.success(`已记录与 ${made.phone} 的通话`);
      form.resetFields();
      form.setFieldsValue({ startedAt: dayjs() });
      onRecorded(made.token);
    } catch {
      // The request layer showed the reason.
    } finally {
      setSaving(false);
      await invalidate();
    }
  };
  return (
    <Form
      form={form}
      layout="vertical"
      data-testid="call-form"
      initialValues={{ direction: 1, startedAt: dayjs() }}
    >
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item
            name="phone"
            label="电话号码"
            rules={[
              { required: true, whitespace: true, message: '请填写电话号码' },
              { pattern: /^[\d\-+ ]+$/, message: '电话号码只能包含数字' },
            ]}
          >
            <Input data-testid="call-phone" maxLength={20} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="direction" label="方向">
            <Radio.Group
              options={[
                { value: 1, label: '呼入' },
                { value: 2, label: '呼出' },
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="caseId" label="关联工单（可选）">
            <CasePicker />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="startedAt"
            label="开始时间"
            rules={[{ required: true, message: '请选择开始时间' }]}
          >
            <DatePicker showTime format={FORMAT} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="answeredAt"
            label="接听时间"
            dependencies={['startedAt']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, v: Dayjs | null) =>
                  !v || !getFieldValue('startedAt') || !v.isBefore(getFieldValue('startedAt'))
                    ? Promise.resolve()
                    : Promise.reject(new Error('接听时间不能早于开始时间')),
              }),
            ]}
          >
            <DatePicker showTime format={FORMAT} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="endedAt"
            label="结束时间"
            dependencies={['startedAt', 'answeredAt']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, v: Dayjs | null) => {
                  const from: Dayjs | null = getFieldValue('answeredAt') ?? getFieldValue('startedAt');
                  return !v || !from || !v.isBefore(from)
                    ? Promise.resolve()
                    : Promise.reject(new Error('结束时间不能早于开始或接听时间'));
                },
              }),
            ]}
          >
            <DatePicker showTime format={FORMAT} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Button type="primary" loading={saving} onClick={submit} data-testid="call-save">
        记录通话
      </Button>
    </Form>
  );
}

/**
 * 坐席上下线 (/serviceDetail): the signed-in agent goes on or off duty, records a call (the pop-up of
 * the recorded number opens), and sees today's calls of its seat.
 */
export default function DutyPage() {
  const { user } = useSession();
  const [popup, setPopup] = useState<string | null>(null);
  // Live: the seat's state and calls follow changes made elsewhere (another tab, an administrator).
  useLiveRefresh([AGENT_TOPIC], callCentreKeys.all);
  if (!user) return null;
  const columns: ProColumns<CallRecordRow>[] = [
    { title: '开始时间', dataIndex: 'startedAt', key: 'startedAt', width: 170 },
    { title: '电话号码', dataIndex: 'phone', key: 'phone', width: 140 },
    { title: '方向', dataIndex: 'directionLabel', key: 'directionLabel', width: 70 },
    {
      title: '接听',
      dataIndex: 'answeredAt',
      key: 'answeredAt',
      width: 170,
      render: (_, r) => dash(r.answeredAt),
    },
    {
      title: '通话时长',
      dataIndex: 'durationSeconds',
      key: 'durationSeconds',
      width: 100,
      render: (_, r) => (r.durationSeconds === null ? '—' : `${r.durationSeconds} 秒`),
    },
    { title: '关联工单', dataIndex: 'caseNo', key: 'caseNo', render: (_, r) => dash(r.caseNo) },
    actionColumn<CallRecordRow>(80, (r) => (
      <RowAction key="popup" onClick={() => setPopup(r.token)}>
        弹屏
      </RowAction>
    )),
  ];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title="坐席状态" size="small">
        <DutySwitch userId={user.userId} username={user.username} />
      </Card>
      <Card title="记录通话" size="small">
        <CallForm onRecorded={setPopup} />
      </Card>
      <Card title={`今日通话（${shanghaiToday()}）`} size="small" styles={{ body: { padding: 0 } }}>
        <ContractTable<CallRecordRow>
          testId="today-calls"
          call={serviceUserCalls.callRecords}
          params={{ agentId: user.userId, date: shanghaiToday() }}
          queryKey={callCentreKeys.calls}
          columns={columns}
          search={false}
          emptyText="今日暂无通话"
        />
      </Card>
      <CallPopupDrawer token={popup} onClose={() => setPopup(null)} />
    </Space>
  );
}
