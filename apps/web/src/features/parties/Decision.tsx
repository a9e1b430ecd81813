import type { Call } from '@ec/contract';
import { App } from 'antd';
import { type ReactNode, useState } from 'react';
import { type AuditDecision, AuditDialog } from '../../components/index.ts';
import { call } from '../../lib/api.ts';
import { useInvalidateParties } from './queries.ts';

export interface Decidable {
  auditId: number;
  version: number;
}

/**
 * The audit dialog bound to a kind's pass and reject calls: `open(row)` shows it; the decision is sent
 * with the version the reviewer saw, so a stale screen is refused (409) instead of overwriting.
 */
export function useDecision(
  pass: Call,
  reject: Call,
  title = '备案审核',
  onDone?: () => void,
): [(row: Decidable) => void, ReactNode] {
  const { message } = App.useApp();
  const invalidate = useInvalidateParties();
  const [row, setRow] = useState<Decidable | null>(null);
  const submit = async ({ pass: ok, description }: AuditDecision) => {
    if (!row) return;
    await call(ok ? pass : reject, {
      auditId: row.auditId,
      auditDescription: description,
      version: row.version,
    } as never);
    message.success(ok ? '已审核通过' : '已驳回');
    await invalidate();
    onDone?.();
  };
  const dialog = (
    <AuditDialog open={row !== null} title={title} onSubmit={submit} onClose={() => setRow(null)} />
  );
  return [setRow, dialog];
}
