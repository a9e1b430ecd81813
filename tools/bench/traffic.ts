import { sql } from 'drizzle-orm';
import type { AuthUser } from '../../apps/server/src/platform/access.ts';
import type { Queryable } from '../../apps/server/src/platform/db/client.ts';
import { rowsOf } from '../../apps/server/src/platform/db/sql.ts';
import { rng } from '../../apps/server/src/platform/seed/random.ts';

/**
 * The registry list as real users use it: a district regulator and a maintenance company, each
 * within its data scope, with filters drawn at random per request (the admin's cases send one body).
 */
export const USERS = ['jg_qingxiu', 'wb_admin1'] as const;
export type BenchUser = (typeof USERS)[number];
export const USER_NOTES: Record<BenchUser, string> = {
  jg_qingxiu: 'scope: area 450103',
  wb_admin1: 'scope: own company',
};

export interface Traffic {
  /** The first demo maintenance company (wb_admin1's). */
  wb1: number;
  /** The accounts as the server sees them: what elevatorScope needs. */
  users: Record<BenchUser, AuthUser>;
  districts: string[];
  maintenance: number[];
  /** Real addresses of the loaded elevators, to cut search terms from. */
  addresses: string[];
}

export async function trafficOf(db: Queryable): Promise<Traffic> {
  const maintenance = rowsOf<{ id: number }>(
    await db.execute(sql`select id from enterprise where kind = 'maintenance' order by id`),
  ).map((r) => r.id);
  const accounts = rowsOf<{ id: number; username: string; companyId: number | null; areaCodes: string[] }>(
    await db.execute(sql`select id, username, company_id as "companyId", area_codes as "areaCodes"
      from sys_user where username in ('jg_qingxiu', 'wb_admin1')`),
  );
  const account = (username: BenchUser, userType: AuthUser['userType'], dataScope: AuthUser['dataScope']) => {
    const a = accounts.find((x) => x.username === username);
    if (!a) throw new Error(`${username} is missing from the bench database`);
    return {
      id: a.id,
      username,
      realName: username,
      userType,
      companyId: a.companyId,
      areaCodes: a.areaCodes,
      dataScope,
      roles: [],
      permissions: new Set(['elevator:list']),
      tokenHash: '',
      needIntercept: false,
      mustChangePassword: false,
    } satisfies AuthUser;
  };
  const districts = rowsOf<{ code: string }>(
    await db.execute(sql`select distinct area_code as code from elevator order by 1`),
  ).map((r) => r.code);
  const addresses = rowsOf<{ address: string }>(
    await db.execute(sql`select address from elevator where id % 499 = 0 limit 2000`),
  ).map((r) => r.address);
  const users = {
    jg_qingxiu: account('jg_qingxiu', 'regulator', 'area'),
    wb_admin1: account('wb_admin1', 'maintenance', 'company'),
  };
  return { wb1: users.wb_admin1.companyId ?? maintenance[0], users, districts, maintenance, addresses };
}

/**
 * A generator of request bodies for `who`: a district of its scope (half the requests), a
 * maintenance company (a third; wb_admin1 picks its own), a state (a third: 启用状态, 认领状态 or
 * 检验状态), a 2–4 character term cut from a real address (a third) and, one time in five, a page
 * from 2 to 5. The same seed gives the same draws.
 */
export function randomFilters(t: Traffic, who: BenchUser, seed: number): () => Record<string, unknown> {
  const r = rng(seed * 7919 + USERS.indexOf(who));
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  const districts = who === 'jg_qingxiu' ? t.users.jg_qingxiu.areaCodes : t.districts;
  const companies = who === 'wb_admin1' ? [t.wb1] : t.maintenance;
  const states: Record<string, unknown>[] = [
    { status: 1 },
    { status: 0 },
    { maintenanceClaimState: 3 },
    { maintenanceClaimState: 0 },
    { inspectState: 'overdue' },
    { inspectState: 'due' },
  ];
  return () => {
    const f: Record<string, unknown> = { page: r() < 0.8 ? 1 : 2 + Math.floor(r() * 4), limit: 10 };
    if (r() < 0.5) f.areaCode = pick(districts);
    if (r() < 1 / 3) f.maintenanceCompanyId = pick(companies);
    if (r() < 1 / 3) Object.assign(f, pick(states));
    if (r() < 1 / 3) {
      const chars = [...pick(t.addresses)];
      const length = 2 + Math.floor(r() * 3);
      const start = Math.floor(r() * Math.max(1, chars.length - length));
      f.keyword = chars.slice(start, start + length).join('');
    }
    return f;
  };
}
