import {
  CHECK_KINDS,
  CHECK_VERDICTS,
  type CheckKind,
  MAINTENANCE_KINDS,
  ORDER_STATUSES,
  PICTURE_CHECK_KINDS,
} from '@ec/contract';

/** Tag colours of an item's result. */
export const RESULT_COLOR: Record<string, string> = {
  正常: 'green',
  已调整: 'blue',
  已更换: 'purple',
  异常: 'red',
  无此项: 'default',
};

/** Tag colours of the order states (待维保 … 已驳回, the contract's ORDER_STATUSES). */
export const ORDER_STATUS_COLOR: Record<number, string> = {
  0: 'default',
  1: 'processing',
  2: 'orange',
  3: 'gold',
  4: 'cyan',
  5: 'green',
  6: 'red',
};

/** Tag colours of a finding's verdict (待核查, 确认违规, 误报). */
export const VERDICT_COLOR: Record<number, string> = { 0: 'orange', 1: 'red', 2: 'default' };

type ValueEnum = Record<string, { text: string }>;
const toEnum = (labels: Record<string | number, string>): ValueEnum =>
  Object.fromEntries(Object.entries(labels).map(([k, text]) => [k, { text }]));

/** Search form options (ProTable value enums) from the contract's labels. */
export const STATUS_ENUM = toEnum(ORDER_STATUSES);
export const KIND_ENUM = toEnum(MAINTENANCE_KINDS);
export const VERDICT_ENUM = toEnum(CHECK_VERDICTS);
export const YES_NO_ENUM: ValueEnum = { true: { text: '是' }, false: { text: '否' } };

/** The check kinds of a check page: the picture check's two, or all the others (the order check's). */
export function checkKindEnum(picture: boolean): ValueEnum {
  const kinds = (Object.keys(CHECK_KINDS) as CheckKind[]).filter(
    (k) => PICTURE_CHECK_KINDS.includes(k) === picture,
  );
  return Object.fromEntries(kinds.map((k) => [k, { text: CHECK_KINDS[k] }]));
}
