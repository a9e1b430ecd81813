import { type ProColumns, ProForm, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { type CallOutput, ENTERPRISE_KIND_LABELS, enterpriseCalls } from '@ec/contract';
import { App, Descriptions, Drawer, Typography } from 'antd';
import { useState } from 'react';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { FilingTag } from '../../../components/FilingTag.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { AreaCascader, useDictLabel } from '../../../components/index.ts';
import { MaskedValue } from '../../../components/MaskedValue.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { usePermission } from '../../../lib/access.ts';
import { call } from '../../../lib/api.ts';
import { enterpriseKindOptions, PERMS } from '../shared/labels.ts';
import { systemKeys, useAreaTree, useInvalidate } from '../shared/queries.ts';
import { quietly } from '../shared/quietly.ts';
import { areaLabel, areaPath } from '../shared/tree.ts';
import { contactPhone, creditCodeRules, required, requiredChoice } from '../shared/validators.ts';

type Enterprise = CallOutput<typeof enterpriseCalls.detail>;

interface EnterpriseFormValues extends Record<string, unknown> {
  name: string;
  creditCode: string;
  kind: string;
  area?: string[];
  address?: string | null;
  legalPerson?: string | null;
  contactName?: string | null;
  contactPhone?: string | null;
}

const kindLabel = (kind: string) =>
  ENTERPRISE_KIND_LABELS[kind as keyof typeof ENTERPRISE_KIND_LABELS] ?? kind;
/** 备案状态 with the filing_state dictionary's label. */
function EnterpriseFilingTag({ state }: { state: number }) {
  const label = useDictLabel('filing_state');
  return <FilingTag state={state} label={label(String(state))} />;
}

function EnterpriseForm({
  detail,
  onClose,
  onSaved,
}: {
  detail: Enterprise | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const areas = useAreaTree();
  return (
    <FormModal<EnterpriseFormValues>
      title={detail ? `编辑企业 ${detail.name}` : '新增企业'}
      testId="enterprise-form"
      width={640}
      labelWidth={148}
      initialValues={
        detail
          ? {
              ...detail,
              creditCode: detail.creditCode ?? '',
              area: areaPath(areas.data ?? [], detail.areaCode),
            }
          : {}
      }
      onClose={onClose}
      onSubmit={async (v) => {
        await call(enterpriseCalls.save, {
          ...(detail ? { id: detail.id } : {}),
          name: v.name.trim(),
          creditCode: v.creditCode.trim().toUpperCase(),
          kind: v.kind as Enterprise['kind'] as never,
          areaCode: v.area?.at(-1) ?? null,
          address: v.address?.trim() || null,
          legalPerson: v.legalPerson?.trim() || null,
          contactName: v.contactName?.trim() || null,
          contactPhone: v.contactPhone?.trim() || null,
        });
        onSaved();
      }}
    >
      <ProFormText
        name="name"
        label="企业名称"
        rules={required('请输入企业名称')}
        fieldProps={{ maxLength: 100 }}
      />
      <ProFormText
        name="creditCode"
        label="统一社会信用代码"
        rules={creditCodeRules}
        fieldProps={{ maxLength: 18, style: { textTransform: 'uppercase' } }}
      />
      <ProFormSelect
        name="kind"
        label="企业类型"
        rules={requiredChoice('请选择企业类型')}
        options={enterpriseKindOptions}
      />
      <ProForm.Item name="area" label="所在区域">
        <AreaCascader />
      </ProForm.Item>
      <ProFormText name="legalPerson" label="法定代表人" fieldProps={{ maxLength: 32 }} />
      <ProFormText name="address" label="地址" fieldProps={{ maxLength: 200 }} />
      <ProFormText name="contactName" label="联系人" fieldProps={{ maxLength: 32 }} />
      <ProFormText name="contactPhone" label="联系电话" rules={contactPhone} fieldProps={{ maxLength: 20 }} />
    </FormModal>
  );
}

function EnterpriseDetail({ detail, onClose }: { detail: Enterprise | null; onClose: () => void }) {
  const areas = useAreaTree();
  return (
    <Drawer open={!!detail} title="企业详情" width={560} onClose={onClose} destroyOnHidden>
      {detail && (
        <Descriptions column={1} bordered size="small" className="enterprise-detail">
          <Descriptions.Item label="企业名称">{detail.name}</Descriptions.Item>
          <Descriptions.Item label="统一社会信用代码">
            {detail.creditCode ? <Typography.Text copyable>{detail.creditCode}</Typography.Text> : '—'}
          </Descriptions.Item>
          <Descriptions.Item label="企业类型">{kindLabel(detail.kind)}</Descriptions.Item>
          <Descriptions.Item label="所在区域">
            {areaLabel(areas.data ?? [], detail.areaCode) || '—'}
          </Descriptions.Item>
          <Descriptions.Item label="地址">{detail.address ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="法定代表人">{detail.legalPerson ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="联系人">{detail.contactName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="联系电话">
            <MaskedValue value={detail.contactPhone} kind="company" id={detail.id} field="contactPhone" />
          </Descriptions.Item>
          <Descriptions.Item label="备案状态">
            <EnterpriseFilingTag state={detail.filingState} />
          </Descriptions.Item>
          <Descriptions.Item label="用户数">{detail.userCount}</Descriptions.Item>
          <Descriptions.Item label="创建时间">{detail.createTime}</Descriptions.Item>
        </Descriptions>
      )}
    </Drawer>
  );
}

/** 系统平台管理: the enterprise directory (credit codes checked with their check character). */
export default function EnterprisePage() {
  const { message, modal } = App.useApp();
  const canEdit = usePermission(PERMS.enterpriseEdit);
  const areas = useAreaTree();
  const invalidate = useInvalidate();
  const [editing, setEditing] = useState<{ detail: Enterprise | null } | null>(null);
  const [viewing, setViewing] = useState<Enterprise | null>(null);

  const load = async (row: Enterprise, then: (detail: Enterprise) => void) => {
    try {
      then(await call(enterpriseCalls.detail, { id: row.id }));
    } catch {
      // shown by the request layer
    }
  };

  const remove = (row: Enterprise) =>
    modal.confirm({
      title: '删除企业',
      content: `确定删除企业「${row.name}」吗？还有用户或业务数据的企业不能删除。`,
      okText: '删除',
      okButtonProps: { danger: true },
      onOk: quietly(async () => {
        await call(enterpriseCalls.delete, { ids: [row.id] });
        message.success('企业已删除');
        await invalidate(systemKeys.enterprises);
      }),
    });

  const columns: ProColumns<Enterprise>[] = [
    { title: '企业名称', dataIndex: 'name', key: 'name', sorter: true, fixed: 'left' },
    {
      title: '统一社会信用代码',
      dataIndex: 'creditCode',
      key: 'creditCode',
      sorter: true,
      render: (_, r) => r.creditCode ?? '—',
    },
    {
      title: '企业类型',
      dataIndex: 'kind',
      valueType: 'select',
      valueEnum: Object.fromEntries(Object.entries(ENTERPRISE_KIND_LABELS).map(([k, text]) => [k, { text }])),
    },
    {
      title: '所在区域',
      dataIndex: 'areaCode',
      renderFormItem: () => <AreaCascader />,
      render: (_, r) => areaLabel(areas.data ?? [], r.areaCode) || '—',
    },
    { title: '联系人', dataIndex: 'contactName', search: false, render: (_, r) => r.contactName ?? '—' },
    { title: '联系电话', dataIndex: 'contactPhone', search: false, render: (_, r) => r.contactPhone ?? '—' },
    {
      title: '备案状态',
      dataIndex: 'filingState',
      search: false,
      render: (_, r) => <EnterpriseFilingTag state={r.filingState} />,
    },
    { title: '用户数', dataIndex: 'userCount', search: false, align: 'right' },
    { title: '创建时间', dataIndex: 'createTime', key: 'createTime', sorter: true, search: false },
    actionColumn(canEdit ? 150 : 70, (row) => [
      <RowAction key="detail" onClick={() => load(row, setViewing)}>
        详情
      </RowAction>,
      canEdit && (
        <RowAction key="edit" onClick={() => load(row, (detail) => setEditing({ detail }))}>
          编辑
        </RowAction>
      ),
      canEdit && (
        <RowAction key="delete" danger onClick={() => remove(row)}>
          删除
        </RowAction>
      ),
    ]),
  ];

  return (
    <>
      <ContractTable<Enterprise>
        testId="enterprise-table"
        call={enterpriseCalls.query}
        queryKey={systemKeys.enterprises}
        searchExpanded
        columns={columns}
        emptyText="暂无企业"
        add={{
          label: '新增企业',
          permission: PERMS.enterpriseEdit,
          onClick: () => setEditing({ detail: null }),
        }}
      />
      {editing && (
        <EnterpriseForm
          detail={editing.detail}
          onClose={() => setEditing(null)}
          onSaved={() => {
            message.success(editing.detail ? '企业已保存' : '企业已新增');
            void invalidate(systemKeys.enterprises);
          }}
        />
      )}
      <EnterpriseDetail detail={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
