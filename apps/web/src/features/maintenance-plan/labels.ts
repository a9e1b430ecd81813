import { APPENDICES, MAINTENANCE_KINDS, PLAN_FLAGS, type PlanFlag } from '@ec/contract';

/** The appendices as select options and a ProTable value enum ("A 曳引与强制驱动电梯"). */
export const appendixOptions = Object.entries(APPENDICES).map(([value, label]) => ({
  value,
  label: `附件${value} ${label}`,
}));
export const appendixEnum = Object.fromEntries(appendixOptions.map((o) => [o.value, { text: o.label }]));

export const kindOptions = Object.entries(MAINTENANCE_KINDS).map(([value, label]) => ({
  value: Number(value),
  label,
}));
/** 半月 / 季度 / 半年 / 年度: the kinds' short names for counts. */
export const KIND_SHORT: Record<number, string> = { 1: '半月', 2: '季度', 3: '半年', 4: '年度' };

export const flagEnum = Object.fromEntries(Object.entries(PLAN_FLAGS).map(([k, text]) => [k, { text }]));
export const FLAG_COLOR: Record<PlanFlag, string> = {
  no_plan: 'orange',
  no_contract: 'red',
  no_workers: 'gold',
  overdue: 'volcano',
};
