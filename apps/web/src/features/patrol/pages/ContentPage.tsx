import type { ProColumns } from '@ant-design/pro-components';
import {
  PATROL_CATEGORIES,
  PATROL_TARGET_KIND_LABEL,
  type PatrolContentRow,
  patrolContentCalls,
} from '@ec/contract';
import { Form, Input, Popconfirm, Select, Switch, Tag } from 'antd';
import { useState } from 'react';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { requiredRule, SaveModal } from '../../../components/SaveModal.tsx';
import { call } from '../../../lib/api.ts';
import { patrolKeys, usePatrolRights, usePatrolWrite } from '../queries.ts';

const categoryEnum = Object.fromEntries(PATROL_CATEGORIES.map((c) => [c, c]));
const kindOptions = Object.entries(PATROL_TARGET_KIND_LABEL).map(([value, label]) => ({ value, label }));

/** 巡检内容: what a regulator checks at a lift or a use unit (city-wide; regulators edit). */
export default function ContentPage() {
  const rights = usePatrolRights();
  const write = usePatrolWrite();
  const [editing, setEditing] = useState<Partial<PatrolContentRow> | null>(null);
  const columns: ProColumns<PatrolContentRow>[] = [
    { title: '检查内容', dataIndex: 'name', width: 220 },
    { title: '检查类别', dataIndex: 'category', valueType: 'select', valueEnum: categoryEnum, width: 100 },
    {
      title: '适用对象',
      dataIndex: 'appliesTo',
      valueType: 'select',
      valueEnum: PATROL_TARGET_KIND_LABEL,
      width: 90,
      render: (_, r) => r.appliesToLabel,
    },
    { title: '检查要求', dataIndex: 'requirement', search: false, ellipsis: true, width: 280 },
    {
      title: '状态',
      dataIndex: 'enabled',
      search: false,
      width: 70,
      render: (_, r) => (r.enabled ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
    },
    { title: '使用模板数', dataIndex: 'templateCount', search: false, width: 90 },
    { title: '更新时间', dataIndex: 'updateTime', search: false, width: 160 },
    actionColumn<PatrolContentRow>(110, (r) =>
      rights.editContents ? (
        <>
          <RowAction onClick={() => setEditing(r)}>修改</RowAction>
          <Popconfirm
            title={`删除检查内容「${r.name}」？`}
            description={r.templateCount > 0 ? '该内容已被模板使用，需先从模板中移除' : undefined}
            onConfirm={() =>
              write(() => call(patrolContentCalls.delete, { ids: [r.id] }), '已删除').catch(() => undefined)
            }
          >
            <RowAction danger>删除</RowAction>
          </Popconfirm>
        </>
      ) : null,
    ),
  ];
  return (
    <>
      <ContractTable<PatrolContentRow>
        call={patrolContentCalls.queryList}
        queryKey={patrolKeys.contents}
        columns={columns}
        testId="patrol-contents"
        emptyText="暂无检查内容"
        add={
          rights.editContents
            ? { label: '新增检查内容', onClick: () => setEditing({ enabled: true }) }
            : false
        }
      />
      {editing && (
        <SaveModal<{
          name: string;
          category: string;
          appliesTo: 'lift' | 'unit';
          requirement?: string;
          enabled: boolean;
        }>
          title={editing.id ? '修改检查内容' : '新增检查内容'}
          testId="patrol-content-form"
          initial={{
            name: editing.name,
            category: editing.category,
            appliesTo: editing.appliesTo,
            requirement: editing.requirement ?? undefined,
            enabled: editing.enabled ?? true,
          }}
          onClose={() => setEditing(null)}
          submit={(v) =>
            write(() =>
              call(patrolContentCalls.save, {
                ...v,
                category: v.category as (typeof PATROL_CATEGORIES)[number],
                requirement: v.requirement ?? null,
                id: editing.id,
                version: editing.version,
              }),
            )
          }
        >
          <Form.Item name="name" label="检查内容" rules={requiredRule('请填写检查内容')}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="category" label="检查类别" rules={[{ required: true, message: '请选择检查类别' }]}>
            <Select options={PATROL_CATEGORIES.map((c) => ({ value: c, label: c }))} />
          </Form.Item>
          <Form.Item
            name="appliesTo"
            label="适用对象"
            rules={[{ required: true, message: '请选择适用对象' }]}
          >
            <Select options={kindOptions} />
          </Form.Item>
          <Form.Item name="requirement" label="检查要求">
            <Input.TextArea rows={3} maxLength={500} showCount />
          </Form.Item>
          <Form.Item name="enabled" label="启用" valuePropName="checked">
            <Switch />
          </Form.Item>
        </SaveModal>
      )}
    </>
  );
}
