import { shanghaiToday } from '@ec/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elevator } from '../src/modules/elevator/tables.ts';
import { hitchTypes } from '../src/modules/rescue/repairs/hitch-types.ts';
import { openRepair } from '../src/modules/rescue/repairs/open.ts';
import { repairOrder } from '../src/modules/rescue/tables.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';

/** openRepair and hitchTypes as the case close and the call centre call them. */
describe.each(dbKinds)('openRepair on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  }, 120_000);
  afterAll(() => t?.close());

  const input = (elevatorId: number) => ({
    elevatorId,
    hitchType: '1',
    description: '门关不上',
    reporterName: '张三',
    reporterPhone: '13800000000',
    source: 1,
    caseId: null,
    createdBy: null,
  });

  it('lists the fault types of the dictionary in order', async () => {
    const types = await hitchTypes(t.platform.db);
    expect(types[0]).toEqual({ value: '1', label: '门系统故障' });
    expect(types.map((x) => x.label)).toContain('困人');
    expect(types.at(-1)).toEqual({ value: '99', label: '其他' });
  });

  it("copies the lift's district and companies and numbers the order BX + date + id", async () => {
    const [lift] = await t.platform.db.select().from(elevator).orderBy(asc(elevator.id)).limit(1);
    const made = await t.platform.db.transaction((tx) => openRepair(tx, input(lift.id)));
    expect(made.repairNo).toBe(`BX${shanghaiToday().replaceAll('-', '')}${String(made.id).padStart(6, '0')}`);
    const [row] = await t.platform.db.select().from(repairOrder).where(eq(repairOrder.id, made.id));
    expect(row).toMatchObject({
      elevatorId: lift.id,
      areaCode: lift.areaCode,
      maintenanceCompanyId: lift.maintenanceCompanyId,
      useCompanyId: lift.useCompanyId,
      hitchType: '1',
      status: 1,
      repairNo: made.repairNo,
    });
    const again = await openRepair(t.platform.db, input(lift.id));
    expect(again.id).toBeGreaterThan(made.id);
    expect(again.repairNo).not.toBe(made.repairNo);
  });

  it('refuses an unknown lift (404) and an unknown fault type (400)', async () => {
    await expect(openRepair(t.platform.db, input(2_000_000_000))).rejects.toMatchObject({ status: 404 });
    const [lift] = await t.platform.db.select().from(elevator).limit(1);
    await expect(openRepair(t.platform.db, { ...input(lift.id), hitchType: 'nope' })).rejects.toMatchObject({
      status: 400,
    });
  });
});
