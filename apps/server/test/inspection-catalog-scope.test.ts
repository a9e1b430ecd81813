import {
  costCalls,
  type InspectionCostRow,
  type InspectionItemRow,
  type InspectionQuote,
  inspectionItemCalls,
  type Page,
  type QuoteLift,
  type VarietyTree,
} from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db/sql.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { CallProber, type Probes } from './scope-sweep.ts';

/**
 * Data scope of the item catalogue and the tariff, call by call: another inspection organisation
 * (jy_admin1), the 青秀区 regulator (jy2 is in 江南区) and a maintenance company ask for jy2's items,
 * tariff and quotes. Each call answers 404
 * (403 without the permission, or a write only the organisation makes) or leaves the record out; the
 * platform sees it; and nothing changes.
 */
const ACTORS = ['jy_admin1', 'jg_qingxiu', 'wb_admin1'] as const;

describe.each(dbKinds)('inspection catalogue data scope, call by call, on %s', (kind) => {
  let t: TestApp;
  let pi: CallProber<typeof inspectionItemCalls>;
  let pc: CallProber<typeof costCalls>;
  let jy2: number;
  let item: InspectionItemRow;
  let cost: InspectionCostRow;
  let liftId: number;
  let registerCode: string;
  const edit = { code: '99.9', category: '试验', name: '越权修改', method: '目测' };

  const itemProbes: Probes<typeof inspectionItemCalls> = {
    query: (a) => pi.leftOut(a, 'query', { keyword: item.name, orgId: jy2 }, pi.hasId(item.id)),
    add: async (a) => {
      // Adding writes to the actor's own organisation (or is refused): never to jy2's.
      const res = await pi.send(a, 'add', { ...edit, code: `X${a.length}` });
      if (a === 'jy_admin1') {
        expect(res.status).toBe(200);
        await pi.send(a, 'delete', { ids: [(res.body.data as InspectionItemRow).id] });
      } else expect(res.status).toBe(403);
    },
    update: (a) => pi.refused(a, 'update', { id: item.id, version: item.version, ...edit }),
    get: (a) => pi.refused(a, 'get', { id: item.id }),
    delete: (a) => pi.refused(a, 'delete', { ids: [item.id] }),
    settingElevatorType: (a) => pi.refused(a, 'settingElevatorType', { ids: [item.id], varieties: ['3430'] }),
    elevatorTypeList: (a) =>
      pi.leftOut(a, 'elevatorTypeList', { orgId: jy2 }, (d) => (d as VarietyTree).total > 0),
    removeVariety: (a) => pi.refused(a, 'removeVariety', { itemIds: [item.id], variety: item.varieties[0] }),
    // Only an organisation's own account loads the standard items, into its own catalogue.
    loadStandard: async (a) => {
      const res = await pi.send(a, 'loadStandard', {});
      expect(res.status).toBe(a === 'jy_admin1' ? 200 : 403);
    },
  };

  const costProbes: Probes<typeof costCalls> = {
    query: (a) => pc.leftOut(a, 'query', { orgId: jy2, variety: cost.variety }, pc.hasId(cost.id)),
    get: (a) => pc.refused(a, 'get', { id: cost.id }),
    add: async (a) => {
      // jy_admin1 already has every variety: a 409 for its own organisation; nobody else adds.
      const res = await pc.send(a, 'add', {
        variety: cost.variety,
        baseFee: 1,
        effectiveFrom: '2026-01-01',
      });
      expect(res.status).toBe(a === 'jy_admin1' ? 409 : 403);
    },
    update: (a) => {
      const { orgId: _, orgName: _n, varietyName: _v, updateTime: _u, ...terms } = cost;
      return pc.refused(a, 'update', { ...terms, baseFee: 1 });
    },
    delete: (a) => pc.refused(a, 'delete', { ids: [cost.id] }),
    quote: (a) => pc.refused(a, 'quote', { elevatorId: liftId, orgId: jy2 }),
    lifts: async (a) => {
      await pc.refused(a, 'lifts', { keyword: registerCode, orgId: jy2 });
      const control = await pc.send<QuoteLift[]>('admin', 'lifts', { keyword: registerCode, orgId: jy2 });
      expect(control.body.data.some((l) => l.id === liftId)).toBe(true);
    },
  };

  const snapshot = async () => ({
    item: (await pi.send('admin', 'get', { id: item.id })).body.data,
    cost: (await pc.send('admin', 'get', { id: cost.id })).body.data,
    items: rowsOf(
      await t.platform.db.execute(
        sql.raw(`select count(*)::int as n from inspection_item where org_id = ${jy2}`),
      ),
    ),
  });

  beforeAll(async () => {
    t = await startTestApp(kind);
    pi = new CallProber(t, inspectionItemCalls);
    pc = new CallProber(t, costCalls);
    await pi.signIn([...ACTORS, 'jy_admin2']);
    await pc.signIn([...ACTORS, 'jy_admin2']);
    [{ id: jy2 }] = rowsOf<{ id: number }>(
      await t.platform.db.execute(
        sql.raw(`select id from enterprise where kind = 'inspection' order by id offset 1`),
      ),
    );
    item = (await pi.send<Page<InspectionItemRow>>('jy_admin2', 'query', { keyword: '限速器' })).body.data
      .records[0];
    cost = (await pc.send<Page<InspectionCostRow>>('jy_admin2', 'query', { variety: '3110' })).body.data
      .records[0];
    const lifts = (await pc.send<QuoteLift[]>('jy_admin2', 'lifts', {})).body.data;
    const quotable = lifts.find((l) => l.variety === '3110') ?? lifts[0];
    liftId = quotable.id;
    registerCode = quotable.registerCode;
    const own = await pc.send<InspectionQuote>('jy_admin2', 'quote', { elevatorId: liftId });
    expect([200, 409]).toContain(own.status);
  }, 300_000);
  afterAll(() => t?.close());

  it('has a probe for every call', () => {
    pi.expectProbeForEveryCall(itemProbes);
    pc.expectProbeForEveryCall(costProbes);
  });

  it.each(ACTORS)('%s is refused or left out on every call, and nothing changes', async (actor) => {
    await pi.sweep(actor, itemProbes, snapshot);
    await pc.sweep(actor, costProbes, snapshot);
  });
});
