import { elevatorCalls } from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db/sql.ts';
import { dbKinds, heldTransaction, startTestApp, type TestApp } from './harness.ts';

/**
 * A lift's writes decide its scope in the write itself: a regulator's edit of a lift that another
 * transaction is moving out of its district (re-zoned, say) waits for that move and, once it has
 * committed, writes nothing and answers 404 — never a write made on a check read before the move.
 */
describe.each(dbKinds)('lift writes keep to the scope on %s', (kind) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    token = await t.login('jg_qingxiu');
  });
  afterAll(() => t?.close());

  const liftOfQingxiu = async () => {
    const [lift] = rowsOf<{ id: number }>(
      await t.platform.db.execute(
        sql`select id from elevator where area_code = '450103' and status = 1 order by id desc limit 1`,
      ),
    );
    return lift.id;
  };
  const liftRow = async (id: number) =>
    rowsOf<{ supervision_code: string | null; version: number; status: number }>(
      await t.platform.db.execute(
        sql`select supervision_code, version, status from elevator where id = ${id}`,
      ),
    )[0];

  it('sets a supervision code, refreshes the next inspection and disables a lift of its district', async () => {
    const id = await liftOfQingxiu();
    const code = await t.api('POST', elevatorCalls.supervisionCode.path, {
      token,
      body: { id, supervisionCode: 'qx2026' },
    });
    expect(code.status, code.body.resultMsg).toBe(200);
    expect((await liftRow(id)).supervision_code).toBe('QX2026');
    const refreshed = await t.api('GET', elevatorCalls.refreshInspectTime.path, { token, query: { id } });
    expect(refreshed.status, refreshed.body.resultMsg).toBe(200);
    // Out of its district: 404, whatever the call.
    const [other] = rowsOf<{ id: number }>(
      await t.platform.db.execute(sql`select id from elevator where area_code <> '450103' limit 1`),
    );
    const outside = await t.api('POST', elevatorCalls.supervisionCode.path, {
      token,
      body: { id: other.id, supervisionCode: 'QX2027' },
    });
    expect(outside.status).toBe(404);
    expect(
      (await t.api('GET', elevatorCalls.refreshInspectTime.path, { token, query: { id: other.id } })).status,
    ).toBe(404);
  });

  it.runIf(kind === 'postgres')(
    'writes nothing to a lift moved out of the district while the write waited for it',
    async () => {
      for (const write of ['supervisionCode', 'refreshInspectTime', 'disAble'] as const) {
        const id = await liftOfQingxiu();
        const before = await liftRow(id);
        // Another transaction moves the lift to another district and holds it.
        const holder = await heldTransaction(t.platform.db, (tx) =>
          tx.execute(sql`update elevator set area_code = '450102' where id = ${id}`),
        );
        const answer =
          write === 'supervisionCode'
            ? t.api('POST', elevatorCalls.supervisionCode.path, {
                token,
                body: { id, supervisionCode: 'MOVED1' },
              })
            : write === 'refreshInspectTime'
              ? t.api('GET', elevatorCalls.refreshInspectTime.path, { token, query: { id } })
              : t.api<{ updated: number }>('POST', elevatorCalls.disAble.path, {
                  token,
                  body: { ids: [id] },
                });
        await new Promise((r) => setTimeout(r, 300));
        await holder.commit();
        const res = await answer;
        const after = await liftRow(id);
        if (write === 'disAble') {
          expect(res.status, write).toBe(200);
          expect((res.body.data as { updated: number }).updated, write).toBe(0);
        } else expect(res.status, `${write}: ${res.body.resultMsg}`).toBe(404);
        // The move changed the district only: the regulator's write did not land.
        expect({ code: after.supervision_code, status: after.status, version: after.version }, write).toEqual(
          {
            code: before.supervision_code,
            status: before.status,
            version: before.version,
          },
        );
      }
    },
  );
});
