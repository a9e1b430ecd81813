import type { RescuePart } from '../part.ts';

/** Cases: the call centre's and the rescuer's calls, the board's live events, the escalation job. */
export const casePart: RescuePart = {
  routes: [],
};
