import { CASE_KIND_LABEL, CASE_SOURCE_LABEL, CASE_STATE_LABEL, DISPATCH_LEVEL_LABEL } from '@ec/contract';

/** ProTable value enums of the case filters (the contract's labels). */
const enumOf = (labels: Record<number, string>) =>
  Object.fromEntries(Object.entries(labels).map(([v, text]) => [v, { text }]));

export const STATE_ENUM = enumOf(CASE_STATE_LABEL);
export const KIND_ENUM = enumOf(CASE_KIND_LABEL);
export const SOURCE_ENUM = enumOf(CASE_SOURCE_LABEL);
export const LEVEL_ENUM = enumOf(DISPATCH_LEVEL_LABEL);
export const YES_NO_ENUM = { true: { text: '是' }, false: { text: '否' } };

/** Tag colours of the case states (待派遣 … 已关闭). */
export const STATE_COLOR: Record<number, string> = {
  1: 'red',
  2: 'orange',
  3: 'gold',
  4: 'processing',
  5: 'cyan',
  6: 'default',
};

/** Short level names for narrow places (一级 … 三级). */
export const LEVEL_SHORT: Record<number, string> = { 0: '未派遣', 1: '一级', 2: '二级', 3: '三级' };

/** A duration in minutes as the lists show it. */
export const minutesText = (m: number | null) => (m === null ? '—' : `${m} 分钟`);
