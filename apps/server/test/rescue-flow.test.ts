import {
  CASE_STATE,
  iotDeviceCalls,
  type LocatedLift,
  maskPhone,
  type Page,
  type RescueBoard,
  type RescueCaseDetail,
  type RescueCaseRow,
  type RescueCaseStep,
  type RescueMyCases,
  rescueCaseCalls,
} from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escalateOverdue } from '../src/modules/rescue/cases/escalate.ts';
import { dispatch } from '../src/modules/rescue/cases/flow.ts';
import { gridOfPoint } from '../src/modules/rescue/geo.ts';
import { userById } from '../src/platform/auth/session.ts';
import { rowsOf } from '../src/platform/db/sql.ts';
import { apiHelpers, dbKinds, startTestApp, type TestApp } from './harness.ts';

/**
 * A trapped-passenger case end to end through the calls: the agent takes the call, locates the lift
 * by its rescue code, dispatches; the maintenance company accepts, arrives, frees; the agent closes
 * with a cause. With the refusals of each step, a second call joining the open case, the escalation
 * of an unaccepted dispatch on a controlled clock, and an IoT alarm opening a case. The lift's use
 * unit is told in the message centre at the dispatch and at each escalation, in the same transaction.
 */
const C = rescueCaseCalls;

describe.each(dbKinds)('emergency rescue cases on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const companyOf: Record<string, number> = {};

  const { send, ok } = apiHelpers(() => t, tokens);
  const query = async <T>(text: string) => rowsOf<T>(await t.platform.db.execute(sql.raw(text)));

  /** A demo lift with a rescue code, coordinates, a maintenance company and a use unit, and no open case. */
  const liftOf = async (company: string, skip = 0) =>
    (
      await query<{ id: number; rescue_code: string; longitude: number; latitude: number }>(
        `select id, rescue_code, longitude, latitude from elevator
          where maintenance_company_id = ${companyOf[company]} and use_company_id is not null
            and rescue_code is not null and longitude is not null
            and not exists (select 1 from rescue_case c where c.elevator_id = elevator.id and c.status < 6)
          order by id offset ${skip} limit 1`,
      )
    )[0];

  /** A grid of jy_rescue1's unit around a point (level 2 of that lift). */
  const gridAround = async (lng: number, lat: number, name: string) => {
    const ring = [
      [lng - 0.01, lat - 0.01],
      [lng + 0.01, lat - 0.01],
      [lng + 0.01, lat + 0.01],
      [lng - 0.01, lat + 0.01],
    ];
    await query(
      `insert into rescue_grid (name, unit_id, ring, min_lng, min_lat, max_lng, max_lat)
       values ('${name}', ${companyOf.jy_rescue1}, '${JSON.stringify(ring)}', ${lng - 0.01}, ${lat - 0.01}, ${lng + 0.01}, ${lat + 0.01})`,
    );
  };

  /** The message-centre rows of kind 'rescue' whose title names the case (and `also`), with their recipients. */
  const toldOf = (caseNo: string, also = '') =>
    query<{ username: string; company_id: number | null; title: string; body: string; link: string }>(
      `select u.username, u.company_id, n.title, n.body, n.link from notification n
        join sys_user u on u.id = n.user_id
        where n.kind = 'rescue' and n.title like '%${caseNo}%${also}%' order by n.id`,
    );

  beforeAll(async () => {
    t = await startTestApp(kind, { env: 'development', demoElevators: 300 });
    for (const u of [
      'admin',
      'kf_agent1',
      'kf_agent2',
      'wb_admin1',
      'wb_admin2',
      'wb_staff1',
      'jy_rescue1',
      'jg_qingxiu',
      'sy_admin1',
      'iot_admin1',
    ]) {
      tokens[u] = await t.login(u);
      companyOf[u] = (
        await t.api<{ companyId: number }>('GET', '/pc/sysUser/getUserInfo', { token: tokens[u] })
      ).body.data.companyId;
    }
  }, 120_000);
  afterAll(() => t?.close());

  it('takes a call, locates by rescue code, dispatches, and the maintenance company frees the trapped', async () => {
    const lift = await liftOf('wb_admin1');
    const found = await ok<LocatedLift[]>('kf_agent1', C.elevatorList, { keyword: lift.rescue_code });
    expect(found.map((l) => l.id)).toEqual([lift.id]);
    expect(found[0].maintenanceCompanyId).toBe(companyOf.wb_admin1);
    expect(found[0].openCaseId).toBeNull();

    const saved = await ok<{ case: RescueCaseDetail; joined: boolean }>('kf_agent1', C.saveOrder, {
      kind: 1,
      callerPhone: '13900001111',
      trapped: 2,
      description: '电梯停在两层之间',
    });
    expect(saved.joined).toBe(false);
    expect(saved.case.caseNo).toMatch(/^JY\d{8}\d{6,}$/);
    expect(saved.case.status).toBe(CASE_STATE.new);
    // Nothing to dispatch to before the lift is known.
    const early = await send('kf_agent1', C.dispatch, {
      id: saved.case.id,
      version: saved.case.version,
      level: 1,
    });
    expect(early.status).toBe(409);
    expect(early.body.resultMsg).toBe('请先确认被困电梯');

    const located = await ok<RescueCaseDetail>('kf_agent1', C.locate, {
      id: saved.case.id,
      version: saved.case.version,
      elevatorId: lift.id,
    });
    expect(located.rescueCode).toBe(lift.rescue_code);
    expect(located.maintenanceCompanyId).toBe(companyOf.wb_admin1);
    // The other maintenance company neither sees nor accepts it.
    expect((await send('wb_admin2', C.detail, { id: located.id })).status).toBe(404);

    const dispatched = await ok<RescueCaseDetail>('kf_agent1', C.dispatch, {
      id: located.id,
      version: located.version,
      level: 1,
    });
    expect(dispatched.status).toBe(CASE_STATE.dispatched);
    expect(dispatched.assigneeId).toBe(companyOf.wb_admin1);
    expect(
      new Date(dispatched.acceptDeadline!).getTime() - new Date(dispatched.dispatchedAt!).getTime(),
    ).toBe(3 * 60_000);
    // The second agent's screen still shows the located version: 409, the state named.
    const again = await send('kf_agent2', C.dispatch, { id: located.id, version: located.version, level: 1 });
    expect(again.status).toBe(409);

    const theirs = await ok<RescueMyCases>('wb_admin1', C.myCases);
    expect(theirs.cases.map((c) => c.id)).toContain(dispatched.id);
    expect((await ok<RescueMyCases>('wb_admin2', C.myCases)).cases.map((c) => c.id)).not.toContain(
      dispatched.id,
    );
    expect(
      (await send('wb_admin2', C.accept, { id: dispatched.id, version: dispatched.version })).status,
    ).toBe(404);
    // Arriving before accepting is refused with the state named.
    const notYet = await send('wb_admin1', C.arrive, { id: dispatched.id, version: dispatched.version });
    expect(notYet.status).toBe(409);
    expect(notYet.body.resultMsg).toBe('当前状态为「待接单」，不能记录到达');

    const accepted = await ok<RescueCaseDetail>('wb_staff1', C.accept, {
      id: dispatched.id,
      version: dispatched.version,
    });
    expect(accepted.status).toBe(CASE_STATE.accepted);
    expect(accepted.acceptDeadline).toBeNull();
    const arrived = await ok<RescueCaseDetail>('wb_staff1', C.arrive, {
      id: accepted.id,
      version: accepted.version,
      latitude: lift.latitude + 0.0005,
      longitude: lift.longitude,
    });
    expect(arrived.arriveDistance).toBeGreaterThan(40);
    expect(arrived.arriveDistance).toBeLessThan(70);
    expect(arrived.overtime).toBe(false);
    // Closing before the trapped are freed is refused.
    const tooSoon = await send('kf_agent1', C.close, {
      id: arrived.id,
      version: arrived.version,
      cause: 1,
      backInService: true,
    });
    expect(tooSoon.status).toBe(409);
    const freed = await ok<RescueCaseDetail>('wb_staff1', C.free, {
      id: arrived.id,
      version: arrived.version,
      freed: 2,
    });
    expect(freed.freed).toBe(2);
    expect(freed.rescueMinutes).not.toBeNull();

    const noCause = await send('kf_agent1', C.close, {
      id: freed.id,
      version: freed.version,
      backInService: true,
    });
    expect(noCause.status).toBe(400);
    expect(noCause.body.resultMsg).toBe('请选择困人原因');
    const closed = await ok<RescueCaseDetail>('kf_agent1', C.close, {
      id: freed.id,
      version: freed.version,
      cause: 1,
      causeDetail: '停电',
      backInService: false,
      repairHitchType: (await ok<{ value: string }[]>('kf_agent1', C.hitchTypeList))[0].value,
      followUp: '回访乘客，情绪稳定',
    });
    expect(closed.status).toBe(CASE_STATE.closed);
    expect(closed.repairId).not.toBeNull();
    expect(closed.steps.map((s) => s.action)).toEqual([
      '接警',
      '确认电梯',
      '派遣',
      '通知使用单位',
      '接单',
      '到达现场',
      '解救完成',
      '生成维修单',
      '关闭',
    ]);
    // Closed is immutable: a move is refused, a note is taken.
    const reopen = await send('kf_agent1', C.dispatch, { id: closed.id, version: closed.version, level: 1 });
    expect(reopen.status).toBe(409);
    const noted = await ok<RescueCaseDetail>('kf_agent1', C.addNote, {
      id: closed.id,
      note: '更正：被困 2 人',
    });
    expect(noted.steps.at(-1)).toMatchObject({ action: '备注', note: '更正：被困 2 人' });
    const records = await ok<RescueCaseStep[]>('jg_qingxiu', C.orderRecordList, { id: closed.id }).catch(
      () => null,
    );
    // The regulator of the lift's district sees it; of another district it is 404.
    const inDistrict = (
      await query<{ area_code: string }>(`select area_code from rescue_case where id = ${closed.id}`)
    )[0].area_code;
    if (inDistrict === '450103') expect(records?.length).toBe(noted.steps.length);
    else expect((await send('jg_qingxiu', C.detail, { id: closed.id })).status).toBe(404);
  });

  it('joins a second call about the same lift to its open case, and keeps the higher count', async () => {
    const lift = await liftOf('wb_admin1', 1);
    const first = await ok<{ case: RescueCaseDetail; joined: boolean }>('kf_agent1', C.saveOrder, {
      kind: 1,
      elevatorId: lift.id,
      trapped: 1,
    });
    const second = await ok<{ case: RescueCaseDetail; joined: boolean }>('kf_agent2', C.saveOrder, {
      kind: 1,
      elevatorId: lift.id,
      trapped: 3,
      callerPhone: '13900002222',
    });
    expect(second.joined).toBe(true);
    expect(second.case.id).toBe(first.case.id);
    expect(second.case.trapped).toBe(3);
    expect(second.case.steps.map((s) => s.action)).toEqual(['接警', '重复报警']);
    const located = await ok<LocatedLift[]>('kf_agent1', C.elevatorList, { keyword: lift.rescue_code });
    expect(located[0].openCaseId).toBe(first.case.id);
    // Another open case cannot be moved onto the same lift.
    const other = await ok<{ case: RescueCaseDetail }>('kf_agent1', C.saveOrder, { kind: 1 });
    const clash = await send('kf_agent1', C.locate, {
      id: other.case.id,
      version: other.case.version,
      elevatorId: lift.id,
    });
    expect(clash.status).toBe(409);
    expect(clash.body.resultMsg).toBe('该电梯已有未关闭的困人工单，请在该工单中处理');
  });

  it('tells the lift’s use unit at dispatch (who comes, how many trapped, the caller masked); a rolled-back dispatch tells nobody', async () => {
    const useUnit = companyOf.sy_admin1;
    const [lift, other] = await query<{ id: number; register_code: string }>(
      `select id, register_code from elevator where use_company_id = ${useUnit} and maintenance_company_id is not null
        and not exists (select 1 from rescue_case c where c.elevator_id = elevator.id and c.status < 6)
       order by id limit 2`,
    );
    const { case: opened } = await ok<{ case: RescueCaseDetail }>('kf_agent1', C.saveOrder, {
      kind: 1,
      elevatorId: lift.id,
      trapped: 2,
      callerPhone: '13900003333',
    });
    const d = await ok<RescueCaseDetail>('kf_agent1', C.dispatch, {
      id: opened.id,
      version: opened.version,
      level: 1,
    });
    const told = (await toldOf(d.caseNo)).filter((n) => n.company_id === useUnit);
    expect(told.map((n) => n.username)).toContain('sy_admin1');
    for (const n of told) {
      expect(n.title).toContain(lift.register_code);
      expect(n.body).toContain('有 2 人被困');
      expect(n.body).toContain(`一级响应（维保单位）「${d.assigneeName}」`);
      expect(n.body).toContain(maskPhone('13900003333'));
      expect(`${n.title}${n.body}`).not.toContain('13900003333');
    }
    expect(d.steps.find((s) => s.action === '通知使用单位')?.note).toBe(`已发消息 ${told.length} 人`);

    // The same dispatch in a transaction that then rolls back: the notice existed inside, none after.
    const { case: second } = await ok<{ case: RescueCaseDetail }>('kf_agent1', C.saveOrder, {
      kind: 1,
      elevatorId: other.id,
      trapped: 1,
    });
    const [{ id: agentId }] = await query<{ id: number }>(
      `select id from sys_user where username = 'kf_agent1'`,
    );
    const agent = (await userById(t.platform.db, agentId))!;
    const useUnitRows = `select count(*)::int n from notification n join sys_user u on u.id = n.user_id
      where u.company_id = ${useUnit} and n.title like '%${second.caseNo}%'`;
    await expect(
      t.platform.db.transaction(async (tx) => {
        const inside = await dispatch(tx, agent, { id: second.id, version: second.version, level: 1 });
        expect(inside.status).toBe(CASE_STATE.dispatched);
        const [{ n }] = rowsOf<{ n: number }>(await tx.execute(sql.raw(useUnitRows)));
        expect(n).toBeGreaterThan(0);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await query<{ n: number }>(useUnitRows))[0].n).toBe(0);
    expect((await ok<RescueCaseDetail>('kf_agent1', C.detail, { id: second.id })).status).toBe(
      CASE_STATE.new,
    );
  });

  it('escalates an unaccepted dispatch to the grid’s rescue unit, then back to the agents for 119', async () => {
    // A lift in the grid of jy_rescue1's unit (the demo's grids), or one in no grid given a grid of it.
    const candidates = await query<{ id: number; longitude: number; latitude: number }>(
      `select id, longitude, latitude from elevator where maintenance_company_id = ${companyOf.wb_admin1}
        and longitude is not null
        and exists (select 1 from sys_user u where u.company_id = elevator.use_company_id and u.status = 1
          and u.user_type in ('use_unit', 'safety_officer'))
        and not exists (select 1 from rescue_case c where c.elevator_id = elevator.id and c.status < 6)
       order by id`,
    );
    let lift: (typeof candidates)[number] | undefined;
    for (const l of candidates) {
      const grid = await gridOfPoint(t.platform.db, l.longitude, l.latitude);
      if (grid?.unitId === companyOf.jy_rescue1) {
        lift = l;
        break;
      }
      if (!grid && !lift) lift = l;
    }
    expect(lift).toBeDefined();
    if (!lift) return;
    if ((await gridOfPoint(t.platform.db, lift.longitude, lift.latitude)) === null)
      await gridAround(lift.longitude, lift.latitude, `测试网格-${kind}`);
    const { case: opened } = await ok<{ case: RescueCaseDetail }>('kf_agent1', C.saveOrder, {
      kind: 1,
      elevatorId: lift.id,
      trapped: 1,
    });
    expect(opened.rescueUnitId).toBe(companyOf.jy_rescue1);
    const d = await ok<RescueCaseDetail>('kf_agent1', C.dispatch, {
      id: opened.id,
      version: opened.version,
      level: 1,
    });
    const deadline = new Date(d.acceptDeadline!).getTime();
    // Before the deadline nothing moves.
    await escalateOverdue(t.platform.db, new Date(deadline - 1000));
    expect((await ok<RescueCaseDetail>('kf_agent1', C.detail, { id: d.id })).level).toBe(1);
    expect(await escalateOverdue(t.platform.db, new Date(deadline + 1000))).toBeGreaterThanOrEqual(1);
    const level2 = await ok<RescueCaseDetail>('kf_agent1', C.detail, { id: d.id });
    expect(level2).toMatchObject({
      level: 2,
      status: CASE_STATE.dispatched,
      assigneeId: companyOf.jy_rescue1,
    });
    expect(level2.steps.at(-1)).toMatchObject({ action: '超时升级', userName: '系统' });
    // The rescue unit's rescuers and the use unit's accounts are told, and the step names them.
    const escalated = await toldOf(d.caseNo, '超时升级');
    expect(escalated.some((n) => n.username === 'jy_rescue1')).toBe(true);
    expect(escalated.filter((n) => n.company_id === level2.useCompanyId).length).toBeGreaterThan(0);
    const toUse = escalated.find((n) => n.company_id === level2.useCompanyId)!;
    expect(toUse.body).toContain(level2.rescueUnitName!);
    expect(level2.steps.at(-1)?.note).toContain(`已通知：${level2.rescueUnitName}（已发消息`);
    expect(level2.steps.at(-1)?.note).toContain(`使用单位 ${level2.useCompanyName}（已发消息`);
    // The maintenance company is no longer the one to accept; the rescue unit is.
    const notTheirs = await send('wb_admin1', C.accept, { id: d.id, version: level2.version });
    expect(notTheirs.status).toBe(409);
    expect(notTheirs.body.resultMsg).toBe('该工单当前未派给本单位，不能操作');
    expect((await ok<RescueMyCases>('jy_rescue1', C.myCases)).cases.map((c) => c.id)).toContain(d.id);
    // A second run at the same time does nothing more.
    const at = new Date(new Date(level2.acceptDeadline!).getTime() + 1000);
    await escalateOverdue(t.platform.db, new Date(deadline + 1000));
    expect((await ok<RescueCaseDetail>('kf_agent1', C.detail, { id: d.id })).version).toBe(level2.version);
    await escalateOverdue(t.platform.db, at);
    const level3 = await ok<RescueCaseDetail>('kf_agent1', C.detail, { id: d.id });
    expect(level3).toMatchObject({ level: 3, status: CASE_STATE.new, assigneeId: null });
    // Back to the agents for 119: the use unit is told again (its second escalation message).
    const again = (await toldOf(d.caseNo, '超时升级')).filter((n) => n.company_id === level3.useCompanyId);
    expect(again.length).toBe(2 * escalated.filter((n) => n.company_id === level3.useCompanyId).length);
    expect(again.some((n) => n.body.includes('119'))).toBe(true);
    expect(level3.steps.at(-1)?.note).toContain(`已通知：使用单位 ${level3.useCompanyName}`);
    const brigade = await ok<RescueCaseDetail>('kf_agent1', C.fireBrigade, {
      id: d.id,
      version: level3.version,
    });
    expect(brigade).toMatchObject({ status: CASE_STATE.accepted, assigneeName: '119 消防' });
    // At level 3 the agent records arrival and freeing on the brigade's behalf.
    const arrived = await ok<RescueCaseDetail>('kf_agent1', C.arrive, { id: d.id, version: brigade.version });
    expect(arrived.arriveDistance).toBeNull();
    expect((await send('jy_rescue1', C.free, { id: d.id, version: arrived.version, freed: 1 })).status).toBe(
      409,
    );
  });

  it('opens a case from an IoT alarm, shows it on the board, and refuses the alarm to others', async () => {
    // A lift no device watches yet: the merchant raises alarms only for lifts its devices watch
    // (rescue-alarm.test.ts), so it is refused until its spare device is bound there.
    const [lift] = await query<{ id: number }>(
      `select id from elevator e where maintenance_company_id = ${companyOf.wb_admin2}
        and use_company_id is not null and rescue_code is not null and longitude is not null
        and not exists (select 1 from rescue_case c where c.elevator_id = e.id and c.status < 6)
        and not exists (select 1 from iot_binding b where b.elevator_id = e.id and b.unbound_at is null)
        order by id limit 1`,
    );
    expect((await send('iot_admin1', C.alarm, { source: 3, elevatorId: lift.id })).status).toBe(404);
    const [spare] = await query<{ id: number }>(`select id from iot_device where code = 'TL-DEMO-010'`);
    await ok('iot_admin1', iotDeviceCalls.bind, { deviceId: spare.id, elevatorId: lift.id });
    const alarm = await ok<{ case: RescueCaseDetail; joined: boolean }>('iot_admin1', C.alarm, {
      source: 3,
      elevatorId: lift.id,
      deviceId: 'GX-TL-0001',
    });
    expect(alarm.case).toMatchObject({ source: 3, kind: 1, trapped: 1, sourceLabel: '物联网' });
    expect(alarm.case.steps[0].note).toContain('设备 GX-TL-0001');
    expect((await send('wb_admin1', C.alarm, { source: 3, elevatorId: lift.id })).status).toBe(403);
    expect((await send('iot_admin1', C.alarm, { source: 3 })).status).toBe(400);
    expect((await send('iot_admin1', C.alarm, { source: 3, elevatorId: 2_000_000_000 })).status).toBe(404);
    const b = await ok<RescueBoard>('kf_agent1', C.board);
    expect(b.cases.map((c) => c.id)).toContain(alarm.case.id);
    expect(b.acceptMinutes).toBe(3);
    expect(b.arriveMinutes).toBe(30);
    // The maintenance company sees its lift's case on its board; the other company does not.
    expect((await ok<RescueBoard>('wb_admin2', C.board)).cases.map((c) => c.id)).toContain(alarm.case.id);
    expect((await ok<RescueBoard>('wb_admin1', C.board)).cases.map((c) => c.id)).not.toContain(alarm.case.id);
  });

  it('lists cases with filters and refuses bad input in Chinese', async () => {
    const all = await ok<Page<RescueCaseRow>>('kf_agent1', C.orderList, { page: 1, limit: 50 });
    expect(all.total).toBeGreaterThan(0);
    const open = await ok<Page<RescueCaseRow>>('kf_agent1', C.orderList, {
      page: 1,
      limit: 50,
      open: 'true',
    });
    expect(open.records.every((r) => r.status < CASE_STATE.closed)).toBe(true);
    // A list row is the case as its detail shows it (the list reads its page in one statement of
    // its own), newest alarm first; the caller's number is masked in the list only.
    expect(all.records.length).toBeGreaterThan(1);
    const alarms = all.records.map((r) => r.alarmAt);
    expect(alarms).toEqual([...alarms].sort().reverse());
    for (const row of all.records) {
      const detail = await ok<RescueCaseDetail>('kf_agent1', C.detail, { id: row.id });
      const { callerPhone, ...rest } = row;
      expect(detail).toMatchObject(rest);
      expect(callerPhone).toBe(detail.callerPhone === null ? null : maskPhone(detail.callerPhone));
    }
    const bad = await send('kf_agent1', C.orderList, { page: 1, limit: 10, month: '2026-13' });
    expect(bad.status).toBe(400);
    expect(bad.body.resultMsg).toContain('月份格式应为 yyyy-MM');
    const short = await send('kf_agent1', C.elevatorList, { keyword: '1' });
    expect(short.status).toBe(400);
    const badKind = await send('kf_agent1', C.saveOrder, { kind: 9 });
    expect(badKind.status).toBe(400);
    expect(badKind.body.resultMsg).toContain('请选择工单类型');
    // A use unit may not take calls.
    expect((await send('sy_admin1', C.saveOrder, { kind: 1 })).status).toBe(403);
  });
});
