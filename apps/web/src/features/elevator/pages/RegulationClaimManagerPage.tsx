import { type ClaimRecord, claimCalls } from '@ec/contract';
import { App, Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { call } from '../../../lib/api.ts';
import { Permission } from '../../../lib/permission.tsx';
import { claimRecordColumns } from '../columns.tsx';
import { type ClaimTableContext, claimRecordList } from '../list.tsx';
import { isFinishedClaim } from '../model.ts';
import { useInvalidateElevators } from '../queries.ts';
import { useReviewerActions } from '../ReviewerActions.tsx';

/** 监管认领管理: every claim record in the area, filters, review of pending ones, removal of finished ones. */
export default function RegulationClaimManagerPage() {
  const { message } = App.useApp();
  const invalidate = useInvalidateElevators();
  const reviewer = useReviewerActions((row) => row.state === 2);
  const { canAudit } = reviewer;
  const [removing, setRemoving] = useState(false);

  const remove = async (ctx: ClaimTableContext) => {
    const ids = ctx.requireIds();
    if (!ids) return;
    setRemoving(true);
    try {
      const { deleted } = await call(claimCalls.batchRemoveElevator, { ids });
      message.success(`已删除 ${deleted} 条认领记录`);
      ctx.clearSelection();
      await invalidate();
    } catch {
      // shown by the request layer
    } finally {
      setRemoving(false);
    }
  };

  return (
    <>
      <ContractTable<ClaimRecord>
        {...claimRecordList('history')}
        testId="claim-manager"
        columns={claimRecordColumns({ withType: true, searchState: true, actions: reviewer.actions })}
        selectable={canAudit ? isFinishedClaim : false}
        headerTitle={(ctx) => (
          <Permission value="elevator:claim:audit">
            <Popconfirm
              title={`确定删除选中的 ${ctx.selectedKeys.length} 条认领记录吗？`}
              description="只能删除已办结（已通过、已驳回、已撤回）的记录。"
              disabled={ctx.selectedKeys.length === 0}
              okText="删除"
              okButtonProps={{ danger: true }}
              onConfirm={() => void remove(ctx)}
            >
              <Button
                danger
                loading={removing}
                onClick={() => ctx.selectedKeys.length === 0 && ctx.requireIds()}
              >
                删除
              </Button>
            </Popconfirm>
          </Permission>
        )}
      />
      {reviewer.dialogs}
    </>
  );
}
