import type { ProColumns } from '@ant-design/pro-components';
import { ProFormSelect } from '@ant-design/pro-components';
import { emergencyCodeCalls as C, type CodeRecordRow, RESCUE_PERMISSIONS as P } from '@ec/contract';
import { App, Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { ContractTable } from '../../components/ContractTable.tsx';
import { FormModal } from '../../components/FormModal.tsx';
import { actionColumn, RowAction } from '../../components/RowAction.tsx';
import { splitRange, toInput } from '../../components/table-input.ts';
import { actsForCompany, usePermission } from '../../lib/access.ts';
import { call } from '../../lib/api.ts';
import { dash } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { codeKeys, useInvalidateCodes } from './queries.ts';

const columns: ProColumns<CodeRecordRow>[] = [
  {
    title: '应急码',
    dataIndex: 'code',
    width: 110,
    render: (_, r) => <span style={{ fontFamily: 'monospace', fontSize: 15 }}>{r.code}</span>,
  },
  { title: '类型', dataIndex: 'action', width: 70, search: false },
  {
    title: '单位',
    dataIndex: 'companyName',
    width: 200,
    search: false,
    render: (_, r) => dash(r.companyName),
  },
  {
    title: '注册代码/地址',
    dataIndex: 'keyword',
    hideInTable: true,
  },
  {
    title: '注册代码',
    dataIndex: 'registerCode',
    width: 190,
    search: false,
    render: (_, r) => dash(r.registerCode),
  },
  {
    title: '安装地址',
    dataIndex: 'address',
    ellipsis: true,
    search: false,
    render: (_, r) => dash(r.address),
  },
  { title: '操作人', dataIndex: 'userName', width: 110, search: false, render: (_, r) => dash(r.userName) },
  { title: '时间', dataIndex: 'at', width: 170, search: false },
  { title: '时间', dataIndex: 'dateRange', valueType: 'dateRange', hideInTable: true },
];

const toQuery = (v: Record<string, unknown>) => toInput(splitRange(v, 'dateRange', 'dateFrom', 'dateTo'));

/** 绑定: one of the company's claimed codes onto one of its lifts that has none. */
function BindDialog({ onClose }: { onClose: () => void }) {
  const { message } = App.useApp();
  const refresh = useInvalidateCodes();
  return (
    <FormModal<{ code: string; elevatorId: number }>
      title="绑定应急码"
      testId="bind-dialog"
      okText="绑定"
      onClose={onClose}
      onSubmit={async (v) => {
        await call(C.bind, { code: v.code, elevatorId: v.elevatorId });
        message.success(`应急码 ${v.code} 已绑定`);
        await refresh();
        onClose();
      }}
    >
      <ProFormSelect
        name="code"
        label="应急码"
        showSearch
        debounceTime={300}
        rules={[{ required: true, message: '请选择本单位认领的应急码' }]}
        request={async ({ keyWords }) =>
          (
            await call(C.list, {
              state: 'claimed',
              expired: 'false',
              code: /^\d{1,6}$/.test(keyWords ?? '') ? keyWords : undefined,
              limit: 50,
            })
          ).records.map((r) => ({
            label: `${r.code}${r.temporary ? `（临时，至 ${r.validUntil}）` : ''}`,
            value: r.code,
          }))
        }
        fieldProps={{ 'data-testid': 'bind-code' } as never}
      />
      <ProFormSelect
        name="elevatorId"
        label="电梯"
        showSearch
        debounceTime={300}
        rules={[{ required: true, message: '请选择要绑定的电梯' }]}
        request={async ({ keyWords }) =>
          (await call(C.lifts, { bound: 'false', keyword: keyWords || undefined, limit: 50 })).records.map(
            (l) => ({
              label: `${l.registerCode} ${l.address}`,
              value: l.id,
            }),
          )
        }
        fieldProps={{ 'data-testid': 'bind-lift' } as never}
      />
    </FormModal>
  );
}

/** The codes' history: 认领 (claimRecord) or 绑定 / 解绑 (bindRecord, with the bind and unbind). */
export function RecordList({ kind }: { kind: 'claim' | 'bind' }) {
  const { message } = App.useApp();
  const refresh = useInvalidateCodes();
  const mayClaim = usePermission(P.codeClaim);
  const claimer = actsForCompany(useSession().user, P.codeClaim);
  const [binding, setBinding] = useState(false);
  const unbind = async (code: string) => {
    await call(C.unbind, { code });
    message.success(`应急码 ${code} 已解绑`);
    await refresh();
  };
  const shown =
    kind === 'bind'
      ? [
          {
            title: '类型',
            dataIndex: 'action',
            hideInTable: true,
            valueType: 'select',
            valueEnum: { 绑定: { text: '绑定' }, 解绑: { text: '解绑' } },
          } as ProColumns<CodeRecordRow>,
          ...columns,
          ...(mayClaim
            ? [
                actionColumn<CodeRecordRow>(80, (r) =>
                  r.action === '绑定' && r.current ? (
                    <Popconfirm title={`将应急码 ${r.code} 从电梯解绑？`} onConfirm={() => unbind(r.code)}>
                      <RowAction data-testid="unbind">解绑</RowAction>
                    </Popconfirm>
                  ) : null,
                ),
              ]
            : []),
        ]
      : columns;
  return (
    <>
      <ContractTable<CodeRecordRow>
        testId={`${kind}-record-list`}
        call={C.records}
        params={kind === 'claim' ? { action: '认领' } : {}}
        toQuery={(v) => {
          const q = toQuery(v);
          return kind === 'bind' && !q.action ? { ...q, action: '绑定,解绑' } : q;
        }}
        queryKey={codeKeys.records}
        columns={shown}
        emptyText={kind === 'claim' ? '暂无认领记录' : '暂无绑定记录'}
        toolbar={() =>
          kind === 'bind'
            ? [
                claimer && (
                  <Button
                    key="bind"
                    type="primary"
                    onClick={() => setBinding(true)}
                    data-testid="bind-code-button"
                  >
                    绑定应急码
                  </Button>
                ),
              ]
            : []
        }
      />
      {binding && <BindDialog onClose={() => setBinding(false)} />}
    </>
  );
}
