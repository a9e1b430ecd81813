/*
 * Electronic patrol inspection (电子巡查, issue 17): a regulator's on-site checks of lifts and use
 * units. What every part shares: the button permissions, the target kinds, the states and labels.
 */

/** Button permissions of the patrol pages (platform/seed/base.ts gives them to roles via menus). */
export const PATROL_PERMISSIONS = {
  /** Check contents (巡检内容) and templates (巡检模板): read, and edit. */
  contentList: 'patrol:content:list',
  contentEdit: 'patrol:content:edit',
  /** Patrol tasks (巡检任务): read, create and cancel. */
  taskList: 'patrol:task:list',
  taskEdit: 'patrol:task:edit',
  /** Do a task on site (the phone page /m/patrol): results, photos, position, completion. */
  taskExecute: 'patrol:task:execute',
  /** Rectification notices (整改通知): read; answer (the use unit or maintenance company); close or reopen (the regulator). */
  noticeList: 'patrol:notice:list',
  noticeAnswer: 'patrol:notice:answer',
  noticeHandle: 'patrol:notice:handle',
} as const;

/** What a content checks, and what a task visits: a lift or a use unit. */
export const PATROL_TARGET_KINDS = ['lift', 'unit'] as const;
export type PatrolTargetKind = (typeof PATROL_TARGET_KINDS)[number];
export const PATROL_TARGET_KIND_LABEL: Record<PatrolTargetKind, string> = { lift: '电梯', unit: '使用单位' };

/** Categories of check contents (检查类别). */
export const PATROL_CATEGORIES = [
  '证照标志',
  '安全管理',
  '维护保养',
  '应急救援',
  '设备状况',
  '其他',
] as const;

/** Task states: 待执行 → 执行中 → 已完成, or 已取消 from either open state. */
export const PATROL_TASK_STATES = ['pending', 'running', 'done', 'cancelled'] as const;
export type PatrolTaskState = (typeof PATROL_TASK_STATES)[number];
export const PATROL_TASK_STATE_LABEL: Record<PatrolTaskState, string> = {
  pending: '待执行',
  running: '执行中',
  done: '已完成',
  cancelled: '已取消',
};

/** One check's result: 符合 / 不符合 (a finding: a rectification notice) / 不适用. */
export const PATROL_RESULTS = ['pass', 'fail', 'na'] as const;
export type PatrolResult = (typeof PATROL_RESULTS)[number];
export const PATROL_RESULT_LABEL: Record<PatrolResult, string> = {
  pass: '符合',
  fail: '不符合',
  na: '不适用',
};

/** Who a notice is for: the use unit, or (for a lift) its maintenance company. */
export const PATROL_RECIPIENTS = ['use', 'maintenance'] as const;
export type PatrolRecipient = (typeof PATROL_RECIPIENTS)[number];
export const PATROL_RECIPIENT_LABEL: Record<PatrolRecipient, string> = {
  use: '使用单位',
  maintenance: '维保单位',
};

/** Notice states: 待整改 → 待复核 (answered) → 已销号 (closed); the regulator reopens an answered or closed one (待整改 again). */
export const PATROL_NOTICE_STATES = ['open', 'answered', 'closed'] as const;
export type PatrolNoticeState = (typeof PATROL_NOTICE_STATES)[number];
export const PATROL_NOTICE_STATE_LABEL: Record<PatrolNoticeState, string> = {
  open: '待整改',
  answered: '待复核',
  closed: '已销号',
};

/** Default rectification period in days when a finding names no deadline. */
export const PATROL_DEFAULT_DEADLINE_DAYS = 15;
/** Most targets in one task. */
export const PATROL_MAX_TARGETS = 200;
/** Most photos per result or answer. */
export const PATROL_MAX_PHOTOS = 9;
