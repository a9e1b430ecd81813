import { randomBytes } from 'node:crypto';
import { and, asc, gte, inArray, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client.ts';
import { sysUser } from '../../../platform/db/tables.ts';
import { pad, rng } from '../../../platform/seed/random.ts';
import { callRecord, rescueCase, serviceAgent, serviceAgentShift } from '../tables.ts';

const DAY = 86_400_000;
const MINUTE = 60_000;
const WEEKS = 4;

/**
 * The call centre's demo: kf_agent1..3 at seats 01..03 (kf_agent1 on duty), their duty log (day and
 * evening shifts), and four weeks of calls — one for each phone case the cases part seeded in that
 * time (same number, linked to the case, taken by its agent) and enquiries and call-backs between.
 */
export async function seedCallCentre(tx: Tx) {
  const r = rng(96333);
  const agents = await tx
    .select({ id: sysUser.id, username: sysUser.username })
    .from(sysUser)
    .where(inArray(sysUser.username, ['kf_agent1', 'kf_agent2', 'kf_agent3']))
    .orderBy(asc(sysUser.username));
  if (agents.length === 0) return;
  const now = Date.now();
  const midnight = Math.floor((now + 8 * 3_600_000) / DAY) * DAY - 8 * 3_600_000;

  await tx.insert(serviceAgent).values(
    agents.map((a, i) => ({
      userId: a.id,
      seatNo: pad(i + 1, 2),
      extension: `80${pad(i + 1, 2)}`,
      online: i === 0,
      changedAt: new Date(i === 0 ? midnight + 8 * 3_600_000 : midnight - 4 * 3_600_000),
    })),
  );

  // Two shifts a day (08–20, 20–08), the agents taking turns; today kf_agent1 is on the day shift.
  const shifts: (typeof serviceAgentShift.$inferInsert)[] = [];
  for (let d = WEEKS * 7; d >= 1; d--) {
    const day = midnight - d * DAY;
    for (const [k, from] of [
      [0, 8],
      [1, 20],
    ] as const) {
      const a = agents[(d * 2 + k) % agents.length];
      shifts.push({
        userId: a.id,
        online: true,
        at: new Date(day + from * 3_600_000 + Math.floor(r() * 10) * MINUTE),
      });
      shifts.push({
        userId: a.id,
        online: false,
        at: new Date(day + (from + 12) * 3_600_000 + Math.floor(r() * 10) * MINUTE),
      });
    }
  }
  // Yesterday's evening shift was kf_agent1's too: today's begins once that one has ended (its
  // going off duty falls a few minutes after 08:00), so that kf_agent1 is on duty at any hour.
  const handover = Math.max(
    midnight + 8 * 3_600_000,
    ...shifts
      .filter((s) => s.userId === agents[0].id && !s.online)
      .map((s) => (s.at as Date).getTime() + MINUTE),
  );
  shifts.push({ userId: agents[0].id, online: true, at: new Date(handover) });
  await tx.insert(serviceAgentShift).values(shifts.filter((s) => (s.at as Date).getTime() < now));

  const agentIds = new Set(agents.map((a) => a.id));
  const since = new Date(midnight - WEEKS * 7 * DAY);
  const cases = await tx
    .select({
      id: rescueCase.id,
      phone: rescueCase.callerPhone,
      alarmAt: rescueCase.alarmAt,
      agentId: rescueCase.agentId,
    })
    .from(rescueCase)
    .where(and(isNotNull(rescueCase.callerPhone), gte(rescueCase.alarmAt, since)))
    .orderBy(asc(rescueCase.id));
  const calls: (typeof callRecord.$inferInsert)[] = [];
  const token = () => randomBytes(24).toString('base64url');
  const pickAgent = () => agents[Math.floor(r() * agents.length)].id;
  for (const c of cases) {
    const start = c.alarmAt.getTime() - Math.floor(r() * 40) * 1000;
    const answer = start + (3 + Math.floor(r() * 15)) * 1000;
    const end = answer + (60 + Math.floor(r() * 240)) * 1000;
    if (end > now) continue;
    const agentId = c.agentId !== null && agentIds.has(c.agentId) ? c.agentId : pickAgent();
    calls.push({
      token: token(),
      phone: c.phone!,
      direction: 1,
      startedAt: new Date(start),
      answeredAt: new Date(answer),
      endedAt: new Date(end),
      agentId,
      caseId: c.id,
    });
    // A follow-up call to the caller the next day for about half of them.
    if (r() < 0.5 && end + DAY < now)
      calls.push({
        token: token(),
        phone: c.phone!,
        direction: 2,
        startedAt: new Date(end + DAY),
        answeredAt: new Date(end + DAY + 12_000),
        endedAt: new Date(end + DAY + 90_000),
        agentId,
        caseId: c.id,
      });
  }
  // Enquiries and calls that led to no case: a few a day, mostly in office hours, some unanswered.
  for (let d = WEEKS * 7; d >= 0; d--) {
    const n = 2 + Math.floor(r() * 5);
    for (let i = 0; i < n; i++) {
      const start =
        midnight - d * DAY + (8 + Math.floor(r() * 13)) * 3_600_000 + Math.floor(r() * 3600) * 1000;
      if (start + 600_000 > now) continue;
      const answered = r() > 0.1;
      const answer = start + (4 + Math.floor(r() * 20)) * 1000;
      calls.push({
        token: token(),
        phone: `1${pick3(r)}${String(10_000_000 + Math.floor(r() * 89_999_999))}`,
        direction: 1,
        startedAt: new Date(start),
        answeredAt: answered ? new Date(answer) : null,
        endedAt: new Date(answered ? answer + (30 + Math.floor(r() * 200)) * 1000 : start + 30_000),
        agentId: answered ? pickAgent() : null,
        caseId: null,
      });
    }
  }
  for (let i = 0; i < calls.length; i += 500) await tx.insert(callRecord).values(calls.slice(i, i + 500));
}

const pick3 = (r: () => number) => ['38', '39', '58', '77', '86'][Math.floor(r() * 5)];
