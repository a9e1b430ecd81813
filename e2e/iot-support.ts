import assert from 'node:assert/strict';
import { REGULATORS } from '../apps/server/test/iot-support.ts';
import type { Api } from './elevator-support.ts';

/** The demo's district regulators, by district code (the server tests' list). */
export { REGULATORS };

export interface Device {
  id: number;
  code: string;
  lift: { elevatorId: number; registerCode: string; areaCode: string } | null;
}

/**
 * Frees a demo lift (a lift, not the demo escalator, whose page shows an escalator's state) in a
 * district with a regulator: unbinds the demo device watching it, and returns the lift.
 */
export async function freeDemoLift(merchant: Api): Promise<NonNullable<Device['lift']>> {
  const demo = await merchant<{ records: Device[] }>('POST', '/equ3000/list', { limit: 50 });
  for (const d of demo.records) {
    if (!d.lift || !REGULATORS[d.lift.areaCode]) continue;
    const data = await merchant<{ escalator: unknown }>('GET', `/equ3000/getDeviceData/${d.id}`);
    if (data.escalator) continue;
    await merchant('POST', '/equ3000/unbind', { deviceId: d.id });
    return d.lift;
  }
  assert.fail('a demo device watches a lift in a district with a regulator');
}
