import {
  type ProColumns,
  ProForm,
  ProFormDigit,
  ProFormRadio,
  ProFormText,
} from '@ant-design/pro-components';
import { type CallOutput, dictAdminCalls } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { usePermission } from '../../../lib/access.ts';
import { call } from '../../../lib/api.ts';
import { SYSTEM_PATHS } from '../../../lib/routes.ts';
import { PERMS, STATUS_ENUM, statusOptions } from '../shared/labels.ts';
import { systemKeys, useInvalidate } from '../shared/queries.ts';
import { quietly } from '../shared/quietly.ts';
import { refreshDicts } from '../shared/session-sync.ts';
import { required, requiredChoice } from '../shared/validators.ts';

type DictValue = CallOutput<typeof dictAdminCalls.dataQuery>['records'][number];

interface ValueFormValues extends Record<string, unknown> {
  typeId: number;
  key: string;
  value: string;
  sort: number;
  status: number;
}

function useTypeOptions() {
  return useQuery({
    queryKey: [...systemKeys.dictTypes, 'options'],
    queryFn: () => call(dictAdminCalls.typeQuery, { page: 1, limit: 500 }),
    select: (page) => page.records.map((t) => ({ value: t.id, label: `${t.name}（${t.code}）` })),
    staleTime: 30_000,
  });
}

function DictValueForm({
  value,
  typeId,
  onClose,
  onSaved,
}: {
  value: DictValue | null;
  typeId: number | undefined;
  onClose: () => void;
  onSaved: () => void;
}) {
  const types = useTypeOptions();
  return (
    <FormModal<ValueFormValues>
      title={value ? `编辑字典值 ${value.value}` : '新增字典值'}
      testId="dict-value-form"
      initialValues={value ?? { typeId, sort: 0, status: 1 }}
      onClose={onClose}
      onSubmit={async (v) => {
        await call(dictAdminCalls.dataSave, {
          ...(value ? { id: value.id } : {}),
          typeId: v.typeId,
          key: v.key.trim(),
          value: v.value.trim(),
          sort: v.sort ?? 0,
          status: v.status,
        });
        onSaved();
      }}
    >
      <ProForm.Item name="typeId" label="所属字典" rules={requiredChoice('请选择所属字典')}>
        <Select showSearch optionFilterProp="label" options={types.data ?? []} placeholder="请选择字典" />
      </ProForm.Item>
      <ProFormText
        name="key"
        label="字典键"
        tooltip="保存在业务数据中的值"
        rules={required('请输入字典键')}
        fieldProps={{ maxLength: 50 }}
      />
      <ProFormText
        name="value"
        label="字典值"
        tooltip="选择框中显示的文字"
        rules={required('请输入字典值')}
        fieldProps={{ maxLength: 100 }}
      />
      <ProFormDigit name="sort" label="显示顺序" min={0} max={1_000_000} fieldProps={{ precision: 0 }} />
      <ProFormRadio.Group name="status" label="状态" options={statusOptions} />
    </FormModal>
  );
}

/** 字典值管理: the values of one dictionary (or all); every change refreshes the console's cache. */
export default function DictValuePage() {
  const { message, modal } = App.useApp();
  const canEdit = usePermission(PERMS.dictEdit);
  const invalidate = useInvalidate();
  const types = useTypeOptions();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const [editing, setEditing] = useState<{ value: DictValue | null } | null>(null);

  // 字典管理 links here with ?typeId=…; the page stays mounted, so follow later links too.
  const linked = pathname === SYSTEM_PATHS.dictValues ? Number(params.get('typeId')) || undefined : undefined;
  const [typeId, setTypeId] = useState<number | undefined>(linked);
  useEffect(() => {
    if (linked) setTypeId(linked);
  }, [linked]);

  const extraInput = useMemo(() => ({ typeId }), [typeId]);

  const afterWrite = async () => {
    await invalidate(systemKeys.dictValues);
    await invalidate(systemKeys.dictTypes);
    await refreshDicts();
  };

  const remove = (row: DictValue) =>
    modal.confirm({
      title: '删除字典值',
      content: `确定删除字典值「${row.value}」（键 ${row.key}）吗？已使用该值的业务数据将只显示键。`,
      okText: '删除',
      okButtonProps: { danger: true },
      onOk: quietly(async () => {
        await call(dictAdminCalls.dataDelete, { ids: [row.id] });
        message.success('字典值已删除');
        await afterWrite();
      }),
    });

  const columns: ProColumns<DictValue>[] = [
    {
      title: '字典编码',
      dataIndex: 'typeCode',
      search: false,
      render: (_, r) => <Typography.Text code>{r.typeCode}</Typography.Text>,
    },
    { title: '字典键', dataIndex: 'key' },
    { title: '字典值', dataIndex: 'value' },
    { title: '排序', dataIndex: 'sort', search: false, align: 'right' },
    {
      title: '状态',
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: STATUS_ENUM,
      render: (_, r) => <Tag color={r.status ? 'success' : 'default'}>{r.status ? '正常' : '停用'}</Tag>,
    },
    { title: '创建时间', dataIndex: 'createTime', search: false },
  ];
  if (canEdit) {
    columns.push(
      actionColumn(120, (row) => [
        <RowAction key="edit" onClick={() => setEditing({ value: row })}>
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
      <ContractTable<DictValue>
        testId="dict-value-table"
        call={dictAdminCalls.dataQuery}
        queryKey={systemKeys.dictValues}
        searchExpanded
        params={extraInput}
        columns={columns}
        emptyText={typeId ? '该字典还没有字典值' : '暂无字典值'}
        headerTitle={
          <Space>
            <span>字典：</span>
            <Select
              className="dict-type-select"
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder="全部字典"
              style={{ width: 260 }}
              loading={types.isLoading}
              options={types.data ?? []}
              value={typeId}
              onChange={(v) => setTypeId(v)}
            />
          </Space>
        }
        add={{ label: '新增字典值', permission: PERMS.dictEdit, onClick: () => setEditing({ value: null }) }}
      />
      {editing && (
        <DictValueForm
          value={editing.value}
          typeId={typeId}
          onClose={() => setEditing(null)}
          onSaved={() => {
            message.success(editing.value ? '字典值已保存' : '字典值已新增');
            void afterWrite();
          }}
        />
      )}
    </>
  );
}
