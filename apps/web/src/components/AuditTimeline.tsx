import type { AuditStep } from '@ec/contract';
import { Empty, Timeline, Typography } from 'antd';

const ACTION_COLOR: Record<string, string> = {
  submit: 'blue',
  pass: 'green',
  reject: 'red',
  withdraw: 'gray',
  delete: 'gray',
};

/**
 * The steps of an audit case (a claim, a filing, a contract), oldest first: who did what, when, from
 * which state to which, with the opinion. `stateLabel` names the states of that kind of case.
 */
export function AuditTimeline({
  history,
  stateLabel,
  empty = '暂无审核记录',
  testId = 'audit-history',
  stepTestId = 'audit-step',
}: {
  history: AuditStep[];
  stateLabel: Record<number, string>;
  empty?: string;
  testId?: string;
  stepTestId?: string;
}) {
  if (history.length === 0) return <Empty description={empty} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Timeline
      data-testid={testId}
      items={history.map((h) => ({
        color: ACTION_COLOR[h.action] ?? 'blue',
        children: (
          <div data-testid={stepTestId}>
            <Typography.Text strong>{h.actionLabel}</Typography.Text>
            <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
              {h.time}
            </Typography.Text>
            <div>
              {h.actorName ?? '系统'}
              {h.fromState !== null && h.fromState !== h.toState && (
                <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
                  {stateLabel[h.fromState] ?? h.fromState} → {stateLabel[h.toState] ?? h.toState}
                </Typography.Text>
              )}
            </div>
            {h.description && <div>意见：{h.description}</div>}
          </div>
        ),
      }))}
    />
  );
}
