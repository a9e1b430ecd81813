import { FILING_STATE, FILING_STATE_LABEL } from '@ec/contract';
import { Tag } from 'antd';

const FILING_COLOR: Record<number, string> = {
  [FILING_STATE.notFiled]: 'default',
  [FILING_STATE.pending]: 'processing',
  [FILING_STATE.passed]: 'success',
  [FILING_STATE.rejected]: 'error',
};

/** 备案状态 as a tag, coloured by state; the label is the contract's unless the page has its own. */
export function FilingTag({ state, label }: { state: number; label?: string }) {
  return (
    <Tag color={FILING_COLOR[state] ?? 'default'} data-testid="filing-state">
      {label ?? FILING_STATE_LABEL[state] ?? state}
    </Tag>
  );
}
