import type { ProColumns } from '@ant-design/pro-components';
import {
  emergencyCodeCalls as C,
  type CodeBatchRow,
  type EmergencyCodeRow,
  RESCUE_PERMISSIONS as P,
} from '@ec/contract';
import { App, Button, Popconfirm, Tabs } from 'antd';
import { useState } from 'react';
import { ContractTable } from '../../components/ContractTable.tsx';
import { actsForCompany } from '../../lib/access.ts';
import { call } from '../../lib/api.ts';
import { dash } from '../../lib/format.ts';
import { Permission } from '../../lib/permission.tsx';
import { useSession } from '../../lib/session.ts';
import { ClaimDialog, GenerateDialog } from './CodeDialogs.tsx';
import { CODE_STATE_ENUM, YES_NO_ENUM } from './labels.ts';
import { codeKeys, useInvalidateCodes } from './queries.ts';

const codeColumns = (temporary: boolean): ProColumns<EmergencyCodeRow>[] => [
  {
    title: '应急码',
    dataIndex: 'code',
    width: 110,
    fieldProps: { placeholder: '输入开头几位' },
    render: (_, r) => <span style={{ fontFamily: 'monospace', fontSize: 15 }}>{r.code}</span>,
  },
  { title: '状态', dataIndex: 'state', width: 90, valueType: 'select', valueEnum: CODE_STATE_ENUM },
  { title: '批次', dataIndex: 'batchNo', width: 150, search: false, render: (_, r) => dash(r.batchNo) },
  ...(temporary
    ? ([
        { title: '有效期至', dataIndex: 'validUntil', width: 110, search: false },
        {
          title: '已过期',
          dataIndex: 'expired',
          width: 80,
          valueType: 'select',
          valueEnum: YES_NO_ENUM,
          render: (_, r) => (r.expired ? <span style={{ color: '#cf1322' }}>已过期</span> : '否'),
        },
      ] satisfies ProColumns<EmergencyCodeRow>[])
    : []),
  {
    title: '认领单位',
    dataIndex: 'claimedByName',
    width: 200,
    search: false,
    render: (_, r) => dash(r.claimedByName),
  },
  {
    title: '认领时间',
    dataIndex: 'claimedAt',
    width: 160,
    search: false,
    render: (_, r) => dash(r.claimedAt),
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
];

const batchColumns: ProColumns<CodeBatchRow>[] = [
  { title: '批次号', dataIndex: 'batchNo', width: 160 },
  { title: '数量', dataIndex: 'quantity', width: 80 },
  { title: '已认领', dataIndex: 'claimed', width: 80 },
  { title: '已绑定', dataIndex: 'bound', width: 80 },
  { title: '已作废', dataIndex: 'voided', width: 80 },
  { title: '有效期至', dataIndex: 'validUntil', width: 110, render: (_, r) => dash(r.validUntil) },
  { title: '备注', dataIndex: 'remark', ellipsis: true, render: (_, r) => dash(r.remark) },
  {
    title: '生成人',
    dataIndex: 'createdByName',
    width: 100,
    render: (_, r) => dash(r.createdByName ?? '系统'),
  },
  { title: '生成时间', dataIndex: 'createdAt', width: 160 },
];

/**
 * The pool of codes (permanent or temporary) and its batches: the platform and regulators generate
 * and void; use units and maintenance companies claim and see their own codes.
 */
export function CodePool({ temporary }: { temporary: boolean }) {
  const { message } = App.useApp();
  const refresh = useInvalidateCodes();
  const [dialog, setDialog] = useState<'generate' | 'claim' | null>(null);
  // The pool is the city's: the platform generates and voids (a district's regulator reads).
  const { user } = useSession();
  const platform = user?.dataScope === 'all';
  // Use units and maintenance companies claim for their company (a regulator holds the page's buttons to read).
  const claimer = actsForCompany(user, P.codeClaim);
  const voidCodes = async (codes: string[]) => {
    const { voided } = await call(C.void, { codes });
    message.success(`已作废 ${voided} 个应急码`);
    await refresh();
  };
  const fixed = { temporary: temporary ? 'true' : 'false' } as const;
  return (
    <>
      <Tabs
        items={[
          {
            key: 'codes',
            label: temporary ? '临时应急码' : '应急码',
            children: (
              <ContractTable<EmergencyCodeRow>
                testId="code-list"
                call={C.list}
                params={fixed}
                queryKey={codeKeys.codes}
                rowKey="code"
                columns={codeColumns(temporary)}
                selectable={platform ? (r) => r.state !== 'void' && r.state !== 'bound' : false}
                selectionLabel={(n) => `已选择 ${n} 个应急码`}
                emptyText="暂无应急码"
                toolbar={(ctx) => [
                  platform && (
                    <Permission key="generate" value={P.codeEdit}>
                      <Button
                        type="primary"
                        onClick={() => setDialog('generate')}
                        data-testid="generate-codes"
                      >
                        {temporary ? '生成临时应急码' : '批量生成'}
                      </Button>
                    </Permission>
                  ),
                  claimer && (
                    <Button
                      key="claim"
                      type="primary"
                      onClick={() => setDialog('claim')}
                      data-testid="claim-codes"
                    >
                      认领应急码
                    </Button>
                  ),
                  platform && (
                    <Permission key="void" value={P.codeEdit}>
                      <Popconfirm
                        title="作废所选应急码？作废后不能再认领或绑定。"
                        onConfirm={() => {
                          const rows = ctx.requireSelection();
                          if (rows) return voidCodes(rows.map((r) => r.code)).then(ctx.clearSelection);
                        }}
                      >
                        <Button danger data-testid="void-codes">
                          作废
                        </Button>
                      </Popconfirm>
                    </Permission>
                  ),
                ]}
              />
            ),
          },
          {
            key: 'batches',
            label: '生成批次',
            children: (
              <ContractTable<CodeBatchRow>
                testId="batch-list"
                call={C.batchList}
                params={fixed}
                queryKey={codeKeys.batches}
                columns={batchColumns}
                search={false}
                emptyText="暂无批次"
              />
            ),
          },
        ]}
      />
      {dialog === 'generate' && <GenerateDialog temporary={temporary} onClose={() => setDialog(null)} />}
      {dialog === 'claim' && <ClaimDialog temporary={temporary} onClose={() => setDialog(null)} />}
    </>
  );
}
