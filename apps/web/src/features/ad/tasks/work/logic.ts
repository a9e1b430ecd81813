import { AD_TASK_STATUS, type AdTaskDetail, type AdTaskLogRow, adTaskCalls } from '@ec/contract';
import type { PhoneTag } from '../../../../components/phone/CardList.tsx';

/*
 * The advertising field worker's phone page (/m/ad): what it decides without the server. The order
 * of its tabs (待执行 first), whether a task takes a log, what is still missing before 提交, the
 * code typed or scanned (checked by the contract's own rule), and how far from the lift a log was.
 */

const S = AD_TASK_STATUS;

/** The page's tabs, the work to do first: 待执行, then 已驳回 (redo), 待审核, 已完成. */
export const WORK_TABS: readonly { status: number; label: string }[] = [
  { status: S.pending, label: '待执行' },
  { status: S.rejected, label: '已驳回' },
  { status: S.submitted, label: '待审核' },
  { status: S.done, label: '已完成' },
];

/** A task's state badge: waiting for review orange, done green, rejected red, the others blue. */
export const STATUS_TONE: Record<number, NonNullable<PhoneTag['tone']>> = {
  [S.pending]: 'info',
  [S.submitted]: 'wait',
  [S.done]: 'done',
  [S.rejected]: 'fail',
  [S.cancelled]: 'info',
};

/** A log may be sent for a task 待执行 or 已驳回 (the server's submitLog moves those only). */
export const takesLog = (status: number) => status === S.pending || status === S.rejected;

/** A code may be bound while the task is not cancelled (the server's bindQrCode). */
export const takesCode = (status: number) => status !== S.cancelled;

const codeRule = adTaskCalls.bindQrCode.input.shape.qrCode;

/** The code as it is sent (trimmed), or the contract's reason it is not a code. */
export function readCode(raw: string): { code: string } | { problem: string } {
  const parsed = codeRule.safeParse(raw);
  if (parsed.success) return { code: parsed.data };
  return { problem: parsed.error.issues[0]?.message ?? '二维码内容不正确' };
}

export interface LogDraft {
  code: string;
  photoId: string | null;
}

/** What the worker still has to do before 提交日志, in the order he does it; null when ready. */
export function missingForLog(task: Pick<AdTaskDetail, 'qrCode' | 'status'>, d: LogDraft): string | null {
  if (!takesLog(task.status)) return '该任务当前不能提交日志';
  if (!task.qrCode) return '请先扫描并绑定点位二维码';
  if (!d.code.trim()) return '请扫描点位二维码';
  const read = readCode(d.code);
  if ('problem' in read) return read.problem;
  if (!d.photoId) return '请拍摄安装照片';
  return null;
}

/** Where the log was sent from, against the lift (the server measured it). */
export function distanceText(log: Pick<AdTaskLogRow, 'distanceM' | 'far'>): string {
  if (log.distanceM === null) return '电梯未登记坐标，未测距离';
  return log.far ? `距电梯 ${log.distanceM} 米，超出签到范围，审核时会标注` : `距电梯 ${log.distanceM} 米`;
}
