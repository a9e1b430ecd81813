import { PATROL_PERMISSIONS, type PatrolTargetView, type PatrolTemplateItem } from '@ec/contract';
import { describe, expect, it } from 'vitest';
import { mayPatrol, PATROL_PERMISSION } from '../../app/guard.tsx';
import {
  canComplete,
  draftProblem,
  draftsOf,
  emptyDraft,
  missingCount,
  moveEntry,
  planDistricts,
  resultInputs,
} from './logic.ts';

const items: PatrolTemplateItem[] = [
  { contentId: 1, seq: 1, name: '使用标志张贴', category: '证照标志', requirement: null },
  { contentId: 2, seq: 2, name: '轿内紧急报警装置', category: '应急救援', requirement: null },
];
const target = (results: PatrolTargetView['results']): PatrolTargetView => ({
  id: 9,
  kind: 'lift',
  elevatorId: 5,
  unitId: null,
  name: '45010320200101000001',
  address: null,
  useUnitName: null,
  maintenanceCompanyName: null,
  checkedAt: null,
  latitude: null,
  longitude: null,
  results,
});
const saved = (contentId: number, result: 'pass' | 'fail' | 'na') => ({
  contentId,
  result,
  resultLabel: '',
  remark: result === 'fail' ? '标志过期' : null,
  photos: [],
  recorderName: null,
  recordedAt: '2026-11-26 10:00:00',
  noticeId: result === 'fail' ? 3 : null,
});

describe('patrol page rules', () => {
  it('the phone page needs the execute permission the contract names', () => {
    expect(PATROL_PERMISSION).toBe(PATROL_PERMISSIONS.taskExecute);
    expect(mayPatrol([PATROL_PERMISSIONS.taskExecute])).toBe(true);
    expect(mayPatrol(['*:*:*'])).toBe(true);
    expect(mayPatrol([PATROL_PERMISSIONS.taskList])).toBe(false);
  });

  it('drafts a target from its results: a saved 不符合 is locked and not sent again', () => {
    const drafts = draftsOf(items, target([saved(1, 'fail')]));
    expect(drafts[1]).toMatchObject({ result: 'fail', locked: true, remark: '标志过期' });
    expect(drafts[2]).toMatchObject({ result: null, locked: false });
    drafts[2] = { ...drafts[2], result: 'pass' };
    expect(resultInputs(items, drafts, true)).toEqual([
      { contentId: 2, result: 'pass', remark: null, photos: [] },
    ]);
  });

  it('a 不符合 needs what was found, and carries its recipient (a use unit target: always the unit)', () => {
    const drafts = { 1: { ...emptyDraft(), result: 'fail' as const }, 2: emptyDraft() };
    expect(draftProblem(items, drafts)).toBe('「使用标志张贴」不符合：请填写发现的问题');
    expect(draftProblem(items, { 1: emptyDraft(), 2: emptyDraft() })).toBe('请至少填写一项检查结果');
    drafts[1] = { ...drafts[1], remark: ' 过期 ', recipient: 'maintenance', deadline: '2026-12-01' };
    expect(draftProblem(items, drafts)).toBeNull();
    expect(resultInputs(items, drafts, true)[0]).toEqual({
      contentId: 1,
      result: 'fail',
      remark: '过期',
      photos: [],
      finding: { recipient: 'maintenance', deadline: '2026-12-01' },
    });
    expect(resultInputs(items, drafts, false)[0].finding).toEqual({
      recipient: 'use',
      deadline: '2026-12-01',
    });
  });

  it('completes a running task only when every item of every target has a result', () => {
    const half = { state: 'running' as const, items, targets: [target([saved(1, 'pass')])] };
    expect(missingCount(half)).toBe(1);
    expect(canComplete(half)).toBe(false);
    const full = { ...half, targets: [target([saved(1, 'pass'), saved(2, 'na')])] };
    expect(canComplete(full)).toBe(true);
    expect(canComplete({ ...full, state: 'done' as const })).toBe(false);
  });

  it('orders template items and offers the districts one plans in', () => {
    expect(moveEntry(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveEntry(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(planDistricts(['450103'])).toEqual([{ value: '450103', label: '青秀区' }]);
    const all = planDistricts([]);
    expect(all.map((d) => d.value)).toContain('450105');
    expect(all.every((d) => /^\d{6}$/.test(d.value))).toBe(true);
  });
});
