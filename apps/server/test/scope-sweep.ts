import { type Call, fillPath, type Page, SIGNED_IN } from '@ec/contract';
import { expect } from 'vitest';
import type { ApiResult, TestApp } from './harness.ts';

/**
 * The per-call data-scope sweep every domain has (elevator-scope.test.ts is the first): for each
 * call of a group, a probe in which an outsider asks for a record it must not reach. The outsider is
 * refused (404, or 403 without the permission) or finds the record left out of a list; the platform
 * administrator finds it; and nothing changed afterwards. A group whose call has no probe fails
 * (`expectProbeForEveryCall`), so a call added later cannot skip the sweep.
 *
 * ```ts
 * const p = new CallProber(t, inspectorCalls);
 * await p.signIn(['admin', 'jy_admin2', 'jg_qingxiu']);
 * const probes: Probes<typeof inspectorCalls> = {
 *   query: (a) => p.leftOut(a, 'query', { keyword: row.name }, p.hasId(row.id)),
 *   get: (a) => p.refused(a, 'get', { id: row.id }),
 *   …
 * };
 * it.each(ACTORS)('%s …', (actor) => p.sweep(actor, probes, snapshot));
 * ```
 */
export type Probes<C extends Record<string, Call>> = Record<
  keyof C & string,
  (actor: string) => Promise<void>
>;

export class CallProber<C extends Record<string, Call>> {
  readonly tokens: Record<string, string> = {};
  readonly permissions: Record<string, Set<string>> = {};

  constructor(
    private readonly t: TestApp,
    readonly calls: C,
    /** The account that sees everything (the control of `leftOut`). */
    readonly platformUser = 'admin',
  ) {}

  /** Signs the accounts in and reads their permissions. */
  async signIn(users: string[]): Promise<void> {
    for (const u of new Set([this.platformUser, ...users])) {
      this.tokens[u] = await this.t.login(u);
      const info = await this.t.api<{ permissions: string[] }>('GET', '/pc/sysUser/getUserInfo', {
        token: this.tokens[u],
      });
      this.permissions[u] = new Set(info.body.data.permissions);
    }
  }

  /** Sends a call as the web client does: path parameters filled, GET/DELETE in the query, else JSON. */
  send<T = unknown>(
    user: string,
    name: keyof C & string,
    input: Record<string, unknown> = {},
  ): Promise<ApiResult<T>> {
    const call: Call = this.calls[name];
    const { path, rest } = fillPath(call.path, input);
    const token = this.tokens[user];
    if (!token) throw new Error(`${user} is not signed in`);
    if (call.method === 'GET' || call.method === 'DELETE') {
      const query: Record<string, string> = {};
      for (const [k, v] of Object.entries(rest))
        if (v !== undefined && v !== null && v !== '') query[k] = Array.isArray(v) ? v.join(',') : String(v);
      return this.t.api<T>(call.method, path, { token, query });
    }
    return this.t.api<T>(call.method, path, { token, body: rest });
  }

  /** Whether the account holds the call's permission (every account holds SIGNED_IN). */
  may(actor: string, name: keyof C & string): boolean {
    const p = this.calls[name].permission;
    if (p === SIGNED_IN) return Boolean(this.tokens[actor]);
    return this.permissions[actor]?.has(p) || this.permissions[actor]?.has('*:*:*') || false;
  }

  /** Refused: `status` (404 by default) when the account holds the permission, 403 when it does not. */
  async refused(actor: string, name: keyof C & string, input: Record<string, unknown>, status = 404) {
    const res = await this.send(actor, name, input);
    expect(res.status, `${actor} ${name}: ${res.body.resultMsg}`).toBe(this.may(actor, name) ? status : 403);
  }

  /**
   * A list: the record is left out for the actor (403 without the permission) unless the actor is in
   * `seenBy`; the platform account finds it with the same filters.
   */
  async leftOut(
    actor: string,
    name: keyof C & string,
    input: Record<string, unknown>,
    found: (data: unknown) => boolean,
    seenBy: string[] = [],
  ) {
    const res = await this.send(actor, name, input);
    if (!this.may(actor, name)) expect(res.status, `${actor} ${name}`).toBe(403);
    else {
      expect(res.status, `${actor} ${name}: ${res.body.resultMsg}`).toBe(200);
      expect(found(res.body.data), `${actor} ${name}`).toBe(seenBy.includes(actor));
    }
    const control = await this.send(this.platformUser, name, input);
    expect(control.status, `${this.platformUser} ${name}: ${control.body.resultMsg}`).toBe(200);
    expect(found(control.body.data), `${this.platformUser} ${name} finds it`).toBe(true);
  }

  /** A page of records holds the id. */
  hasId = (id: number) => (d: unknown) => (d as Page<{ id: number }>).records.some((r) => r.id === id);

  /** Every call of the group has a probe. */
  expectProbeForEveryCall(probes: Probes<C>) {
    expect(Object.keys(probes).sort()).toEqual(Object.keys(this.calls).sort());
  }

  /** Runs every probe as the actor; what `snapshot` reads is unchanged afterwards. */
  async sweep(actor: string, probes: Probes<C>, snapshot: () => Promise<unknown>) {
    const before = await snapshot();
    for (const [name, probe] of Object.entries(probes) as [string, (a: string) => Promise<void>][]) {
      try {
        await probe(actor);
      } catch (err) {
        throw new Error(`${name}: ${(err as Error).message}`);
      }
    }
    expect(await snapshot()).toEqual(before);
  }
}
