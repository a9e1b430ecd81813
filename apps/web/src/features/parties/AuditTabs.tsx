import type { ProColumns } from '@ant-design/pro-components';
import { type AuditInfo, type Call, FILING_STATE } from '@ec/contract';
import { App, Tabs } from 'antd';
import { type ReactNode, useState } from 'react';
import { RowAction } from '../../components/RowAction.tsx';
import { call } from '../../lib/api.ts';
import { ConfirmButton, RowActions } from './Actions.tsx';
import type { Decidable } from './Decision.tsx';
import { useFilingVariant } from './paths.ts';
import { useInvalidateParties } from './queries.ts';

export interface TabSpec {
  key: string;
  label: string;
  children: ReactNode;
}

/** Removes a decided case from an audit list (the record keeps its state and history). */
export function useRemoveCase(deleteCall: Call): (auditId: number) => Promise<void> {
  const { message } = App.useApp();
  const invalidate = useInvalidateParties();
  return async (auditId) => {
    await call(deleteCall, { ids: [auditId] } as never);
    message.success('审核记录已删除');
    await invalidate();
  };
}

/**
 * The operations column of an audit list: the detail, the decision while the case waits (state 2),
 * and removing a decided case from the list when the kind allows it.
 */
export function auditOptionColumn<Row extends AuditInfo>({
  detail,
  detailLabel = '详情',
  decide,
  remove,
}: {
  detail?: (row: Row) => void;
  detailLabel?: string;
  /** Omitted: the user sees the cases but decides none. */
  decide?: (row: Decidable) => void;
  remove?: (auditId: number) => unknown;
}): ProColumns<Row> {
  return {
    title: '操作',
    valueType: 'option',
    fixed: 'right',
    render: (_, r) => (
      <RowActions>
        {detail && <RowAction onClick={() => detail(r)}>{detailLabel}</RowAction>}
        {r.state === FILING_STATE.pending
          ? decide && (
              <RowAction
                data-testid="audit-button"
                onClick={() => decide({ auditId: r.auditId, version: r.version })}
              >
                审核
              </RowAction>
            )
          : remove && (
              <ConfirmButton title="从审核列表中删除这条记录？" onConfirm={() => remove(r.auditId)}>
                删除记录
              </ConfirmButton>
            )}
      </RowActions>
    ),
  };
}

/**
 * A list page with its audit tabs: the list first, then — for reviewers — the audit lists. On the
 * record-filing variant (/basicInformationb) a reviewer lands on the first audit tab. `trailing` tabs
 * follow for everyone; `extra` renders beside the tabs (dialogs, drawers).
 */
export function ListWithAudits({
  list,
  audits = [],
  trailing = [],
  canAudit,
  auditFirst = false,
  extra,
}: {
  list?: TabSpec;
  audits?: TabSpec[];
  trailing?: TabSpec[];
  canAudit: boolean;
  /** Open on the first audit tab even outside the filing variant. */
  auditFirst?: boolean;
  extra?: ReactNode;
}) {
  const filing = useFilingVariant();
  const items = [...(list ? [list] : []), ...(canAudit ? audits : []), ...trailing];
  const first = canAudit && (filing || auditFirst || !list) ? audits[0]?.key : list?.key;
  const [tab, setTab] = useState(first ?? items[0]?.key);
  return (
    <>
      <Tabs activeKey={tab} onChange={setTab} items={items} />
      {extra}
    </>
  );
}
