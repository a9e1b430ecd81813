import { type ProColumns, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { type AdCustomRow, adCustomCalls, AD_PERMISSIONS as P } from '@ec/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Popconfirm } from 'antd';
import { useState } from 'react';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { call } from '../../../lib/api.ts';
import { dash } from '../../../lib/format.ts';
import { useAdOperator } from '../access.ts';

type Values = {
  name: string;
  contactName?: string;
  contactPhone?: string;
  industry?: string;
  address?: string;
  remark?: string;
};

/** 广告客户: the operator's customers (add, edit, delete one without orders). */
export default function CustomPage() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const canEdit = useAdOperator(P.customEdit);
  const [editing, setEditing] = useState<AdCustomRow | 'new' | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['ad'] });
  const remove = async (r: AdCustomRow) => {
    try {
      await call(adCustomCalls.delete, { ids: [r.id] });
      message.success(`已删除客户 ${r.name}`);
    } catch {
      // The request layer showed the reason.
    } finally {
      await refresh();
    }
  };
  const columns: ProColumns<AdCustomRow>[] = [
    {
      title: '关键字',
      dataIndex: 'keyword',
      key: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '客户名称' },
    },
    { title: '客户名称', dataIndex: 'name', key: 'name', hideInSearch: true, ellipsis: true },
    {
      title: '行业',
      dataIndex: 'industry',
      key: 'industry',
      hideInSearch: true,
      width: 100,
      render: (_, r) => dash(r.industry),
    },
    {
      title: '联系人',
      dataIndex: 'contactName',
      key: 'contactName',
      hideInSearch: true,
      width: 100,
      render: (_, r) => dash(r.contactName),
    },
    {
      title: '联系电话',
      dataIndex: 'contactPhone',
      key: 'contactPhone',
      hideInSearch: true,
      width: 130,
      render: (_, r) => dash(r.contactPhone),
    },
    { title: '订单数', dataIndex: 'orderCount', key: 'orderCount', hideInSearch: true, width: 80 },
    { title: '创建时间', dataIndex: 'createTime', key: 'createTime', hideInSearch: true, width: 170 },
    actionColumn<AdCustomRow>(120, (r) =>
      canEdit
        ? [
            <RowAction key="edit" onClick={() => setEditing(r)}>
              编辑
            </RowAction>,
            <Popconfirm
              key="delete"
              title={`删除客户 ${r.name}？`}
              okText="删除"
              okButtonProps={{ danger: true }}
              onConfirm={() => remove(r)}
            >
              <RowAction danger>删除</RowAction>
            </Popconfirm>,
          ]
        : [],
    ),
  ];
  return (
    <>
      <ContractTable<AdCustomRow>
        testId="ad-custom-list"
        call={adCustomCalls.list}
        queryKey={['ad', 'customs']}
        columns={columns}
        add={{ label: '新增客户', onClick: () => setEditing('new'), permission: P.customEdit }}
        emptyText="暂无客户"
      />
      {editing !== null && (
        <FormModal<Values>
          title={editing === 'new' ? '新增客户' : `编辑客户 ${editing.name}`}
          testId="ad-custom-form"
          initialValues={editing === 'new' ? {} : (editing as unknown as Values)}
          onClose={() => setEditing(null)}
          onSubmit={async (v) => {
            if (editing === 'new') await call(adCustomCalls.add, v);
            else await call(adCustomCalls.update, { ...v, id: editing.id, version: editing.version });
            message.success('已保存客户');
            await refresh();
          }}
        >
          <ProFormText name="name" label="客户名称" rules={[{ required: true, message: '请填写客户名称' }]} />
          <ProFormText name="industry" label="行业" />
          <ProFormText name="contactName" label="联系人" />
          <ProFormText name="contactPhone" label="联系电话" />
          <ProFormText name="address" label="地址" />
          <ProFormTextArea name="remark" label="备注" />
        </FormModal>
      )}
    </>
  );
}
