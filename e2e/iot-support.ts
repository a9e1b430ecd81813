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

/** Posts one message as a device over HTTP with its own secret; answers the status and body. */
export async function ingest(
  base: string,
  deviceCode: string,
  secret: string,
  kind: 'status' | 'alarm' | 'stats' | 'escalator',
  message: Record<string, unknown>,
): Promise<{ status: number; body: string }> {
  const res = await fetch(`${base}/monitor/api/iot/ingest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ deviceCode, secret, kind, message }),
  });
  return { status: res.status, body: await res.text() };
}

/** A lift of the district that no device watches (the platform's view of the registry). */
export async function unwatchedLift(
  admin: Api,
  merchant: Api,
  areaCode: string,
  skip: string[] = [],
): Promise<{ id: number; registerCode: string; areaCode: string }> {
  const devices = await merchant<{ records: Device[] }>('POST', '/equ3000/list', { limit: 500 });
  const watched = new Set([...devices.records.map((d) => d.lift?.registerCode), ...skip]);
  const lifts = await admin<{
    records: { id: number; registerCode: string; areaCode: string; type: number }[];
  }>('POST', '/pc/elevator/queryList', { page: 1, limit: 100, areaCode });
  const lift = lifts.records.find((e) => e.type !== 2 && !watched.has(e.registerCode));
  assert.ok(lift, `a lift of ${areaCode} without a device`);
  return lift;
}
