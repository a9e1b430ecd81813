import type { ClaimRecord, ElevatorDetail, ElevatorRow } from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db/sql.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';

/**
 * Claims under concurrency: one open claim per elevator and side, whoever asks at the same moment.
 * The open-claim unique index decides; a loser gets 409 with a message, never a 500.
 */
describe.each(dbKinds)('claims under concurrency on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const company: Record<string, number> = {};
  let unbound: ElevatorRow[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const u of ['admin', 'wb_admin1', 'wb_admin2', 'sy_admin1', 'sy_admin2']) {
      tokens[u] = await t.login(u);
      company[u] = (
        await t.api<{ companyId: number }>('GET', '/pc/sysUser/getUserInfo', { token: tokens[u] })
      ).body.data.companyId;
    }
    const all = (
      await t.api<{ records: ElevatorRow[] }>('POST', '/pc/elevator/queryList', {
        token: tokens.admin,
        body: { page: 1, limit: 500 },
      })
    ).body.data.records;
    unbound = all.filter(
      (r) =>
        r.status === 1 && r.maintenanceClaimState === 0 && r.useClaimState === 0 && r.useCompanyId === null,
    );
    expect(unbound.length).toBeGreaterThanOrEqual(2);
  });
  afterAll(() => t?.close());

  const claimsOf = async (elevatorId: number) =>
    (
      await t.api<ClaimRecord[]>('POST', '/pc/elevatorClaim/historyElevatorClaim', {
        token: tokens.admin,
        body: { elevatorId },
      })
    ).body.data;

  it('50 concurrent assignments of one elevator to two companies bind it to exactly one', async () => {
    const lift = unbound[0];
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.api('POST', '/pc/elevator/distributionElevator', {
          token: tokens.admin,
          body: { ids: [lift.id], maintenanceCompanyId: company[i % 2 ? 'wb_admin2' : 'wb_admin1'] },
        }),
      ),
    );
    for (const r of results) expect([200, 409], r.body.resultMsg).toContain(r.status);
    expect(results.some((r) => r.status === 200)).toBe(true);
    const open = (await claimsOf(lift.id)).filter((c) => c.claimType === 'maintenance' && c.state === 3);
    expect(open).toHaveLength(1);
    const detail = await t.api<ElevatorDetail>('POST', '/pc/elevator/queryDetail/info', {
      token: tokens.admin,
      body: { elevatorId: lift.id },
    });
    expect(detail.body.data.maintenanceCompanyId).toBe(open[0].companyId);
  });

  it('50 concurrent use claims of one elevator by two use units leave one pending claim', async () => {
    const lift = unbound[1];
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.api('POST', '/pc/elevatorClaim/submitClaim', {
          token: tokens[i % 2 ? 'sy_admin2' : 'sy_admin1'],
          body: { ids: [lift.id] },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.resultMsg).toContain('已被认领或正在审核中');
    }
    const open = (await claimsOf(lift.id)).filter((c) => c.claimType === 'use' && c.state === 2);
    expect(open).toHaveLength(1);
  });

  it.runIf(kind === 'postgres')(
    'a lift deleted while it is claimed: the claim is refused or the delete is, never both done',
    async () => {
      for (const [round, lift] of unbound.slice(-3).entries()) {
        const results = await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            i === round * 3
              ? t.api('DELETE', '/pc/elevator/delete', {
                  token: tokens.admin,
                  query: { ids: String(lift.id) },
                })
              : t.api('POST', '/pc/elevatorClaim/submitClaim', {
                  token: tokens[i % 2 ? 'sy_admin2' : 'sy_admin1'],
                  body: { ids: [lift.id] },
                }),
          ),
        );
        const deleted = results[round * 3].status === 200;
        const claimed = results.filter((r, i) => i !== round * 3 && r.status === 200).length;
        for (const r of results) expect([200, 404, 409], r.body.resultMsg).toContain(r.status);
        // Deleted, and no claim went through (404 after, 409 while); or claimed once, and the delete refused.
        expect({ deleted, claimed }).toEqual(deleted ? { deleted, claimed: 0 } : { deleted, claimed: 1 });
        const [orphans] = rowsOf<{ n: number }>(
          await t.platform.db.execute(
            sql`select count(*)::int as n from audit_record a where a.state = 2 and a.kind = 'elevator-claim'
                and not exists (select 1 from elevator_claim c where c.id::text = a.subject_id)`,
          ),
        );
        expect(orphans.n).toBe(0);
      }
    },
  );
});
