import { type CallOutput, CLAIM_RECORD_STATE_LABEL, type ClaimRecord, claimCalls } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Drawer, Skeleton, Typography } from 'antd';
import { AuditTimeline } from '../../components/AuditTimeline.tsx';
import { call } from '../../lib/api.ts';
import { claimRecordStateTag, textOrDash } from './columns.tsx';
import { CLAIM_TYPE_LABEL } from './model.ts';
import { elevatorKeys } from './queries.ts';

type HistoryEntry = CallOutput<typeof claimCalls.elevatorHistoryDetail>['history'][number];

/** The steps of one claim, oldest first, with the claim states' names. */
export function ClaimTimeline({ history }: { history: HistoryEntry[] }) {
  return (
    <AuditTimeline
      history={history}
      stateLabel={CLAIM_RECORD_STATE_LABEL}
      empty="暂无审核历史"
      stepTestId="claim-history-step"
    />
  );
}

/** The claim's own fields, as a description list. */
export function ClaimDescriptions({ claim, column = 2 }: { claim: ClaimRecord; column?: number }) {
  return (
    <Descriptions bordered size="small" column={column}>
      <Descriptions.Item label="注册代码">{claim.registerCode}</Descriptions.Item>
      <Descriptions.Item label="电梯名称">{textOrDash(claim.elevatorName)}</Descriptions.Item>
      <Descriptions.Item label="地址" span={column}>
        {claim.address}
      </Descriptions.Item>
      <Descriptions.Item label="认领类型">{CLAIM_TYPE_LABEL[claim.claimType]}</Descriptions.Item>
      <Descriptions.Item label="认领单位">{claim.companyName}</Descriptions.Item>
      <Descriptions.Item label="状态">{claimRecordStateTag(claim.state)}</Descriptions.Item>
      <Descriptions.Item label="审核意见">{textOrDash(claim.auditDescription)}</Descriptions.Item>
      <Descriptions.Item label="提交时间">{claim.submitTime}</Descriptions.Item>
      <Descriptions.Item label="办结时间">{textOrDash(claim.decideTime)}</Descriptions.Item>
    </Descriptions>
  );
}

/** A drawer with one claim record and its history (elevatorHistoryDetail/{id}). */
export function ClaimHistoryDrawer({ claimId, onClose }: { claimId: number | null; onClose: () => void }) {
  const detail = useQuery({
    queryKey: elevatorKeys.claims('history', claimId),
    queryFn: ({ signal }) => call(claimCalls.elevatorHistoryDetail, { id: claimId! }, { signal }),
    enabled: claimId !== null,
  });
  return (
    <Drawer title="认领记录" open={claimId !== null} onClose={onClose} width={560} destroyOnHidden>
      {detail.isLoading && <Skeleton active />}
      {detail.isError && <Alert type="error" showIcon message="认领记录加载失败" />}
      {detail.data && (
        <div data-testid="claim-history">
          <ClaimDescriptions claim={detail.data.claim} column={1} />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            审核历史
          </Typography.Title>
          <ClaimTimeline history={detail.data.history} />
        </div>
      )}
    </Drawer>
  );
}
