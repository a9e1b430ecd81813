import { type AuditStep, FILING_STATE_LABEL } from '@ec/contract';
import { Empty, Timeline, Typography } from 'antd';

const ACTION_COLOR: Record<string, string> = {
  submit: 'blue',
  pass: 'green',
  reject: 'red',
  withdraw: 'gray',
  delete: 'gray',
};

/** The steps of a filing, oldest first: who did what, when, from which state to which, with the opinion. */
export function AuditHistory({ history, empty = '暂无审核记录' }: { history: AuditStep[]; empty?: string }) {
  if (history.length === 0) return <Empty description={empty} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Timeline
      data-testid="audit-history"
      items={history.map((h) => ({
        color: ACTION_COLOR[h.action] ?? 'blue',
        children: (
          <div data-testid="audit-step">
            <Typography.Text strong>{h.actionLabel}</Typography.Text>
            <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
              {h.time}
            </Typography.Text>
            <div>
              {h.actorName ?? '系统'}
              {h.fromState !== null && h.fromState !== h.toState && (
                <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
                  {FILING_STATE_LABEL[h.fromState] ?? h.fromState} →{' '}
                  {FILING_STATE_LABEL[h.toState] ?? h.toState}
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
