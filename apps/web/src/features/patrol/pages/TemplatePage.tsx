import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import {
  PATROL_TARGET_KIND_LABEL,
  type PatrolTargetKind,
  type PatrolTemplateRow,
  patrolContentCalls,
  patrolTemplateCalls,
} from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Form, Input, List, Modal, Popconfirm, Select, Space, Switch, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { call } from '../../../lib/api.ts';
import { moveEntry } from '../logic.ts';
import { patrolKeys, usePatrolRights, usePatrolWrite } from '../queries.ts';

/** 巡检模板: an ordered set of check contents of one target kind. */
export default function TemplatePage() {
  const rights = usePatrolRights();
  const write = usePatrolWrite();
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  const columns: ProColumns<PatrolTemplateRow>[] = [
    { title: '模板名称', dataIndex: 'name', width: 220 },
    {
      title: '巡检对象',
      dataIndex: 'targetKind',
      valueType: 'select',
      valueEnum: PATROL_TARGET_KIND_LABEL,
      width: 90,
      render: (_, r) => r.targetKindLabel,
    },
    { title: '检查项数', dataIndex: 'itemCount', search: false, width: 80 },
    { title: '说明', dataIndex: 'remark', search: false, ellipsis: true, width: 260 },
    {
      title: '状态',
      dataIndex: 'enabled',
      search: false,
      width: 70,
      render: (_, r) => (r.enabled ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
    },
    { title: '更新时间', dataIndex: 'updateTime', search: false, width: 160 },
    actionColumn<PatrolTemplateRow>(130, (r) => (
      <>
        <RowAction onClick={() => setEditing({ id: r.id })}>
          {rights.editContents ? '修改' : '查看'}
        </RowAction>
        {rights.editContents && (
          <Popconfirm
            title={`删除模板「${r.name}」？`}
            description="已创建的任务保留其检查内容"
            onConfirm={() =>
              write(() => call(patrolTemplateCalls.delete, { ids: [r.id] }), '已删除').catch(() => undefined)
            }
          >
            <RowAction danger>删除</RowAction>
          </Popconfirm>
        )}
      </>
    )),
  ];
  return (
    <>
      <ContractTable<PatrolTemplateRow>
        call={patrolTemplateCalls.queryList}
        queryKey={patrolKeys.templates}
        columns={columns}
        testId="patrol-templates"
        emptyText="暂无巡检模板"
        add={rights.editContents ? { label: '新增巡检模板', onClick: () => setEditing({}) } : false}
      />
      {editing && (
        <TemplateDialog id={editing.id} readOnly={!rights.editContents} onClose={() => setEditing(null)} />
      )}
    </>
  );
}

interface Values {
  name: string;
  targetKind: PatrolTargetKind;
  remark?: string;
  enabled: boolean;
}

function TemplateDialog({ id, readOnly, onClose }: { id?: number; readOnly: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const write = usePatrolWrite();
  const [busy, setBusy] = useState(false);
  const [items, setItems] = useState<{ id: number; name: string }[]>([]);
  const kind = Form.useWatch('targetKind', form) as PatrolTargetKind | undefined;
  const detail = useQuery({
    queryKey: [...patrolKeys.templates, 'detail', id],
    enabled: id !== undefined,
    queryFn: ({ signal }) => call(patrolTemplateCalls.queryDetail, { id: id! }, { signal }),
  });
  const contents = useQuery({
    queryKey: [...patrolKeys.contents, 'options', kind],
    enabled: !!kind,
    queryFn: ({ signal }) =>
      call(patrolContentCalls.queryList, { appliesTo: kind, enabled: true, limit: 500 }, { signal }),
  });
  useEffect(() => {
    const d = detail.data;
    if (!d) return;
    form.setFieldsValue({
      name: d.name,
      targetKind: d.targetKind,
      remark: d.remark ?? undefined,
      enabled: d.enabled,
    });
    setItems(d.items.map((i) => ({ id: i.contentId, name: i.name })));
  }, [detail.data, form]);
  const options = (contents.data?.records ?? [])
    .filter((c) => !items.some((i) => i.id === c.id))
    .map((c) => ({ value: c.id, label: `${c.category} · ${c.name}` }));
  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    if (items.length === 0) return void message.warning('请至少添加一项检查内容');
    setBusy(true);
    try {
      await write(
        () =>
          call(patrolTemplateCalls.save, {
            ...v,
            remark: v.remark ?? null,
            id,
            version: detail.data?.version,
            contentIds: items.map((i) => i.id),
          }),
        '保存成功',
      );
      onClose();
    } catch {
      // the api client showed the reason
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      width={640}
      title={id ? (readOnly ? '巡检模板' : '修改巡检模板') : '新增巡检模板'}
      onCancel={onClose}
      onOk={readOnly ? onClose : save}
      okText={readOnly ? '关闭' : '保存'}
      confirmLoading={busy}
      destroyOnHidden
      data-testid="patrol-template-form"
    >
      <Form form={form} layout="vertical" initialValues={{ enabled: true }} disabled={readOnly}>
        <Form.Item
          name="name"
          label="模板名称"
          rules={[{ required: true, whitespace: true, message: '请填写模板名称' }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="targetKind" label="巡检对象" rules={[{ required: true, message: '请选择巡检对象' }]}>
          <Select
            options={Object.entries(PATROL_TARGET_KIND_LABEL).map(([value, label]) => ({ value, label }))}
            onChange={() => setItems([])}
            disabled={readOnly || id !== undefined}
          />
        </Form.Item>
        <Form.Item name="remark" label="说明">
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
      <div style={{ marginBottom: 8 }}>检查内容（按顺序）</div>
      {!readOnly && (
        <Select
          style={{ width: '100%', marginBottom: 8 }}
          placeholder={kind ? '添加检查内容' : '请先选择巡检对象'}
          disabled={!kind}
          value={null}
          options={options}
          showSearch
          optionFilterProp="label"
          onChange={(value: number) => {
            const c = contents.data?.records.find((x) => x.id === value);
            if (c) setItems((list) => [...list, { id: c.id, name: c.name }]);
          }}
          data-testid="template-add-content"
        />
      )}
      {items.length === 0 ? (
        <Empty description="尚未添加检查内容" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <List
          size="small"
          bordered
          dataSource={items}
          data-testid="template-items"
          renderItem={(item, index) => (
            <List.Item
              actions={
                readOnly
                  ? []
                  : [
                      <Space key="a" size={0}>
                        <Button
                          type="text"
                          size="small"
                          aria-label="上移"
                          icon={<ArrowUpOutlined />}
                          disabled={index === 0}
                          onClick={() => setItems((l) => moveEntry(l, index, -1))}
                        />
                        <Button
                          type="text"
                          size="small"
                          aria-label="下移"
                          icon={<ArrowDownOutlined />}
                          disabled={index === items.length - 1}
                          onClick={() => setItems((l) => moveEntry(l, index, 1))}
                        />
                        <Button
                          type="text"
                          size="small"
                          danger
                          aria-label="移除"
                          icon={<DeleteOutlined />}
                          onClick={() => setItems((l) => l.filter((x) => x.id !== item.id))}
                        />
                      </Space>,
                    ]
              }
            >
              {index + 1}. {item.name}
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}
