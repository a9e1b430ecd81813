import { CASE_STATE, RESCUE_PERMISSIONS } from '@ec/contract';
import { describe, expect, it } from 'vitest';
import { mayRescue, RESCUE_PERMISSION } from '../../app/guard.tsx';
import { currentPosition } from './position.ts';
import { nextMove } from './steps.ts';

describe('the rescuer’s phone page', () => {
  it('is opened with the contract’s rescue permission (or all)', () => {
    expect(RESCUE_PERMISSION).toBe(RESCUE_PERMISSIONS.caseRescue);
    expect(mayRescue(['rescue:case:rescue'])).toBe(true);
    expect(mayRescue(['*:*:*'])).toBe(true);
    expect(mayRescue(['rescue:case:list', 'maintenance:order:work'])).toBe(false);
  });

  it('offers the next step: 接单 → 到达现场 → 解救完成, nothing before dispatch or after freeing', () => {
    expect(nextMove(CASE_STATE.new)).toBeNull();
    expect(nextMove(CASE_STATE.dispatched)).toBe('accept');
    expect(nextMove(CASE_STATE.accepted)).toBe('arrive');
    expect(nextMove(CASE_STATE.arrived)).toBe('free');
    expect(nextMove(CASE_STATE.freed)).toBeNull();
    expect(nextMove(CASE_STATE.closed)).toBeNull();
  });

  it('records the arrival without a position when the page may not ask for one', async () => {
    // jsdom is not a secure context and has no geolocation: the answer is null, not a hang.
    await expect(currentPosition(50)).resolves.toBeNull();
  });
});
