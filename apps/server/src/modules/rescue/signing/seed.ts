import { addDays, shanghaiToday } from '@ec/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client.ts';
import { enterprise } from '../../../platform/db/tables.ts';
import { pad } from '../../../platform/seed/random.ts';
import { liftsBoundTo } from '../../elevator/api.ts';
import { signingElevator, signingRecord } from '../tables.ts';

/**
 * Demo signings: each use unit with a district signs with the platform (one in force, one lapsed),
 * and leases its lifts to the advertising operator (from 150 days ago to 275 days ahead: the demo
 * orders' dates; a point is booked only in a leased lift, docs/paths.md "Lease before booking").
 */
export async function seedSigning(tx: Tx) {
  const units = await tx
    .select({
      id: enterprise.id,
      name: enterprise.name,
      areaCode: enterprise.areaCode,
      contactName: enterprise.contactName,
      contactPhone: enterprise.contactPhone,
    })
    .from(enterprise)
    .where(eq(enterprise.kind, 'use'))
    .orderBy(asc(enterprise.id));
  const [ad] = await tx
    .select({ id: enterprise.id })
    .from(enterprise)
    .where(inArray(enterprise.kind, ['ad']))
    .orderBy(asc(enterprise.id))
    .limit(1);
  const today = shanghaiToday();
  const day = today.replaceAll('-', '');
  let n = 0;
  for (const u of units) {
    if (!u.areaCode) continue;
    const lifts = (await liftsBoundTo(tx, 'use', u.id)).map((l) => l.id);
    const plans = [
      { kind: 1, start: addDays(today, -400), end: addDays(today, -35), amount: 12000, lifts },
      { kind: 1, start: addDays(today, -34), end: addDays(today, 331), amount: 15000, lifts },
      {
        kind: 2,
        start: addDays(today, -150),
        end: addDays(today, 275),
        amount: 36000,
        lifts,
      },
    ];
    for (const p of plans) {
      n += 1;
      const [s] = await tx
        .insert(signingRecord)
        .values({
          signNo: `QY${day}D${pad(n, 5)}`,
          kind: p.kind,
          useCompanyId: u.id,
          partnerId: p.kind === 2 ? (ad?.id ?? null) : null,
          startDate: p.start,
          endDate: p.end,
          amount: p.amount,
          // Leases agree on the use unit's share of the advertising revenue (settlement), 30–40 %.
          share: p.kind === 2 ? [30, 35, 40][n % 3] : null,
          contactName: u.contactName,
          contactPhone: u.contactPhone,
          remark: p.kind === 2 ? '轿厢广告位租赁' : '96333 应急救援服务签约',
          areaCode: u.areaCode,
        })
        .returning({ id: signingRecord.id });
      if (p.lifts.length > 0)
        await tx
          .insert(signingElevator)
          .values(p.lifts.map((elevatorId) => ({ signingId: s.id, elevatorId })));
    }
  }
}
