import type { Queryable } from '../../../platform/db/client.ts';

/**
 * Whether a company's account may raise trapped-passenger alarms for a lift (`POST
 * /pc/rescueCase/alarm`): another module answers for the companies it knows (IoT: the merchant has
 * a device bound to the lift). Nobody but the platform raises an alarm for a lift no authority
 * vouches for.
 */
export type AlarmAuthority = (db: Queryable, companyId: number, elevatorId: number) => Promise<boolean>;

const authorities = new Set<AlarmAuthority>();

export function addAlarmAuthority(authority: AlarmAuthority): void {
  authorities.add(authority);
}

/** True when some authority vouches for the company on the lift. */
export async function mayRaiseAlarm(db: Queryable, companyId: number, elevatorId: number): Promise<boolean> {
  for (const authority of authorities) if (await authority(db, companyId, elevatorId)) return true;
  return false;
}
