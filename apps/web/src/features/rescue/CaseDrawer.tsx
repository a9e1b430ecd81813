import { Alert, Drawer, Skeleton, Tabs } from 'antd';
import { CaseCalls, CaseSteps, CaseSummary } from './CaseFacts.tsx';
import { CaseNote } from './CaseNote.tsx';
import { useCaseDetail } from './queries.ts';

/**
 * A case's detail beside a list: facts, times and close, the history and the calls; and, for those
 * who handle cases, a note (a closed case's only correction: it has left the board).
 */
export function CaseDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const detail = useCaseDetail(id);
  const c = detail.data;
  return (
    <Drawer
      title={c ? `处置工单 ${c.caseNo}` : '处置工单'}
      open={id !== null}
      onClose={onClose}
      width={760}
      destroyOnHidden
      data-testid="case-drawer"
    >
      {detail.isPending ? (
        <Skeleton active />
      ) : detail.isError || !c ? (
        <Alert type="error" showIcon message={`工单加载失败：${detail.error?.message ?? ''}`} />
      ) : (
        <>
          <CaseNote key={c.id} c={c} />
          <Tabs
            items={[
              { key: 'facts', label: '工单详情', children: <CaseSummary c={c} /> },
              { key: 'steps', label: `处理记录（${c.steps.length}）`, children: <CaseSteps c={c} /> },
              { key: 'calls', label: `通话记录（${c.calls.length}）`, children: <CaseCalls c={c} /> },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
