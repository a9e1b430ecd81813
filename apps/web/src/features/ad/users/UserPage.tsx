import {
  type ProColumns,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import {
  AD_TASK_PERMISSIONS,
  adCustomCalls,
  adUserCalls,
  AD_USER_PERMISSIONS as P,
  WX_USER_KIND,
  WX_USER_KIND_LABEL,
  type WxUserRow,
} from '@ec/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Tag, Upload } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { usePermission } from '../../../lib/access.ts';
import { call, upload } from '../../../lib/api.ts';
import { dash } from '../../../lib/format.ts';
import { Photo } from '../tasks/Photo.tsx';

const keys = { all: ['adWxUsers'] as const };
const kindEnum = Object.fromEntries(Object.entries(WX_USER_KIND_LABEL).map(([k, text]) => [k, { text }]));

interface FormValues extends Record<string, unknown> {
  kind: number;
  name: string;
  phone: string;
  customerId?: number | null;
  openId?: string | null;
  enabled?: boolean;
  remark?: string | null;
}

/**
 * 小程序用户 (/ad/user): the mini-program accounts of the operator's field workers and customers'
 * contacts: 新增 / 编辑 (a customer's contact is bound to one of its customers), 上传照片. The
 * mini-program's own WeChat sign-in is not part of this console.
 */
export default function UserPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const canEdit = usePermission(P.edit);
  const [editing, setEditing] = useState<WxUserRow | 'new' | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const customers = useQuery({
    queryKey: ['adCustomAll'],
    queryFn: () => call(adCustomCalls.all, {}, { silent: true }),
    enabled: editing !== null,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: keys.all });
  const photo = async (r: WxUserRow, file: File) => {
    try {
      await upload(adUserCalls.upload, file, { id: r.id });
      message.success('照片已上传');
    } catch {
      // The request layer showed the reason.
    } finally {
      await refresh();
    }
  };
  const columns: ProColumns<WxUserRow>[] = [
    {
      title: '关键字',
      dataIndex: 'keyword',
      key: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '姓名或手机号' },
    },
    {
      title: '照片',
      dataIndex: 'avatarFileId',
      key: 'avatar',
      hideInSearch: true,
      width: 70,
      render: (_, r) => (r.avatarFileId ? <Photo id={r.avatarFileId} size={40} alt={r.name} /> : '—'),
    },
    {
      title: '姓名',
      dataIndex: 'name',
      key: 'name',
      hideInSearch: true,
      width: 120,
      render: (_, r) => (
        <RowAction data-testid="ad-user-link" onClick={() => setViewing(r.id)}>
          {r.name}
        </RowAction>
      ),
    },
    {
      title: '类型',
      dataIndex: 'kind',
      key: 'kind',
      valueType: 'select',
      valueEnum: kindEnum,
      width: 90,
      render: (_, r) => r.kindLabel,
    },
    { title: '手机号', dataIndex: 'phone', key: 'phone', hideInSearch: true, width: 130 },
    {
      title: '绑定客户',
      dataIndex: 'customerName',
      key: 'customerName',
      hideInSearch: true,
      ellipsis: true,
      render: (_, r) => dash(r.customerName),
    },
    {
      title: '绑定账号',
      dataIndex: 'userName',
      key: 'userName',
      hideInSearch: true,
      width: 110,
      render: (_, r) => dash(r.userName),
    },
    {
      title: '状态',
      dataIndex: 'enabled',
      key: 'enabled',
      valueType: 'select',
      valueEnum: { true: { text: '启用' }, false: { text: '停用' } },
      width: 80,
      render: (_, r) => <Tag color={r.enabled ? 'green' : 'default'}>{r.enabled ? '启用' : '停用'}</Tag>,
    },
    { title: '创建时间', dataIndex: 'createTime', key: 'createTime', hideInSearch: true, width: 160 },
    actionColumn<WxUserRow>(190, (r) => [
      <RowAction key="detail" data-testid="ad-user-detail" onClick={() => setViewing(r.id)}>
        详情
      </RowAction>,
      ...(canEdit
        ? [
            <RowAction key="edit" onClick={() => setEditing(r)}>
              编辑
            </RowAction>,
            <Upload
              key="photo"
              accept=".jpg,.jpeg,.png,.gif"
              showUploadList={false}
              beforeUpload={(f) => {
                void photo(r, f);
                return false;
              }}
            >
              <RowAction>上传照片</RowAction>
            </Upload>,
          ]
        : []),
    ]),
  ];
  const row = editing !== 'new' ? editing : null;
  return (
    <>
      <ContractTable<WxUserRow>
        testId="ad-user-list"
        call={adUserCalls.getXcxUserList}
        queryKey={keys.all}
        columns={columns}
        add={{ label: '新增用户', onClick: () => setEditing('new'), permission: P.edit }}
        emptyText="暂无小程序用户"
      />
      {viewing !== null && <UserDrawer id={viewing} onClose={() => setViewing(null)} />}
      {editing !== null && (
        <FormModal<FormValues>
          title={row ? '编辑小程序用户' : '新增小程序用户'}
          initialValues={row ? { ...row } : { kind: WX_USER_KIND.worker, enabled: true }}
          onClose={() => setEditing(null)}
          onSubmit={async (v) => {
            const input = {
              ...v,
              customerId: v.kind === WX_USER_KIND.customer ? (v.customerId ?? null) : null,
            };
            if (row) await call(adUserCalls.updateXcxUser, { ...input, id: row.id, version: row.version });
            else await call(adUserCalls.addXcxUser, input);
            message.success('已保存');
            await refresh();
          }}
        >
          <ProFormSelect
            name="kind"
            label="类型"
            valueEnum={{ 1: '安装人员', 2: '客户' }}
            rules={[{ required: true, message: '请选择类型' }]}
            transform={(v) => ({ kind: Number(v) })}
          />
          <ProFormText
            name="name"
            label="姓名"
            rules={[{ required: true, whitespace: true, message: '请输入姓名' }]}
            fieldProps={{ maxLength: 30 }}
          />
          <ProFormText name="phone" label="手机号" rules={[{ required: true, message: '请输入手机号' }]} />
          <ProFormSelect
            name="customerId"
            label="绑定客户"
            showSearch
            options={(customers.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            extra="类型为客户时必填"
          />
          <ProFormText
            name="openId"
            label="openid"
            fieldProps={{ maxLength: 64 }}
            extra="小程序登录后由微信给出；本系统不对接微信登录"
          />
          <ProFormSwitch name="enabled" label="启用" />
          <ProFormTextArea name="remark" label="备注" fieldProps={{ maxLength: 300 }} />
        </FormModal>
      )}
    </>
  );
}

/**
 * One mini-program user (getXcxUser): the account, its binding (a customer, or a console account
 * acting as this worker), its photo and, for a worker, its task logs (a link to 投放日志 narrowed to it).
 */
function UserDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const navigate = useNavigate();
  const canListLogs = usePermission(AD_TASK_PERMISSIONS.logList);
  const detail = useQuery({
    queryKey: [...keys.all, 'detail', id],
    queryFn: () => call(adUserCalls.getXcxUser, { id }),
  });
  const u = detail.data;
  const worker = u?.kind === WX_USER_KIND.worker;
  return (
    <Drawer
      open
      width={640}
      title={u ? `小程序用户：${u.name}` : '小程序用户'}
      onClose={onClose}
      loading={detail.isLoading}
      className="ad-user-drawer"
    >
      {u && (
        <Descriptions column={2} size="small" bordered data-testid="ad-user-detail-card">
          <Descriptions.Item label="姓名">{u.name}</Descriptions.Item>
          <Descriptions.Item label="类型">{u.kindLabel}</Descriptions.Item>
          <Descriptions.Item label="手机号">{u.phone}</Descriptions.Item>
          <Descriptions.Item label="状态">
            <Tag color={u.enabled ? 'green' : 'default'}>{u.enabled ? '启用' : '停用'}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label="广告运营商" span={2}>
            {dash(u.operatorName)}
          </Descriptions.Item>
          <Descriptions.Item label="绑定客户">{dash(u.customerName)}</Descriptions.Item>
          <Descriptions.Item label="绑定账号">{dash(u.userName)}</Descriptions.Item>
          <Descriptions.Item label="openid" span={2}>
            {dash(u.openId)}
          </Descriptions.Item>
          <Descriptions.Item label="照片">
            {u.avatarFileId ? <Photo id={u.avatarFileId} size={64} alt={u.name} /> : '—'}
          </Descriptions.Item>
          <Descriptions.Item label="投放日志">
            <span data-testid="ad-user-log-count">{u.logCount}</span> 条
            {worker && u.logCount > 0 && canListLogs && (
              <Button
                type="link"
                size="small"
                onClick={() => {
                  onClose();
                  navigate(`/ad/taskLog?workerId=${u.id}`);
                }}
              >
                查看
              </Button>
            )}
          </Descriptions.Item>
          <Descriptions.Item label="创建时间">{u.createTime}</Descriptions.Item>
          <Descriptions.Item label="备注">{dash(u.remark)}</Descriptions.Item>
        </Descriptions>
      )}
    </Drawer>
  );
}
