import { ProFormSelect, ProFormSwitch } from '@ant-design/pro-components';
import { type NoticeRule, noticeCalls, roleCalls } from '@ec/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Table, Tag } from 'antd';
import { useState } from 'react';
import { FormModal } from '../../../components/FormModal.tsx';
import { RowAction } from '../../../components/RowAction.tsx';
import { call } from '../../../lib/api.ts';
import { opsKeys } from '../keys.ts';

/**
 * 消息规则: per kind of message, the roles whose holders receive it (each within the role's data
 * scope), whether it also goes out by SMS, and whether it is sent at all.
 */
export default function NoticeRulePage() {
  const client = useQueryClient();
  const rules = useQuery({ queryKey: opsKeys.rules, queryFn: () => call(noticeCalls.rules) });
  const roles = useQuery({
    queryKey: [...opsKeys.rules, 'roles'],
    queryFn: () => call(roleCalls.query, { page: 1, limit: 200 }),
  });
  const roleName = new Map((roles.data?.records ?? []).map((r) => [r.roleKey, r.name]));
  const [editing, setEditing] = useState<NoticeRule | null>(null);

  return (
    <Card title="消息规则" data-testid="notice-rules">
      <Table<NoticeRule>
        rowKey="kind"
        size="middle"
        loading={rules.isLoading}
        dataSource={rules.data ?? []}
        pagination={false}
        columns={[
          { title: '消息类型', dataIndex: 'kindLabel', width: 140 },
          {
            title: '接收角色',
            dataIndex: 'roles',
            render: (_, r) =>
              r.roles.length === 0
                ? '仅相关用户本人'
                : r.roles.map((k) => <Tag key={k}>{roleName.get(k) ?? k}</Tag>),
          },
          { title: '短信', dataIndex: 'sms', width: 80, render: (_, r) => (r.sms ? '发送' : '不发送') },
          { title: '状态', dataIndex: 'enabled', width: 80, render: (_, r) => (r.enabled ? '启用' : '停用') },
          {
            title: '操作',
            key: 'actions',
            width: 70,
            render: (_, r) => (
              <RowAction onClick={() => setEditing(r)} data-testid={`notice-rule-edit-${r.kind}`}>
                修改
              </RowAction>
            ),
          },
        ]}
      />
      {editing && (
        <FormModal<{ roles: string[]; sms: boolean; enabled: boolean }>
          title={`修改消息规则：${editing.kindLabel}`}
          testId="notice-rule-form"
          initialValues={editing}
          onClose={() => setEditing(null)}
          onSubmit={async (v) => {
            await call(noticeCalls.updateRule, { kind: editing.kind, ...v });
            await client.invalidateQueries({ queryKey: opsKeys.rules });
          }}
        >
          <ProFormSelect
            name="roles"
            label="接收角色"
            mode="multiple"
            options={(roles.data?.records ?? []).map((r) => ({ value: r.roleKey, label: r.name }))}
            extra="持有这些角色的账号在各自数据范围内收到此类消息；相关用户本人（如导出任务的提交人）总会收到"
          />
          <ProFormSwitch name="sms" label="同时发短信" extra="每人每小时最多 5 条，超出的只在站内显示" />
          <ProFormSwitch name="enabled" label="启用" />
        </FormModal>
      )}
    </Card>
  );
}
