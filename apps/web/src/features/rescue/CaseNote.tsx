import { CASE_STATE, RESCUE_PERMISSIONS, type RescueCaseDetail, rescueCaseCalls } from '@ec/contract';
import { Button, Input, Space } from 'antd';
import { useState } from 'react';
import { usePermission } from '../../lib/access.ts';
import { call } from '../../lib/api.ts';
import { useCaseMoves } from './moves.ts';

/**
 * A case's note box (Enter adds), for those who handle cases: on an open case a remark, on a closed
 * one (immutable) the only way to correct it. The answer replaces the case shown wherever it is.
 */
export function CaseNote({ c }: { c: Pick<RescueCaseDetail, 'id' | 'status'> }) {
  const may = usePermission(RESCUE_PERMISSIONS.caseHandle);
  const { run, busy } = useCaseMoves();
  const [note, setNote] = useState('');
  if (!may) return null;
  const add = async () => {
    const text = note.trim();
    if (!text) return;
    const done = await run(
      'note',
      c.id,
      () => call(rescueCaseCalls.addNote, { id: c.id, note: text }),
      '已添加备注',
    );
    if (done) setNote('');
  };
  return (
    <Space.Compact style={{ width: '100%', marginBottom: 12 }} data-testid="case-note">
      <Input
        aria-label="工单备注"
        placeholder={
          c.status === CASE_STATE.closed ? '工单已关闭，更正请记为备注（Enter 添加）' : '备注（Enter 添加）'
        }
        value={note}
        maxLength={500}
        onChange={(e) => setNote(e.target.value)}
        onPressEnter={() => void add()}
      />
      <Button onClick={() => void add()} loading={busy === 'note'} disabled={!note.trim()}>
        添加备注
      </Button>
    </Space.Compact>
  );
}
