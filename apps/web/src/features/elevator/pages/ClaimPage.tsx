import { type ClaimRecord, type ClaimType, claimCalls, type ElevatorRow, elevatorCalls } from '@ec/contract';
import { App, Button, Card, Tabs } from 'antd';
import { useState } from 'react';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { RowAction } from '../../../components/RowAction.tsx';
import { useActsForCompany } from '../../../lib/access.ts';
import { call } from '../../../lib/api.ts';
import { ClaimHistoryDrawer } from '../ClaimHistory.tsx';
import { claimColumns, claimHistoryAction, claimRecordColumns } from '../columns.tsx';
import {
  claimRecordList,
  type ElevatorTableContext,
  useElevatorList,
  useElevatorListColumns,
} from '../list.tsx';
import { useInvalidateElevators } from '../queries.ts';

const WORDS: Record<ClaimType, { who: string }> = {
  maintenance: { who: '维保' },
  use: { who: '使用' },
};

/** Claim and release calls of a claim type: maintenance companies and use units have their own. */
const submitOf = (type: ClaimType) => (ids: number[]) =>
  type === 'maintenance' ? call(elevatorCalls.claim, { ids }) : call(claimCalls.submitClaim, { ids });
const releaseOf = (type: ClaimType) => (ids: number[]) =>
  type === 'maintenance' ? call(elevatorCalls.unClaim, { ids }) : call(claimCalls.unSubmitObject, { ids });

const stateOf = (type: ClaimType, row: ElevatorRow) =>
  type === 'maintenance' ? row.maintenanceClaimState : row.useClaimState;

/** The records tab alone (维保历史 and similar pages). */
export function ClaimRecords({ type }: { type: ClaimType }) {
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  return (
    <>
      <ContractTable<ClaimRecord>
        {...claimRecordList('history', type)}
        testId={`claim-records-${type}`}
        columns={claimRecordColumns({
          searchState: true,
          actions: claimHistoryAction(setHistoryOf),
        })}
      />
      <ClaimHistoryDrawer claimId={historyOf} onClose={() => setHistoryOf(null)} />
    </>
  );
}

/**
 * 维保认领 / 使用认领: elevators the company may claim, its own claims (pending and bound) and the
 * record of every claim with the regulator's decision.
 */
export function ClaimPage({ type, defaultTab = 'unclaimed' }: { type: ClaimType; defaultTab?: string }) {
  const { message, modal } = App.useApp();
  const invalidate = useInvalidateElevators();
  // Only a company acts for itself; a regulator holding the permission sees the lists read-only.
  const canClaim = useActsForCompany('elevator:claim');
  const { who } = WORDS[type];

  const submit = (ctx: ElevatorTableContext) => {
    const ids = ctx.requireIds();
    if (!ids) return;
    modal.confirm({
      title: `${who}认领`,
      content: `确定认领选中的 ${ids.length} 台电梯吗？提交后由电梯所在区域的监管部门审核。`,
      okText: '提交认领',
      onOk: async () => {
        const { submitted } = await submitOf(type)(ids);
        message.success(`认领已提交，等待监管部门审核（${submitted} 台）`);
        ctx.clearSelection();
        await invalidate();
      },
    });
  };

  const release = (ids: number[], rows: ElevatorRow[], ctx?: ElevatorTableContext) => {
    const bound = rows.some((r) => stateOf(type, r) === 3);
    const pending = rows.some((r) => stateOf(type, r) === 2);
    const verb = bound && pending ? '撤回或解除' : bound ? '解除' : '撤回';
    modal.confirm({
      title: `${verb}认领`,
      content: bound
        ? `确定${verb}选中的 ${ids.length} 台电梯的认领吗？解除后电梯不再绑定本单位。`
        : `确定撤回选中的 ${ids.length} 台电梯的认领申请吗？`,
      okText: verb,
      okButtonProps: { danger: true },
      onOk: async () => {
        const { released } = await releaseOf(type)(ids);
        message.success(`已${verb} ${released} 台电梯的认领`);
        ctx?.clearSelection();
        await invalidate();
      },
    });
  };

  const claimable = useElevatorList({ listCall: elevatorCalls.queryUnClaim, claimType: type });
  const claimableColumns = useElevatorListColumns(
    claimColumns(type).filter((k) => k !== `${type}ClaimState`),
  );
  const mine = useElevatorList({ listCall: elevatorCalls.queryClaim, claimType: type });
  const mineColumns = useElevatorListColumns(
    claimColumns(type),
    canClaim
      ? {
          width: 70,
          render: (row) => [
            <RowAction key="release" onClick={() => release([row.id], [row])}>
              {stateOf(type, row) === 3 ? '解除' : '撤回'}
            </RowAction>,
          ],
        }
      : undefined,
  );

  return (
    <Card className="claim-page" styles={{ body: { paddingTop: 4 } }}>
      <Tabs
        defaultActiveKey={defaultTab}
        items={[
          {
            key: 'unclaimed',
            label: '可认领',
            children: (
              <ContractTable<ElevatorRow>
                {...claimable}
                testId={`claimable-${type}`}
                columns={claimableColumns}
                hiddenColumns={['deviceCode']}
                selectable={canClaim}
                headerTitle={(ctx) =>
                  canClaim && (
                    <Button type="primary" onClick={() => submit(ctx)}>
                      认领
                    </Button>
                  )
                }
              />
            ),
          },
          {
            key: 'mine',
            label: '我的认领',
            children: (
              <ContractTable<ElevatorRow>
                {...mine}
                testId={`my-claims-${type}`}
                columns={mineColumns}
                hiddenColumns={['deviceCode']}
                selectable={canClaim}
                headerTitle={(ctx) =>
                  canClaim && (
                    <Button
                      danger
                      onClick={() => {
                        const ids = ctx.requireIds();
                        if (ids) release(ids, ctx.selected, ctx);
                      }}
                    >
                      撤回/解除
                    </Button>
                  )
                }
              />
            ),
          },
          { key: 'records', label: '认领记录', children: <ClaimRecords type={type} /> },
        ]}
      />
    </Card>
  );
}
