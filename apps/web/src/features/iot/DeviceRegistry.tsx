import { areaLabel, IOT_PERMISSIONS, type IotDeviceRow, iotDeviceCalls } from '@ec/contract';
import { API_PREFIX } from '@ec/contract/call';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Descriptions,
  Drawer,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { usePermission } from '../../lib/access.ts';
import { call } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { iotKeys, STATE_COLOR, useWrite } from './shared.tsx';

/*
 * The merchant's device registry beyond the list: a device's detail with its binding history, its
 * edit (optionally renewing its secret, shown once), and its signed data link.
 */

/** The registry's writes are the merchant's own (`iot:device:edit` and an IoT merchant account). */
export function useCanEditDevices() {
  const { user } = useSession();
  return usePermission(IOT_PERMISSIONS.deviceEdit) && user?.userType === 'iot';
}

/** A secret, shown this once: the MQTT credentials, a copy button and the warning. */
export function SecretNotice({ device, secret }: { device: IotDeviceRow; secret: string }) {
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="iot-secret">
      <Alert type="warning" showIcon message="密钥只显示这一次，关闭后无法再次查看，请立即复制并妥善保存。" />
      <Typography.Paragraph copyable={{ text: secret, tooltips: ['复制密钥', '已复制'] }}>
        MQTT 用户名 {device.code}，密码 <code>{secret}</code>，主题 {device.topic}/status
      </Typography.Paragraph>
    </Space>
  );
}

const protocolLabel = (p: string) => (p === 'http' ? 'HTTP' : 'MQTT');

/** A device's detail: the registry fields, the lift bound now, and every binding it has had. */
export function DeviceDetailDrawer({
  id,
  onClose,
  onEdit,
  onLink,
}: {
  id: number | null;
  onClose: () => void;
  onEdit: (d: IotDeviceRow) => void;
  onLink: (d: IotDeviceRow) => void;
}) {
  const canEdit = useCanEditDevices();
  const detail = useQuery({
    queryKey: [...iotKeys.all, 'detail', id],
    enabled: id !== null,
    retry: false,
    queryFn: ({ signal }) => call(iotDeviceCalls.detail, { id: id ?? 0 }, { signal }),
  });
  const d = detail.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={760}
      title={d ? `设备详情：${d.code}` : '设备详情'}
      extra={
        d && (
          <Space>
            <Button onClick={() => onLink(d)}>分享链接</Button>
            {canEdit && (
              <Button type="primary" onClick={() => onEdit(d)}>
                编辑
              </Button>
            )}
          </Space>
        )
      }
    >
      {detail.isError ? (
        <Alert type="warning" showIcon message="无法读取该设备" />
      ) : d ? (
        <Space direction="vertical" style={{ width: '100%' }} size="large" data-testid="iot-device-detail">
          <Descriptions size="small" bordered column={2} title="设备">
            <Descriptions.Item label="设备编号">{d.code}</Descriptions.Item>
            <Descriptions.Item label="设备名称">{d.name}</Descriptions.Item>
            <Descriptions.Item label="所属商户">{d.merchantName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="接入协议">{protocolLabel(d.protocol)}</Descriptions.Item>
            <Descriptions.Item label="上报间隔">{d.intervalSeconds} 秒</Descriptions.Item>
            <Descriptions.Item label="状态">
              <Badge status={STATE_COLOR[d.state] as 'success'} text={d.stateLabel} />
            </Descriptions.Item>
            <Descriptions.Item label="最后通信">{d.lastSeenAt ?? '从未'}</Descriptions.Item>
            <Descriptions.Item label="未消除报警">{d.openAlarms}</Descriptions.Item>
            <Descriptions.Item label="MQTT 主题" span={2}>
              <Typography.Text copyable>{`${d.topic}/status`}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="备注" span={2}>
              {d.remark || '—'}
            </Descriptions.Item>
            <Descriptions.Item label="创建时间" span={2}>
              {d.createTime}
            </Descriptions.Item>
          </Descriptions>
          <Descriptions size="small" bordered column={2} title="当前绑定">
            {d.lift ? (
              <>
                <Descriptions.Item label="电梯注册代码">
                  <span data-testid="iot-detail-lift">{d.lift.registerCode}</span>
                </Descriptions.Item>
                <Descriptions.Item label="区域">
                  {areaLabel(d.lift.areaCode) ?? d.lift.areaCode}
                </Descriptions.Item>
                <Descriptions.Item label="地址" span={2}>
                  {d.lift.address}
                </Descriptions.Item>
                <Descriptions.Item label="绑定时间" span={2}>
                  {d.boundAt ?? '—'}
                </Descriptions.Item>
              </>
            ) : (
              <Descriptions.Item label="电梯">
                <span data-testid="iot-detail-lift">未绑定</span>
              </Descriptions.Item>
            )}
          </Descriptions>
          <div>
            <Typography.Title level={5}>绑定记录</Typography.Title>
            <div data-testid="iot-binding-history">
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={d.bindings}
                locale={{ emptyText: <Empty description="从未绑定电梯" /> }}
                columns={[
                  {
                    title: '电梯注册代码',
                    dataIndex: 'registerCode',
                    render: (v: string | null, b) => v ?? `电梯 ${b.elevatorId}（已删除）`,
                  },
                  { title: '绑定时间', dataIndex: 'boundAt', width: 165 },
                  { title: '绑定人', dataIndex: 'boundBy', render: (v: string | null) => v ?? '—' },
                  {
                    title: '解绑时间',
                    dataIndex: 'unboundAt',
                    width: 165,
                    render: (v: string | null) => v ?? <Tag color="green">当前绑定</Tag>,
                  },
                  { title: '解绑人', dataIndex: 'unboundBy', render: (v: string | null) => v ?? '—' },
                ]}
              />
            </div>
          </div>
        </Space>
      ) : null}
    </Drawer>
  );
}

interface EditValues {
  name: string;
  protocol: 'mqtt' | 'http';
  intervalSeconds: number;
  remark?: string;
  renewSecret?: boolean;
}

/**
 * 编辑设备: name, protocol, interval, remark; 重置密钥 renews the secret (the old one stops working
 * at once) and the new one is shown this once. A stale version is refused by the server (409).
 */
export function EditDeviceModal({ device, onClose }: { device: IotDeviceRow | null; onClose: () => void }) {
  const write = useWrite();
  const [form] = Form.useForm<EditValues>();
  const [saving, setSaving] = useState(false);
  const [renewed, setRenewed] = useState<{ device: IotDeviceRow; secret: string } | null>(null);
  const renew = Form.useWatch('renewSecret', form);
  const save = async (v: EditValues) => {
    if (!device) return;
    setSaving(true);
    const out = await write(
      () =>
        call(iotDeviceCalls.update, {
          id: device.id,
          version: device.version,
          name: v.name.trim(),
          protocol: v.protocol,
          intervalSeconds: v.intervalSeconds,
          remark: v.remark?.trim() || undefined,
          renewSecret: v.renewSecret || undefined,
        }),
      v.renewSecret ? '设备已修改，密钥已重置' : '设备已修改',
    ).finally(() => setSaving(false));
    if (!out) return;
    onClose();
    if (out.secret) setRenewed({ device: out.device, secret: out.secret });
  };
  return (
    <>
      <Modal
        title={`编辑设备：${device?.code ?? ''}`}
        open={device !== null}
        destroyOnHidden
        confirmLoading={saving}
        onCancel={onClose}
        onOk={() => form.submit()}
      >
        {device && (
          <Form<EditValues>
            form={form}
            layout="vertical"
            preserve={false}
            initialValues={{
              name: device.name,
              protocol: device.protocol,
              intervalSeconds: device.intervalSeconds,
              remark: device.remark ?? '',
              renewSecret: false,
            }}
            onFinish={save}
          >
            <Form.Item
              name="name"
              label="设备名称"
              rules={[{ required: true, whitespace: true, message: '请填写设备名称' }]}
            >
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
            <Form.Item
              name="intervalSeconds"
              label="上报间隔（秒）"
              rules={[{ required: true, message: '请填写上报间隔' }]}
            >
              <InputNumber min={5} max={3600} precision={0} />
            </Form.Item>
            <Form.Item name="remark" label="备注">
              <Input.TextArea maxLength={500} rows={2} />
            </Form.Item>
            <Form.Item name="renewSecret" valuePropName="checked">
              <Checkbox>重置设备密钥</Checkbox>
            </Form.Item>
            {renew && (
              <Alert
                type="warning"
                showIcon
                message="重置后旧密钥立即失效，设备须改用新密钥才能上报；新密钥只显示一次。"
              />
            )}
          </Form>
        )}
      </Modal>
      <Modal
        title="新的设备密钥（仅显示这一次）"
        open={renewed !== null}
        onCancel={() => setRenewed(null)}
        footer={<Button onClick={() => setRenewed(null)}>我已保存</Button>}
      >
        {renewed && <SecretNotice device={renewed.device} secret={renewed.secret} />}
      </Modal>
    </>
  );
}

/** The signed link's full address (the server answers its path below the API prefix). */
export const dataLinkUrl = (path: string, origin = window.location.origin) => `${origin}${API_PREFIX}${path}`;

/** 数据链接: a signed link to the device's data that opens without signing in, valid for N hours. */
export function DataLinkModal({ device, onClose }: { device: IotDeviceRow | null; onClose: () => void }) {
  const [hours, setHours] = useState(24);
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setLink(null);
    setHours(24);
    onClose();
  };
  const make = async () => {
    if (!device) return;
    setBusy(true);
    try {
      const out = await call(iotDeviceCalls.dataLink, { id: device.id, hours });
      setLink({ url: dataLinkUrl(out.path), expiresAt: out.expiresAt });
    } catch {
      // the client showed the refusal
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={`设备数据链接：${device?.code ?? ''}`}
      open={device !== null}
      onCancel={close}
      footer={<Button onClick={close}>关闭</Button>}
      width={640}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          持有链接的任何人无需登录即可查看该设备的实时数据，请只交给需要的人（如张贴于轿厢的二维码、使用单位）。
        </Typography.Text>
        <Space>
          <span>有效期</span>
          <InputNumber
            aria-label="有效期（小时）"
            min={1}
            max={720}
            precision={0}
            value={hours}
            onChange={(v) => setHours(v ?? 24)}
            addonAfter="小时"
          />
          <Button type="primary" loading={busy} onClick={make}>
            生成链接
          </Button>
        </Space>
        {link && (
          <Space direction="vertical" style={{ width: '100%' }} data-testid="iot-data-link">
            <Typography.Paragraph
              copyable={{ text: link.url, tooltips: ['复制链接', '已复制'] }}
              style={{ marginBottom: 0 }}
            >
              <a href={link.url} target="_blank" rel="noreferrer" data-testid="iot-data-link-url">
                {link.url}
              </a>
            </Typography.Paragraph>
            <Typography.Text>
              有效期至 <span data-testid="iot-data-link-expiry">{link.expiresAt}</span>
            </Typography.Text>
          </Space>
        )}
      </Space>
    </Modal>
  );
}
