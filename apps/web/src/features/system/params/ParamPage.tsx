import { type ProColumns, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { type CallOutput, paramCalls } from '@ec/contract';
import { App, Typography } from 'antd';
import { useState } from 'react';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { usePermission } from '../../../lib/access.ts';
import { call } from '../../../lib/api.ts';
import { PERMS } from '../shared/labels.ts';
import { systemKeys, useInvalidate } from '../shared/queries.ts';
import { quietly } from '../shared/quietly.ts';
import { required } from '../shared/validators.ts';

type Param = CallOutput<typeof paramCalls.query>['records'][number];

interface ParamFormValues extends Record<string, unknown> {
  configKey: string;
  name: string;
  value: string;
  remark?: string;
}

function ParamForm({
  param,
  onClose,
  onSaved,
}: {
  param: Param | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  return (
    <FormModal<ParamFormValues>
      title={param ? `编辑参数 ${param.name}` : '新增参数'}
      testId="param-form"
      width={600}
      initialValues={param ? { ...param, remark: param.remark ?? '' } : { value: '' }}
      onClose={onClose}
      onSubmit={async (v) => {
        await call(paramCalls.save, {
          ...(param ? { id: param.id } : {}),
          configKey: v.configKey.trim(),
          name: v.name.trim(),
          value: (v.value ?? '').trim(),
          remark: v.remark?.trim() ?? '',
        });
        onSaved();
      }}
    >
      <ProFormText
        name="configKey"
        label="参数键"
        tooltip="程序按键读取，如 tempFileSize"
        rules={[
          ...required('请输入参数键'),
          { pattern: /^[A-Za-z][\w.-]*$/, message: '参数键只能包含字母、数字、点、下划线和连字符' },
        ]}
        fieldProps={{ maxLength: 100 }}
      />
      <ProFormText
        name="name"
        label="参数名称"
        rules={required('请输入参数名称')}
        fieldProps={{ maxLength: 100 }}
      />
      <ProFormTextArea name="value" label="参数值" fieldProps={{ maxLength: 2000, rows: 3 }} />
      <ProFormTextArea name="remark" label="备注" fieldProps={{ maxLength: 500, rows: 2 }} />
    </FormModal>
  );
}

/** 参数管理: system parameters such as tempFileSize (the upload size limit). */
export default function ParamPage() {
  const { message, modal } = App.useApp();
  const canEdit = usePermission(PERMS.paramEdit);
  const invalidate = useInvalidate();
  const [editing, setEditing] = useState<{ param: Param | null } | null>(null);

  const afterWrite = async () => {
    await invalidate(systemKeys.params);
    // Uploads read tempFileSize through this key.
    await invalidate(['sysParam']);
  };

  const remove = (row: Param) =>
    modal.confirm({
      title: '删除参数',
      content: `确定删除参数「${row.name}」（${row.configKey}）吗？内置参数不能删除。`,
      okText: '删除',
      okButtonProps: { danger: true },
      onOk: quietly(async () => {
        await call(paramCalls.delete, { ids: [row.id] });
        message.success('参数已删除');
        await afterWrite();
      }),
    });

  const columns: ProColumns<Param>[] = [
    { title: '参数名称', dataIndex: 'name' },
    {
      title: '参数键',
      dataIndex: 'configKey',
      render: (_, r) => <Typography.Text code>{r.configKey}</Typography.Text>,
    },
    {
      title: '参数值',
      dataIndex: 'value',
      search: false,
      ellipsis: true,
      width: 260,
      render: (_, r) =>
        r.value === '' ? <Typography.Text type="secondary">（空）</Typography.Text> : r.value,
    },
    { title: '备注', dataIndex: 'remark', search: false, ellipsis: true, width: 260 },
    { title: '更新时间', dataIndex: 'updateTime', search: false },
  ];
  if (canEdit) {
    columns.push(
      actionColumn(120, (row) => [
        <RowAction key="edit" onClick={() => setEditing({ param: row })}>
          编辑
        </RowAction>,
        <RowAction key="delete" danger onClick={() => remove(row)}>
          删除
        </RowAction>,
      ]),
    );
  }

  return (
    <>
      <ContractTable<Param>
        testId="param-table"
        call={paramCalls.query}
        queryKey={systemKeys.params}
        searchExpanded
        columns={columns}
        emptyText="暂无参数"
        add={{ label: '新增参数', permission: PERMS.paramEdit, onClick: () => setEditing({ param: null }) }}
      />
      {editing && (
        <ParamForm
          param={editing.param}
          onClose={() => setEditing(null)}
          onSaved={() => {
            message.success(editing.param ? '参数已保存' : '参数已新增');
            void afterWrite();
          }}
        />
      )}
    </>
  );
}
