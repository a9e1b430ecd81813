/** What other modules may ask of the rescue domain (they never read its tables). */
import { CASE_SOURCE } from '@ec/contract';
import type { Queryable } from '../../platform/db/client.ts';
import { alarm } from './cases/flow.ts';

/**
 * A trapped-passenger alarm from a monitoring device (IoT, source 3): opens a 困人 case for the lift,
 * or joins the lift's open one (`joined`), in the caller's transaction. The same intake as
 * `POST /pc/rescueCase/alarm`.
 */
export async function openAlarmCase(
  db: Queryable,
  input: { elevatorId: number; deviceCode: string; description?: string; trapped?: number },
): Promise<{ caseId: number; joined: boolean }> {
  const { case: c, joined } = await alarm(db, {
    source: CASE_SOURCE.iot,
    elevatorId: input.elevatorId,
    deviceId: input.deviceCode,
    trapped: input.trapped,
    description: input.description,
  });
  return { caseId: c.id, joined };
}
