import { CASE_STATE } from '@ec/contract';

export type Move = 'accept' | 'arrive' | 'free';

/** The rescuer's next step on a case in `status`: 接单, 到达现场, 解救完成, or none. */
export function nextMove(status: number): Move | null {
  if (status === CASE_STATE.dispatched) return 'accept';
  if (status === CASE_STATE.accepted) return 'arrive';
  if (status === CASE_STATE.arrived) return 'free';
  return null;
}
