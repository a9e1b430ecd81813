import {
  addDays,
  appendicesOfLift,
  appendixOfVariety,
  type Call,
  LIFT_VARIETY_CODES,
  MAINTENANCE_PARAMS,
  type MaintainedLift,
  maintenanceContentCalls,
  maintenancePlanCalls,
  type Page,
  shanghaiToday,
  type TemplateRow,
} from '@ec/contract';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAINTENANCE_PARAM_ROWS } from '../src/modules/maintenance/params.ts';
import {
  appendixOfVarietySql,
  generateOrders,
  upgradePlanTemplates,
} from '../src/modules/maintenance/plans.ts';
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

    it('refuses a plan whose template does not fit the lift’s registered variety', async () => {
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
      const registered = async (elevatorId: number, type: number, variety: string | null) => {
        await t.platform.db.execute(
          sql`update elevator set type = ${type}, variety = ${variety} where id = ${elevatorId}`,
        );
        const res = await send<MaintainedLift>('admin', maintenancePlanCalls.queryDetail, { elevatorId });
        expect(res.status).toBe(200);
        expect(res.body.data.variety).toBe(variety);
        return res.body.data;
      };
      // The demo plans no escalator: the registry turns a planned lift into one (自动扶梯).
      const escalator = await registered(planned[1].elevatorId, 2, '3310');
      expect(escalator.elevatorType).toBe(2);

      const save = (l: MaintainedLift, templateId: number) =>
        send<MaintainedLift>('admin', maintenancePlanCalls.save, {
          id: l.planId,
          version: l.planVersion,
          elevatorId: l.elevatorId,
          templateId,
          intervalDays: l.intervalDays,
          firstDate: l.firstDate,
          workerIds: l.workerIds,
        });
      // An escalator with the traction lift's list: 400, nothing saved.
      const wrong = await save(escalator, of('A'));
      expect(wrong.status, wrong.body.resultMsg).toBe(400);
      expect(wrong.body.resultMsg).toBe(
        '该维保内容为附件A（曳引与强制驱动电梯）的项目，不适用于自动扶梯，请选择附件D（自动扶梯与自动人行道）的维保内容',
      );
      expect(wrong.body.errors?.[0]?.field).toBe('templateId');
      const [still] = rowsOf<{ content_id: number; version: number }>(
        await t.platform.db.execute(
          sql`select content_id, version from maintenance_plan where id = ${escalator.planId}`,
        ),
      );
      expect(still).toEqual({ content_id: escalator.templateId, version: escalator.planVersion });
      const right = await save(escalator, of('D'));
      expect(right.status, right.body.resultMsg).toBe(200);
      expect(right.body.data.elevatorType).toBe(2);

      // A lift's appendix is its variety's (TSG 特种设备目录): each refuses the other three.
      const fits: [string, string, string][] = [
        ['3110', 'A', '曳引驱动乘客电梯'],
        ['3130', 'A', '强制驱动载货电梯'],
        ['3210', 'B', '液压乘客电梯'],
        ['3220', 'B', '液压载货电梯'],
        ['3430', 'C', '杂物电梯'],
        ['3420', 'A', '消防员电梯'],
        ['3410', 'A', '防爆电梯'],
      ];
      for (const [variety, appendix, name] of fits) {
        let lift = await registered(planned[0].elevatorId, 1, variety);
        for (const other of ['A', 'B', 'C', 'D'].filter((a) => a !== appendix)) {
          const refused = await save(lift, of(other));
          expect(refused.status, `${variety} ${other}`).toBe(400);
          expect(refused.body.resultMsg).toContain(`不适用于${name}，请选择附件${appendix}`);
        }
        const saved = await save(lift, of(appendix));
        expect(saved.status, `${variety} ${appendix}: ${saved.body.resultMsg}`).toBe(200);
        lift = saved.body.data;
        expect(lift.templateId).toBe(of(appendix));
      }
      // Without a variety the type decides: a lift (直梯) may take A, B or C, never D.
      let lift = await registered(planned[0].elevatorId, 1, null);
      for (const appendix of ['B', 'A', 'C']) {
        const saved = await save(lift, of(appendix));
        expect(saved.status, saved.body.resultMsg).toBe(200);
        lift = saved.body.data;
      }
      const noVariety = await save(lift, of('D'));
      expect(noVariety.status).toBe(400);
      expect(noVariety.body.resultMsg).toContain('不适用于直梯');
      // Both lifts as they were (the next test reads the demo's plans and orders).
      for (const was of planned.slice(0, 2)) {
        const now = await registered(was.elevatorId, 1, was.variety);
        expect((await save(now, was.templateId!)).status).toBe(200);
      }
    });

    it('plans and works every demo lift on the appendix of its variety', async () => {
      // The demo's hydraulic lift (3210) and its goods lift (3430) are under an audited contract: their
      // plans and orders are on appendices B and C, and no plan or order holds another appendix's list.
      for (const table of ['maintenance_plan', 'maintenance_order']) {
        const rows = rowsOf<{ variety: string; appendix: string; n: number }>(
          await t.platform.db.execute(sql`
            select e.variety, c.appendix, count(*)::int as n from ${sql.identifier(table)} o
            join elevator e on e.id = o.elevator_id
            join maintenance_content c on c.id = o.content_id
            group by 1, 2 order by 1, 2`),
        );
        for (const r of rows)
          expect(appendicesOfLift({ type: 1, variety: r.variety }), `${table} ${r.variety}`).toEqual([
            r.appendix,
          ]);
        expect(rows.find((r) => r.variety === '3210')?.appendix, table).toBe('B');
        expect(rows.find((r) => r.variety === '3430')?.appendix, table).toBe('C');
      }
      // Orders with those appendices' items: a quarterly visit of the goods lift does 20 + 8 of them.
      const [items] = rowsOf<{ b: number; c: number }>(
        await t.platform.db.execute(sql`
          select max(jsonb_array_length(o.items)) filter (where c.appendix = 'B')::int as b,
                 max(jsonb_array_length(o.items)) filter (where c.appendix = 'C')::int as c
          from maintenance_order o join maintenance_content c on c.id = o.content_id`),
      );
      expect(items.b).toBeGreaterThanOrEqual(30);
      expect(items.c).toBeGreaterThanOrEqual(20);
    });

    it('decides a variety’s appendix in SQL as appendixOfVariety does', async () => {
      const codes = [...LIFT_VARIETY_CODES, '3400', '3499', '3510', '31', 'abcd', ''];
      const rows = rowsOf<{ code: string; appendix: string | null }>(
        await t.platform.db.execute(sql`select v.code, ${appendixOfVarietySql(sql`v.code`)} as appendix
          from unnest(${sql.param(`{${codes.map((c) => `"${c}"`).join(',')}}`)}::text[]) as v(code)`),
      );
      expect(rows).toHaveLength(codes.length);
      for (const r of rows) expect(r.appendix, r.code).toBe(appendixOfVariety(r.code));
      const [none] = rowsOf<{ appendix: string | null }>(
        await t.platform.db.execute(sql`select ${appendixOfVarietySql(sql`null::text`)} as appendix`),
      );
      expect(none.appendix).toBeNull();
    });

    it('moves a plan made before the appendix rule to its lift’s appendix, once; its orders keep theirs', async () => {
      const db = t.platform.db;
      const query = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(q));
      const templates = await query<{ id: number; appendix: string; version: number }>(
        sql`select id, appendix, version from maintenance_content order by id`,
      );
      const of = (a: string) => templates.find((x) => x.appendix === a)!;
      type Plan = { id: number; elevator_id: number; version: number; content_id: number; variety: string };
      const plans = await query<Plan>(sql`select p.id, p.elevator_id, p.version, p.content_id, e.variety
        from maintenance_plan p join elevator e on e.id = p.elevator_id
        where e.variety in ('3430', '3210') order by p.id`);
      const goods = plans.find((p) => p.variety === '3430')!;
      const hydraulic = plans.find((p) => p.variety === '3210')!;
      expect(goods.content_id).toBe(of('C').id);
      expect(hydraulic.content_id).toBe(of('B').id);
      // As an installation planned them before the rule: on appendix A, with an order made so (on a
      // day after the orders the demo planned).
      const today = shanghaiToday();
      const day = addDays(today, 100);
      const ids = sql.param(`{${goods.id},${hydraulic.id}}`);
      await db.execute(sql`update maintenance_plan set content_id = ${of('A').id}, next_date = ${day}::date
        where id = any(${ids}::int[])`);
      await generateOrders(db, today, 100);
      const made = await query<{ id: number; plan_id: number; content_id: number; content_version: number }>(
        sql`select id, plan_id, content_id, content_version from maintenance_order
          where plan_id = any(${ids}::int[]) and plan_date = ${day}::date order by plan_id`,
      );
      expect(made.map((o) => o.content_id)).toEqual([of('A').id, of('A').id]);
      const before = await query<Plan>(
        sql`select id, version, content_id from maintenance_plan where id = any(${ids}::int[]) order by id`,
      );

      expect(await upgradePlanTemplates(db)).toBe(2);
      const after = await query<{ id: number; version: number; content_id: number; interval_days: number }>(
        sql`select id, version, content_id, interval_days from maintenance_plan where id = any(${ids}::int[]) order by id`,
      );
      const wanted = new Map([
        [goods.id, of('C').id],
        [hydraulic.id, of('B').id],
      ]);
      for (const [k, p] of after.entries()) {
        expect(p.content_id, String(p.id)).toBe(wanted.get(p.id));
        expect(p.version).toBe(before[k].version + 1);
      }
      // The orders made on A keep their template and version.
      const kept = await query<{ content_id: number; content_version: number }>(
        sql`select content_id, content_version from maintenance_order where id = any(${sql.param(`{${made.map((o) => o.id).join(',')}}`)}::int[]) order by plan_id`,
      );
      expect(kept).toEqual(
        made.map((o) => ({ content_id: o.content_id, content_version: o.content_version })),
      );
      // The next orders are made on the lift's appendix.
      await generateOrders(db, today, 120);
      const next = await query<{ plan_id: number; content_id: number; content_version: number }>(
        sql`select distinct on (plan_id) plan_id, content_id, content_version from maintenance_order
          where plan_id = any(${ids}::int[]) and plan_date > ${day}::date order by plan_id, plan_date`,
      );
      expect(next).toEqual(
        [...wanted]
          .sort((a, b) => a[0] - b[0])
          .map(([planId, contentId]) => ({
            plan_id: planId,
            content_id: contentId,
            content_version: templates.find((x) => x.id === contentId)!.version,
          })),
      );
      // A second run changes nothing.
      expect(await upgradePlanTemplates(db)).toBe(0);
      expect(
        await query(
          sql`select id, version, content_id, interval_days from maintenance_plan where id = any(${ids}::int[]) order by id`,
        ),
      ).toEqual(after);
    });
  });
});
