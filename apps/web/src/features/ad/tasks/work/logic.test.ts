import { AD_TASK_PERMISSIONS, AD_TASK_STATUS } from '@ec/contract';
import { describe, expect, it } from 'vitest';
import { AD_WORK_PERMISSION, mayAdWork } from '../../../../app/guard.tsx';
import {
  distanceText,
  missingForLog,
  readCode,
  STATUS_TONE,
  takesCode,
  takesLog,
  WORK_TABS,
} from './logic.ts';

const S = AD_TASK_STATUS;
const ready = { code: 'GG-001', photoId: 'f1' };

describe('the advertising field worker’s phone page', () => {
  it('gives every task state a badge colour: 待审核 waits, 已完成 done, 已驳回 failed', () => {
    for (const status of Object.values(S)) expect(STATUS_TONE[status], String(status)).toBeDefined();
    expect([STATUS_TONE[S.submitted], STATUS_TONE[S.done], STATUS_TONE[S.rejected]]).toEqual([
      'wait',
      'done',
      'fail',
    ]);
  });

  it('is guarded by the contract’s field-work permission', () => {
    expect(AD_WORK_PERMISSION).toBe(AD_TASK_PERMISSIONS.taskWork);
    expect(mayAdWork([AD_TASK_PERMISSIONS.taskWork])).toBe(true);
    expect(mayAdWork(['*:*:*'])).toBe(true);
    expect(mayAdWork([AD_TASK_PERMISSIONS.taskList, AD_TASK_PERMISSIONS.taskEdit])).toBe(false);
  });

  it('lists the work to do first: 待执行, 已驳回, then 待审核 and 已完成', () => {
    expect(WORK_TABS.map((t) => t.label)).toEqual(['待执行', '已驳回', '待审核', '已完成']);
    expect(WORK_TABS[0].status).toBe(S.pending);
  });

  it('takes a log for a task 待执行 or 已驳回 only, a code unless cancelled', () => {
    expect([S.pending, S.rejected].every(takesLog)).toBe(true);
    expect([S.submitted, S.done, S.cancelled].some(takesLog)).toBe(false);
    expect(takesCode(S.done)).toBe(true);
    expect(takesCode(S.cancelled)).toBe(false);
  });

  it('reads a code by the contract’s rule, trimmed', () => {
    expect(readCode('  GG-450103-001P ')).toEqual({ code: 'GG-450103-001P' });
    expect(readCode('ab')).toEqual({ problem: '二维码内容过短' });
    expect(readCode('二维码一号')).toEqual({ problem: '二维码内容只能包含字母、数字和 _-:./' });
  });

  it('names what is missing before 提交日志, in the order the worker does it', () => {
    const bound = { qrCode: 'GG-001', status: S.pending };
    expect(missingForLog({ qrCode: null, status: S.pending }, ready)).toBe('请先扫描并绑定点位二维码');
    expect(missingForLog(bound, { ...ready, code: ' ' })).toBe('请扫描点位二维码');
    expect(missingForLog(bound, { ...ready, code: 'x' })).toBe('二维码内容过短');
    expect(missingForLog(bound, { ...ready, photoId: null })).toBe('请拍摄安装照片');
    expect(missingForLog(bound, ready)).toBeNull();
    expect(missingForLog({ ...bound, status: S.submitted }, ready)).toBe('该任务当前不能提交日志');
    expect(missingForLog({ ...bound, status: S.rejected }, ready)).toBeNull();
  });

  it('says how far from the lift a log was sent', () => {
    expect(distanceText({ distanceM: 11, far: false })).toBe('距电梯 11 米');
    expect(distanceText({ distanceM: 890, far: true })).toBe('距电梯 890 米，超出签到范围，审核时会标注');
    expect(distanceText({ distanceM: null, far: false })).toBe('电梯未登记坐标，未测距离');
  });
});
