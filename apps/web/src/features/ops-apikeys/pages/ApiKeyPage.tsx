import type { ProColumns } from '@ant-design/pro-components';
import {
  ProFormDatePicker,
  ProFormDigit,
  ProFormItem,
  ProFormSelect,
  ProFormText,
} from '@ant-design/pro-components';
import {
  API_KEY_DEFAULT_RATE,
  API_KEY_HEADER,
  API_KEY_PERMISSIONS,
  API_KEY_SCOPE_KEYS,
  API_KEY_SCOPES,
  type ApiKeyRow,
  type ApiKeyUseRow,
  apiKeyCalls,
  type CallInput,
  shanghaiToday,
} from '@ec/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Modal, Popconfirm, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { call } from '../../../lib/api.ts';
import { Permission } from '../../../lib/permission.tsx';
import { EnterpriseSelect } from '../EnterpriseSelect.tsx';

const KEYS = ['ops', 'apiKeys'] as const;

const STATE = {
  active: { text: '有效', color: 'success' },
  expired: { text: '已过期', color: 'default' },
  revoked: { text: '已吊销', color: 'error' },
} as const;

type CreateValues = {
  name: string;
  enterpriseId?: number | null;
  scopes: CallInput<typeof apiKeyCalls.create>['scopes'];
  expiresOn: string;
  ratePerMinute?: number;
};

/**
 * API 密钥: the keys partner systems (IoT vendors, provincial platforms, insurers) call the platform
 * with. The administrator issues one (the secret is shown once, with a copy button), revokes one, and
 * reads a key's requests in a drawer.
 */
export default function ApiKeyPage() {
  const client = useQueryClient();
  const { message } = App.useApp();
  const [creating, setCreating] = useState(false);
  const [issued, setIssued] = useState<{ key: ApiKeyRow; secret: string } | null>(null);
  const [usesOf, setUsesOf] = useState<ApiKeyRow | null>(null);
  const changed = () => client.invalidateQueries({ queryKey: KEYS });

  const columns: ProColumns<ApiKeyRow>[] = [
    { title: '名称', dataIndex: 'name' },
    {
      title: '密钥编号',
      dataIndex: 'keyId',
      search: false,
      render: (_, r) => <Typography.Text code>{`ec_${r.keyId}_…`}</Typography.Text>,
    },
    {
      title: '所属组织',
      dataIndex: 'enterpriseName',
      search: false,
      render: (_, r) => r.enterpriseName ?? <Tag>平台通用</Tag>,
    },
    {
      title: '权限范围',
      dataIndex: 'scopes',
      search: false,
      render: (_, r) =>
        r.scopes.map((s) => (
          <Tag key={s} title={API_KEY_SCOPES[s]}>
            {s}
          </Tag>
        )),
    },
    { title: '每分钟上限', dataIndex: 'ratePerMinute', search: false, align: 'right', width: 100 },
    { title: '到期日期', dataIndex: 'expiresOn', search: false, width: 110 },
    {
      title: '状态',
      dataIndex: 'state',
      valueType: 'select',
      width: 90,
      valueEnum: Object.fromEntries(Object.entries(STATE).map(([k, v]) => [k, { text: v.text }])),
      render: (_, r) => <Tag color={STATE[r.state].color}>{STATE[r.state].text}</Tag>,
    },
    {
      title: '最近使用',
      dataIndex: 'lastUseTime',
      search: false,
      width: 170,
      render: (_, r) => r.lastUseTime ?? '从未使用',
    },
    { title: '调用次数', dataIndex: 'uses', search: false, align: 'right', width: 90 },
    {
      title: '签发人',
      dataIndex: 'createdBy',
      search: false,
      width: 100,
      render: (_, r) => r.createdBy ?? '—',
    },
    { title: '签发时间', dataIndex: 'createTime', search: false, width: 170 },
    actionColumn(130, (r) => [
      <RowAction key="uses" onClick={() => setUsesOf(r)}>
        调用记录
      </RowAction>,
      r.state === 'revoked' ? null : (
        <Permission key="revoke" value={API_KEY_PERMISSIONS.edit}>
          <Popconfirm
            title="吊销这个 API 密钥？"
            description="吊销后使用该密钥的系统会立即无法调用，且不能恢复。"
            okText="吊销"
            okButtonProps={{ danger: true }}
            onConfirm={async () => {
              await call(apiKeyCalls.revoke, { id: r.id });
              message.success('已吊销');
              await changed();
            }}
          >
            <RowAction danger>吊销</RowAction>
          </Popconfirm>
        </Permission>
      ),
    ]),
  ];

  return (
    <>
      <ContractTable<ApiKeyRow>
        testId="apikey-table"
        call={apiKeyCalls.query}
        queryKey={KEYS}
        columns={columns}
        add={{ label: '签发密钥', onClick: () => setCreating(true), permission: API_KEY_PERMISSIONS.edit }}
        emptyText="暂无 API 密钥"
      />
      {creating && (
        <FormModal<CreateValues>
          title="签发 API 密钥"
          okText="签发"
          testId="apikey-create"
          initialValues={{ scopes: [], ratePerMinute: API_KEY_DEFAULT_RATE }}
          onClose={() => setCreating(false)}
          onSubmit={async (v) => {
            const result = await call(apiKeyCalls.create, {
              name: v.name,
              enterpriseId: v.enterpriseId ?? null,
              scopes: v.scopes,
              expiresOn: v.expiresOn,
              ratePerMinute: v.ratePerMinute,
            });
            setCreating(false);
            setIssued(result);
            await changed();
          }}
        >
          <ProFormText
            name="name"
            label="名称"
            rules={[{ required: true, message: '请输入密钥名称' }]}
            fieldProps={{ maxLength: 100 }}
          />
          <ProFormItem name="enterpriseId" label="所属组织">
            <EnterpriseSelect />
          </ProFormItem>
          <ProFormSelect
            name="scopes"
            label="权限范围"
            mode="multiple"
            rules={[{ required: true, message: '请至少选择一个权限范围' }]}
            options={API_KEY_SCOPE_KEYS.map((s) => ({ value: s, label: `${s}（${API_KEY_SCOPES[s]}）` }))}
          />
          <ProFormDatePicker
            name="expiresOn"
            label="到期日期"
            rules={[{ required: true, message: '请选择到期日期' }]}
            width="100%"
            // Days before today in Shanghai, as the server counts them.
            fieldProps={{ disabledDate: (d: Dayjs) => d.format('YYYY-MM-DD') < shanghaiToday() }}
          />
          <ProFormDigit
            name="ratePerMinute"
            label="每分钟上限"
            min={1}
            max={100000}
            fieldProps={{ precision: 0 }}
          />
        </FormModal>
      )}
      {issued && <SecretModal issued={issued} onClose={() => setIssued(null)} />}
      {usesOf && <UsesDrawer apiKey={usesOf} onClose={() => setUsesOf(null)} />}
    </>
  );
}

/** The secret, once: copy it now, it cannot be shown again. */
function SecretModal({
  issued,
  onClose,
}: {
  issued: { key: ApiKeyRow; secret: string };
  onClose: () => void;
}) {
  const { message } = App.useApp();
  return (
    <Modal
      open
      title={`已签发：${issued.key.name}`}
      maskClosable={false}
      closable={false}
      className="apikey-secret"
      footer={
        <Button type="primary" onClick={onClose}>
          我已保存
        </Button>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Alert
          type="warning"
          showIcon
          message="密钥只显示这一次"
          description={`请立即复制并妥善保存；关闭后无法再次查看，遗失只能吊销后重新签发。调用时放在请求头 ${API_KEY_HEADER} 中。`}
        />
        <Typography.Paragraph code style={{ wordBreak: 'break-all' }} data-testid="apikey-secret">
          {issued.secret}
        </Typography.Paragraph>
        <Button
          onClick={async () => {
            await navigator.clipboard.writeText(issued.secret);
            message.success('已复制');
          }}
        >
          复制密钥
        </Button>
      </Space>
    </Modal>
  );
}

function UsesDrawer({ apiKey, onClose }: { apiKey: ApiKeyRow; onClose: () => void }) {
  const columns: ProColumns<ApiKeyUseRow>[] = [
    { title: '时间', dataIndex: 'time', width: 170 },
    { title: '方法', dataIndex: 'method', width: 70 },
    { title: '路径', dataIndex: 'path', ellipsis: true },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (_, r) => <Tag color={r.status < 300 ? 'success' : 'error'}>{r.status}</Tag>,
    },
    { title: 'IP', dataIndex: 'ip', width: 130, render: (_, r) => r.ip ?? '—' },
  ];
  return (
    <Drawer open width={820} title={`调用记录：${apiKey.name}`} onClose={onClose} destroyOnHidden>
      <ContractTable<ApiKeyUseRow>
        testId="apikey-uses"
        call={apiKeyCalls.uses}
        params={{ id: apiKey.id }}
        queryKey={[...KEYS, 'uses']}
        columns={columns}
        search={false}
        bare
        emptyText="该密钥尚未被使用"
      />
    </Drawer>
  );
}
