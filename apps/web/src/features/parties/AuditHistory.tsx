import { type AuditStep, FILING_STATE_LABEL } from '@ec/contract';
import { AuditTimeline } from '../../components/AuditTimeline.tsx';

/** The steps of a filing, oldest first, with the filing states' names. */
export function AuditHistory({ history, empty = '暂无审核记录' }: { history: AuditStep[]; empty?: string }) {
  return <AuditTimeline history={history} stateLabel={FILING_STATE_LABEL} empty={empty} />;
}
