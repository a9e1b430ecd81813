import { RESCUE_PARAMS } from '@ec/contract';
import { useEffect, useState } from 'react';
import { clockOffset, type Limits } from './case-board.ts';

/** The limits and clock an answer carries (the board's, the rescuer's myCases). */
export interface Timing extends Limits {
  /** The server's time when it answered (ISO). */
  now: string;
}

/** The platform's defaults (RESCUE_PARAMS), until the server has answered with the limits in force. */
export const DEFAULT_LIMITS: Limits = {
  acceptMinutes: RESCUE_PARAMS.acceptMinutes.fallback,
  arriveMinutes: RESCUE_PARAMS.arriveMinutes.fallback,
  warnMinutes: RESCUE_PARAMS.warnMinutes.fallback,
};

/**
 * What the timers of a page count against: the limits the server answered with (the defaults
 * before it has), and its clock's offset from this device's (0 before it has).
 */
export function timingOf(t: Timing | undefined, localNow = Date.now()): { limits: Limits; offset: number } {
  if (!t) return { limits: DEFAULT_LIMITS, offset: 0 };
  return {
    limits: { acceptMinutes: t.acceptMinutes, arriveMinutes: t.arriveMinutes, warnMinutes: t.warnMinutes },
    offset: clockOffset(t.now, localNow),
  };
}

/** The server's time, ticking every second (the answer's `now` and the local clock's difference). */
export function useServerNow(offset: number): number {
  const [now, setNow] = useState(() => Date.now() + offset);
  useEffect(() => {
    setNow(Date.now() + offset);
    const t = setInterval(() => setNow(Date.now() + offset), 1000);
    return () => clearInterval(t);
  }, [offset]);
  return now;
}
