import {
  type Call,
  MAINTENANCE_PARAMS,
  type MaintainedLift,
  maintenanceContentCalls,
  maintenancePlanCalls,
  type Page,
  type TemplateRow,
} from '@ec/contract';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAINTENANCE_PARAM_ROWS } from '../src/modules/maintenance/params.ts';
import { ORIGIN_PARAM } from '../src/modules/rescue/codes/signboard.ts';
import { rowsOf } from '../src/platform/db/sql.ts';
import { sysParam } from '../src/platform/db/tables.ts';
import { dbKinds, restartableInstallation, startTestApp, type TestApp } from './harness.ts';

/**
 * The maintenance checks' thresholds and the signboard's origin in 参数设置: seeded with the defaults
 * the code applies, on a new installation and on one made before they existed (a later start adds the
 * missing rows and keeps a changed value). And a plan's template must fit the lift's type.
 */
const KEYS = [...MAINTENANCE_PARAM_ROWS.map((r) => r.configKey), ORIGIN_PARAM];
const DEFAULTS: Record<string, string> = {
  maintenanceMinMinutes1: String(MAINTENANCE_PARAMS.minMinutes[1]),
  maintenanceMinMinutes2: String(MAINTENANCE_PARAMS.minMinutes[2]),
  maintenanceMinMinutes3: String(MAINTENANCE_PARAMS.minMinutes[3]),
  maintenanceMinMinutes4: String(MAINTENANCE_PARAMS.minMinutes[4]),
  maintenanceSignInMaxMeters: String(MAINTENANCE_PARAMS.signInMaxMeters),
  maintenanceRequiredPhotos: MAINTENANCE_PARAMS.requiredPhotos.join('、'),
  maintenanceGenerateAheadDays: String(MAINTENANCE_PARAMS.generateAheadDays),
  [ORIGIN_PARAM]: '',
};

describe.each(dbKinds)('maintenance settings on %s', (kind) => {
  describe('parameters on a new installation and on an older one', () => {
    const { started } = restartableInstallation(kind);
    const stored = async (db: Parameters<Parameters<typeof started>[0]>[0]) =>
      Object.fromEntries(
        (
          await db
            .select({
              key: sysParam.configKey,
              value: sysParam.value,
              name: sysParam.name,
              remark: sysParam.remark,
            })
            .from(sysParam)
            .where(inArray(sysParam.configKey, KEYS))
        ).map((r) => [r.key, r]),
      );

    it('seeds every threshold with its default, a Chinese name and a remark on the first start', async () => {
      await started(async (db) => {
        const rows = await stored(db);
        expect(Object.keys(rows).sort()).toEqual([...KEYS].sort());
        for (const key of KEYS) {
          expect(rows[key].value, key).toBe(DEFAULTS[key]);
          expect(rows[key].name, key).toMatch(/[\u4e00-\u9fff]/);
          expect(rows[key].remark, key).toMatch(/[\u4e00-\u9fff]/);
        }
      });
    });

    it('adds the missing rows on a later start and keeps a value an administrator changed', async () => {
      // As an installation made before the rows were seeded, whose administrator set one by hand.
      await started(async (db) => {
        await db.delete(sysParam).where(inArray(sysParam.configKey, KEYS));
        await db
          .insert(sysParam)
          .values({ configKey: 'maintenanceMinMinutes1', value: '25', name: '半月保最短时长' });
      });
      await started(async (db) => {
        const rows = await stored(db);
        expect(Object.keys(rows).sort()).toEqual([...KEYS].sort());
        expect(rows.maintenanceMinMinutes1.value).toBe('25');
        expect(rows.maintenanceMinMinutes1.name).toBe('半月保最短时长');
        expect(rows.maintenanceSignInMaxMeters.value).toBe(DEFAULTS.maintenanceSignInMaxMeters);
        expect(rows[ORIGIN_PARAM].value).toBe('');
        // A value changed after the seed stays through another start.
        await db.execute(
          sql`update sys_param set value = '500' where config_key = 'maintenanceSignInMaxMeters'`,
        );
      });
      await started(async (db) => {
        expect((await stored(db)).maintenanceSignInMaxMeters.value).toBe('500');
      });
    });
  });

  describe('the demo installation', () => {
    let t: TestApp;
    const tokens: Record<string, string> = {};
    const send = <T = unknown>(user: string, call: Call, input: Record<string, unknown> = {}) =>
      call.method === 'GET'
        ? t.api<T>(call.method, call.path, { token: tokens[user], query: input as Record<string, number> })
        : t.api<T>(call.method, call.path, { token: tokens[user], body: input });

    beforeAll(async () => {
      t = await startTestApp(kind);
      for (const u of ['admin', 'wb_admin1']) tokens[u] = await t.login(u);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('lists the thresholds in 参数设置', async () => {
      for (const key of KEYS) {
        const res = await t.api<{ records: { configKey: string; value: string; name: string }[] }>(
          'GET',
          '/pc/sysParam/query',
          { token: tokens.admin, query: { configKey: key } },
        );
        expect(res.status).toBe(200);
        const row = res.body.data.records.find((r) => r.configKey === key);
        expect(row?.value, key).toBe(DEFAULTS[key]);
      }
    });

    it('refuses a plan whose template is of another kind of lift', async () => {
      const templates = await send<Page<TemplateRow>>('wb_admin1', maintenanceContentCalls.queryList, {
        page: 1,
        limit: 50,
      });
      expect(templates.status).toBe(200);
      const of = (appendix: string) => templates.body.data.records.find((r) => r.appendix === appendix)!.id;
      const lifts = await send<Page<MaintainedLift>>('admin', maintenancePlanCalls.queryList, {
        page: 1,
        limit: 500,
      });
      expect(lifts.status).toBe(200);
      const planned = lifts.body.data.records.filter(
        (l) => l.planId !== null && !l.flags.includes('no_contract') && l.elevatorType === 1,
      );
      expect(planned.length).toBeGreaterThanOrEqual(2);
      const lift = planned[0];
      // The demo plans no escalator: the registry turns a planned lift into one (扶梯).
      await t.platform.db.execute(sql`update elevator set type = 2 where id = ${planned[1].elevatorId}`);
      const escalator = (
        await send<MaintainedLift>('admin', maintenancePlanCalls.queryDetail, {
          elevatorId: planned[1].elevatorId,
        })
      ).body.data;
      expect(escalator.elevatorType).toBe(2);

      const save = (l: MaintainedLift, templateId: number, version = l.planVersion) =>
        send<MaintainedLift>('admin', maintenancePlanCalls.save, {
          id: l.planId,
          version,
          elevatorId: l.elevatorId,
          templateId,
          intervalDays: l.intervalDays,
          firstDate: l.firstDate,
          workerIds: l.workerIds,
        });
      // An escalator with the traction lift's list, a lift with the escalator's: 400, nothing saved.
      const wrong = await save(escalator, of('A'));
      expect(wrong.status, wrong.body.resultMsg).toBe(400);
      expect(wrong.body.resultMsg).toContain('不适用于扶梯');
      expect(wrong.body.resultMsg).toContain('附件D');
      expect(wrong.body.errors?.[0]?.field).toBe('templateId');
      const wrongLift = await save(lift, of('D'));
      expect(wrongLift.status, wrongLift.body.resultMsg).toBe(400);
      expect(wrongLift.body.resultMsg).toContain('不适用于直梯');
      const [still] = rowsOf<{ content_id: number; version: number }>(
        await t.platform.db.execute(
          sql`select content_id, version from maintenance_plan where id = ${escalator.planId}`,
        ),
      );
      expect(still).toEqual({ content_id: escalator.templateId, version: escalator.planVersion });
      // The fitting appendices save: D for the escalator, A, B or C for a lift.
      const right = await save(escalator, of('D'));
      expect(right.status, right.body.resultMsg).toBe(200);
      expect(right.body.data.elevatorType).toBe(2);
      expect((await save(lift, of('C'))).status).toBe(200);
    });
  });
});
