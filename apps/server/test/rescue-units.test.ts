import {
  rescueUnitCalls as C,
  type Call,
  type DutyEntry,
  type DutyWeek,
  type GridBoard,
  type GridHitRow,
  type GridSaved,
  isCreditCode,
  type Page,
  type RescueGridRow,
  type RescueStaffRow,
  type RescueTeamRow,
  type RescueUnitDetail,
  type RescueUnitRow,
} from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ringContains } from '../src/modules/rescue/geo.ts';
import { rowsOf } from '../src/platform/db/sql.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';

/**
 * Rescue units, teams, staff, rosters and grids, call by call on both databases: the happy path as
 * the platform and as the unit's own user, refusals (403) to regulators and other companies, bad
 * input with its Chinese message, stale versions (409), and the grids' containment at their edges.
 */
describe.each(dbKinds)('rescue units and grids on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const send = <T = unknown>(user: string, call: Call, input: Record<string, unknown> = {}) => {
    if (call.method === 'DELETE')
      return t.api<T>(call.method, call.path.replace('{id}', String(input.id)), {
        token: tokens[user],
        query: { ids: String(input.ids) },
      });
    const path = call.path.replace('{id}', String(input.id));
    return call.method === 'GET'
      ? t.api<T>(call.method, path, { token: tokens[user], query: input as Record<string, string> })
      : t.api<T>(call.method, path, { token: tokens[user], body: input });
  };
  const ok = async <T>(user: string, call: Call, input: Record<string, unknown> = {}) => {
    const res = await send<T>(user, call, input);
    expect(res.status, `${user} ${call.path}: ${res.body.resultMsg}`).toBe(200);
    return res.body.data;
  };
  const query = async <T>(text: string) => rowsOf<T>(await t.platform.db.execute(sql.raw(text)));
  let units: RescueUnitRow[];
  let jr1: RescueUnitRow;
  let other: RescueUnitRow;

  beforeAll(async () => {
    t = await startTestApp(kind, { demoElevators: 300 });
    for (const u of ['admin', 'jg_qingxiu', 'jy_rescue1', 'wb_admin1']) tokens[u] = await t.login(u);
    units = (await ok<Page<RescueUnitRow>>('admin', C.unitList, { limit: 50 })).records;
    jr1 = units.find((u) => u.name === '南宁市青秀区电梯应急救援站')!;
    other = units.find((u) => u.areaCode === '450102')!;
  }, 120_000);
  afterAll(() => t?.close());

  it('seeds rescue units with teams, staff, a roster and grids that hold every demo lift', async () => {
    expect(units.length).toBeGreaterThanOrEqual(6);
    for (const u of units) {
      expect(isCreditCode(u.creditCode ?? ''), u.name).toBe(true);
      expect(u.teamCount, u.name).toBeGreaterThan(0);
      expect(u.staffCount, u.name).toBeGreaterThan(0);
      expect(u.gridCount, u.name).toBeGreaterThan(0);
    }
    const grids = (await ok<Page<RescueGridRow>>('admin', C.gridList, { limit: 100 })).records;
    const lifts = await query<{ id: number; longitude: number; latitude: number }>(
      'select id, longitude, latitude from elevator where longitude is not null and latitude is not null',
    );
    expect(lifts.length).toBeGreaterThan(0);
    const outside = lifts.filter((l) => !grids.some((g) => ringContains(g.ring, [l.longitude, l.latitude])));
    expect(outside.map((l) => l.id)).toEqual([]);
    const board = await ok<GridBoard>('admin', C.board);
    expect(board.cards.reduce((s, c) => s + c.liftCount, 0)).toBe(lifts.length);
    expect(board.uncoveredLifts).toBe(0);
    // Nobody off a night shift is on the next day's day shift.
    const [tired] = await query<{ n: number }>(`select count(*)::int as n from rescue_duty n
      join rescue_duty d on d.staff_id = n.staff_id and d.shift = 1 and d.day = n.day + 1 where n.shift = 2`);
    expect(tired.n).toBe(0);
    // Someone of every unit is on duty now (the roster covers this week and the next).
    for (const c of board.cards) expect(c.onDuty.length, c.gridName).toBeGreaterThan(0);
  });

  it('adds and changes a unit through the registry (the platform), with a stale save and a used credit code refused', async () => {
    const base = '12450103MB1TEXT01';
    const chars = '0123456789ABCDEFGHJKLMNPQRTUWXY';
    const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
    const code =
      base + chars[(31 - (weights.reduce((a, w, i) => a + w * chars.indexOf(base[i]), 0) % 31)) % 31];
    const bad = await send('admin', C.unitSave, { name: '测试站', creditCode: 'ABC', areaCode: '450103' });
    expect(bad.status).toBe(400);
    expect(bad.body.resultMsg).toContain('统一社会信用代码不正确');
    const unit = await ok<RescueUnitDetail>('admin', C.unitSave, {
      name: '南宁市测试电梯应急救援站',
      creditCode: code,
      areaCode: '450103',
      contactPhone: '0771-5550001',
    });
    expect(unit.teams).toEqual([]);
    const [row] = await query<{ kind: string }>(`select kind from enterprise where id = ${unit.id}`);
    expect(row.kind).toBe('rescue');
    const changed = await ok<RescueUnitDetail>('admin', C.unitSave, {
      id: unit.id,
      updateTime: unit.updateTime,
      name: '南宁市测试电梯应急救援中心',
      creditCode: code,
      areaCode: '450103',
      contactPhone: unit.contactPhone,
    });
    expect(changed.name).toBe('南宁市测试电梯应急救援中心');
    const stale = await send('admin', C.unitSave, {
      id: unit.id,
      updateTime: unit.updateTime,
      name: '过期的修改',
      creditCode: code,
      areaCode: '450103',
    });
    expect(stale.status).toBe(409);
    const used = await send('admin', C.unitSave, {
      name: '重复',
      creditCode: jr1.creditCode,
      areaCode: '450103',
    });
    expect(used.status).toBe(409);
    expect(used.body.resultMsg).toContain('已被');
    const area = await send('admin', C.unitSave, {
      name: '无区域',
      creditCode: code,
      areaCode: '999999',
      id: unit.id,
    });
    expect(area.status).toBe(400);
    // A regulator and the rescue unit itself see units but do not edit them.
    expect(
      (await send('jg_qingxiu', C.unitSave, { name: 'x', creditCode: code, areaCode: '450103' })).status,
    ).toBe(403);
    expect(
      (
        await send('jy_rescue1', C.unitSave, {
          id: jr1.id,
          name: jr1.name,
          creditCode: jr1.creditCode,
          areaCode: '450103',
        })
      ).status,
    ).toBe(403);
    expect((await send('wb_admin1', C.unitList, {})).status).toBe(403);
  });

  it('lists and opens units within the data scope', async () => {
    const mine = (await ok<Page<RescueUnitRow>>('jy_rescue1', C.unitList, { limit: 50 })).records;
    expect(mine.map((u) => u.id)).toEqual([jr1.id]);
    const qingxiu = (await ok<Page<RescueUnitRow>>('jg_qingxiu', C.unitList, { limit: 50 })).records;
    expect(qingxiu.every((u) => u.areaCode === '450103')).toBe(true);
    expect(qingxiu.some((u) => u.id === jr1.id)).toBe(true);
    const detail = await ok<RescueUnitDetail>('jy_rescue1', C.unitDetail, { id: jr1.id });
    expect(detail.teams.length).toBeGreaterThan(0);
    expect(detail.staff.some((s) => s.username === 'jy_rescue1')).toBe(true);
    expect(detail.grids.length).toBeGreaterThan(0);
    expect((await send('jy_rescue1', C.unitDetail, { id: other.id })).status).toBe(404);
    expect((await send('jg_qingxiu', C.unitDetail, { id: other.id })).status).toBe(404);
  });

  it('keeps teams and staff: the unit edits its own, another unit’s are 404, regulators read only', async () => {
    const team = await ok<RescueTeamRow>('jy_rescue1', C.teamSave, {
      unitId: jr1.id,
      name: '第三救援队',
      leaderName: '黄志强',
      phone: '0771-5551234',
      vehicles: 2,
    });
    expect(team.unitName).toBe(jr1.name);
    const dup = await send('jy_rescue1', C.teamSave, { unitId: jr1.id, name: '第三救援队' });
    expect(dup.status).toBe(409);
    expect(dup.body.resultMsg).toContain('第三救援队');
    const renamed = await ok<RescueTeamRow>('jy_rescue1', C.teamSave, {
      id: team.id,
      version: team.version,
      unitId: jr1.id,
      name: '第三救援队（夜间）',
    });
    expect(renamed.version).toBe(team.version + 1);
    const stale = await send('jy_rescue1', C.teamSave, {
      id: team.id,
      version: team.version,
      unitId: jr1.id,
      name: 'x',
    });
    expect(stale.status).toBe(409);
    const badVehicles = await send('jy_rescue1', C.teamSave, { unitId: jr1.id, name: 'y', vehicles: -1 });
    expect(badVehicles.status).toBe(400);
    expect(badVehicles.body.resultMsg).toContain('车辆数不能为负数');

    const otherTeams = (await ok<Page<RescueTeamRow>>('admin', C.teamList, { unitId: other.id })).records;
    expect((await send('jy_rescue1', C.teamSave, { unitId: other.id, name: '越权' })).status).toBe(404);
    expect(
      (
        await send('jy_rescue1', C.teamSave, {
          id: otherTeams[0].id,
          version: otherTeams[0].version,
          unitId: jr1.id,
          name: '越权',
        })
      ).status,
    ).toBe(404);
    expect((await send('jy_rescue1', C.teamDelete, { ids: [otherTeams[0].id] })).status).toBe(404);
    expect((await send('jg_qingxiu', C.teamSave, { unitId: jr1.id, name: '监管不改' })).status).toBe(403);
    const listed = (await ok<Page<RescueTeamRow>>('jy_rescue1', C.teamList, { limit: 100 })).records;
    expect(listed.every((t) => t.unitId === jr1.id)).toBe(true);

    const accounts = await ok<{ id: number; username: string }[]>('jy_rescue1', C.staffAccounts, {
      unitId: jr1.id,
    });
    expect(accounts.map((a) => a.username)).toContain('jy_rescue1');
    const staff = await ok<RescueStaffRow>('jy_rescue1', C.staffSave, {
      unitId: jr1.id,
      teamId: team.id,
      name: '韦立新',
      phone: '13807719999',
      userId: accounts[0].id,
    });
    expect(staff.teamName).toBe('第三救援队（夜间）');
    expect(
      (await send('jy_rescue1', C.staffSave, { unitId: jr1.id, name: '重号', phone: '13807719999' })).status,
    ).toBe(409);
    const badPhone = await send('jy_rescue1', C.staffSave, { unitId: jr1.id, name: '错号', phone: '12345' });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.resultMsg).toContain('手机号格式不正确');
    const foreignTeam = await send('jy_rescue1', C.staffSave, {
      unitId: jr1.id,
      teamId: otherTeams[0].id,
      name: '错队',
      phone: '13807718888',
    });
    expect(foreignTeam.status).toBe(400);
    expect(foreignTeam.body.resultMsg).toContain('队伍不属于');
    const [foreignUser] = await query<{ id: number }>(`select id from sys_user where username = 'wb_admin1'`);
    const badLink = await send('jy_rescue1', C.staffSave, {
      unitId: jr1.id,
      name: '错号',
      phone: '13807718887',
      userId: foreignUser.id,
    });
    expect(badLink.status).toBe(400);
    expect(badLink.body.resultMsg).toContain('登录账号不属于');
    const otherStaff = (await ok<Page<RescueStaffRow>>('admin', C.staffList, { unitId: other.id })).records;
    expect((await send('jy_rescue1', C.staffDelete, { ids: [otherStaff[0].id] })).status).toBe(404);
    expect((await send('jy_rescue1', C.staffAccounts, { unitId: other.id })).status).toBe(404);
    expect((await ok<{ deleted: number }>('jy_rescue1', C.staffDelete, { ids: [staff.id] })).deleted).toBe(1);
    expect((await ok<{ deleted: number }>('jy_rescue1', C.teamDelete, { ids: [team.id] })).deleted).toBe(1);
  });

  it('keeps the duty roster: one entry per rescuer, day and shift; a week view; a shift set at once', async () => {
    const week = await ok<DutyWeek>('jy_rescue1', C.dutyWeek, { unitId: jr1.id, weekStart: '2030-01-02' });
    expect(week.weekStart).toBe('2029-12-31');
    expect(week.days).toHaveLength(7);
    expect(week.entries).toEqual([]);
    const [a, b] = week.staff;
    const entry = await ok<DutyEntry>('jy_rescue1', C.dutyAdd, {
      staffId: a.id,
      day: '2030-01-01',
      shift: 1,
    });
    expect(entry.staffName).toBe(a.name);
    const again = await send('jy_rescue1', C.dutyAdd, { staffId: a.id, day: '2030-01-01', shift: 1 });
    expect(again.status).toBe(409);
    expect(again.body.resultMsg).toBe('该人员当天该班次已排班');
    const badShift = await send('jy_rescue1', C.dutyAdd, { staffId: a.id, day: '2030-01-01', shift: 3 });
    expect(badShift.status).toBe(400);
    expect(badShift.body.resultMsg).toContain('班次');
    const badDay = await send('jy_rescue1', C.dutyAdd, { staffId: a.id, day: '2030-02-30', shift: 1 });
    expect(badDay.status).toBe(400);
    const set = await ok<DutyEntry[]>('jy_rescue1', C.dutySet, {
      unitId: jr1.id,
      day: '2030-01-01',
      shift: 1,
      staffIds: [b.id],
    });
    expect(set.map((e) => e.staffId)).toEqual([b.id]);
    const after = await ok<DutyWeek>('jy_rescue1', C.dutyWeek, { unitId: jr1.id, weekStart: '2029-12-31' });
    expect(after.entries.map((e) => [e.staffId, e.day, e.shift])).toEqual([[b.id, '2030-01-01', 1]]);
    const otherWeek = await ok<DutyWeek>('admin', C.dutyWeek, { unitId: other.id });
    const foreign = await send('jy_rescue1', C.dutySet, {
      unitId: jr1.id,
      day: '2030-01-01',
      shift: 2,
      staffIds: [otherWeek.staff[0].id],
    });
    expect(foreign.status).toBe(400);
    expect(
      (await send('jy_rescue1', C.dutyAdd, { staffId: otherWeek.staff[0].id, day: '2030-01-01', shift: 1 }))
        .status,
    ).toBe(404);
    expect((await send('jy_rescue1', C.dutyDelete, { ids: [otherWeek.entries[0].id] })).status).toBe(404);
    expect((await send('jy_rescue1', C.dutyWeek, { unitId: other.id })).status).toBe(404);
    expect((await send('jg_qingxiu', C.dutyAdd, { staffId: a.id, day: '2030-01-02', shift: 1 })).status).toBe(
      403,
    );
    expect(
      (await ok<{ deleted: number }>('jy_rescue1', C.dutyDelete, { ids: [after.entries[0].id] })).deleted,
    ).toBe(1);
  });

  it('validates grids: three points or more in Nanning, no crossing edges, Chinese messages', async () => {
    const save = (ring: unknown, name = '校验网格') =>
      send<GridSaved>('admin', C.gridSave, { name, unitId: jr1.id, ring });
    const cases: [unknown, string][] = [
      [
        [
          [108.3, 22.8],
          [108.31, 22.8],
        ],
        '至少需要 3 个顶点',
      ],
      [
        [
          [108.3, 22.8],
          [108.31, 22.8],
          [108.3, 22.8],
        ],
        '至少需要 3 个顶点',
      ],
      [
        [
          [100.3, 22.8],
          [108.31, 22.8],
          [108.31, 22.81],
        ],
        '经度应在南宁市范围内',
      ],
      [
        [
          [108.3, 30.8],
          [108.31, 22.8],
          [108.31, 22.81],
        ],
        '纬度应在南宁市范围内',
      ],
      [
        [
          [108.3, 22.8],
          [108.31, 22.81],
          [108.31, 22.8],
          [108.3, 22.81],
        ],
        '不能自相交',
      ],
      [
        [
          [108.3, 22.8],
          [108.31, 22.8],
          [108.32, 22.8],
        ],
        '面积为零',
      ],
      [
        [
          [108.3, 22.8],
          [108.31, 22.8],
          [108.31, 22.8],
          [108.3, 22.81],
        ],
        '不能重复',
      ],
      ['abc', '请绘制网格范围'],
    ];
    for (const [ring, message] of cases) {
      const res = await save(ring);
      expect(res.status, JSON.stringify(ring)).toBe(400);
      expect(res.body.resultMsg, JSON.stringify(ring)).toContain(message);
    }
    // A closed ring is stored open.
    const closed = await save(
      [
        [108.6, 22.85],
        [108.62, 22.85],
        [108.62, 22.87],
        [108.6, 22.85],
      ],
      '闭合网格',
    );
    expect(closed.status).toBe(200);
    expect(closed.body.data.grid.ring).toHaveLength(3);
    expect(closed.body.data.grid.areaCode).toBe('450103');
    const notUnit = await send('admin', C.gridSave, {
      name: '错单位',
      unitId: (await query<{ id: number }>(`select id from enterprise where kind = 'maintenance' limit 1`))[0]
        .id,
      ring: [
        [108.6, 22.85],
        [108.62, 22.85],
        [108.62, 22.87],
      ],
    });
    expect(notUnit.status).toBe(400);
    const dupName = await save(
      [
        [108.6, 22.85],
        [108.62, 22.85],
        [108.62, 22.87],
      ],
      '闭合网格',
    );
    expect(dupName.status).toBe(409);
    const ring = [
      [108.6, 22.85],
      [108.62, 22.85],
      [108.62, 22.87],
    ];
    expect((await send('jg_qingxiu', C.gridSave, { name: '监管画', ring })).status).toBe(403);
    expect((await send('jy_rescue1', C.gridSave, { name: '救援画', ring })).status).toBe(403);
    expect((await send('jy_rescue1', C.gridDelete, { ids: [closed.body.data.grid.id] })).status).toBe(403);
    const g = closed.body.data.grid;
    const moved = await ok<GridSaved>('admin', C.gridSave, {
      id: g.id,
      version: g.version,
      name: g.name,
      ring,
      unitId: other.id,
    });
    expect(moved.grid.unitName).toBe(other.name);
    expect(
      (await send('admin', C.gridSave, { id: g.id, version: g.version, name: g.name, ring })).status,
    ).toBe(409);
    expect((await ok<{ deleted: number }>('admin', C.gridDelete, { ids: [g.id] })).deleted).toBe(1);
    expect((await send('admin', C.gridDetail, { id: g.id })).status).toBe(404);
  });

  it('puts a point on a shared edge or vertex in the older grid, a point just outside in none, and reports overlaps', async () => {
    // Two squares in 宾阳县, outside the demo grids (one per urban district), sharing the edge lng = 108.62.
    const west = await ok<GridSaved>('admin', C.gridSave, {
      name: '边界西',
      unitId: jr1.id,
      ring: [
        [108.6, 22.96],
        [108.62, 22.96],
        [108.62, 22.98],
        [108.6, 22.98],
      ],
    });
    const east = await ok<GridSaved>('admin', C.gridSave, {
      name: '边界东',
      unitId: other.id,
      ring: [
        [108.62, 22.96],
        [108.64, 22.96],
        [108.64, 22.98],
        [108.62, 22.98],
      ],
    });
    expect(east.overlaps).toEqual([]);
    const at = (longitude: number, latitude: number) =>
      ok<GridHitRow>('admin', C.gridOf, { longitude, latitude });
    expect((await at(108.62, 22.97)).gridId).toBe(west.grid.id); // on the shared edge
    expect((await at(108.62, 22.96)).gridId).toBe(west.grid.id); // a shared vertex
    expect((await at(108.64, 22.98)).gridId).toBe(east.grid.id); // the east grid's own corner
    expect((await at(108.63, 22.98)).gridId).toBe(east.grid.id); // its north edge
    const inEast = await at(108.63, 22.97);
    expect(inEast.gridId).toBe(east.grid.id);
    expect(inEast.unitName).toBe(other.name);
    expect((await at(108.6400001, 22.97)).gridId).toBeNull(); // just outside
    expect((await at(108.63, 22.9599999)).gridId).toBeNull();
    const bad = await send('admin', C.gridOf, { longitude: 108.62 });
    expect(bad.status).toBe(400);
    expect(bad.body.resultMsg).toContain('请提供经纬度或电梯');
    // A lift standing on the shared edge counts in the older grid on the board, and gridOf finds it.
    const [lift] = await query<{ id: number }>('select id from elevator order by id limit 1');
    await query(`update elevator set longitude = 108.62, latitude = 22.965 where id = ${lift.id}`);
    expect((await ok<GridHitRow>('admin', C.gridOf, { elevatorId: lift.id })).gridId).toBe(west.grid.id);
    const board = await ok<GridBoard>('admin', C.board);
    expect(board.cards.find((c) => c.gridId === west.grid.id)!.liftCount).toBe(1);
    expect(board.cards.find((c) => c.gridId === east.grid.id)!.liftCount).toBe(0);
    // Overlapping a grid is allowed and reported.
    const over = await ok<GridSaved>('admin', C.gridSave, {
      name: '重叠网格',
      ring: [
        [108.61, 22.97],
        [108.63, 22.97],
        [108.63, 22.99],
      ],
    });
    expect(over.overlaps.map((o) => o.id).sort()).toEqual([west.grid.id, east.grid.id].sort());
    await ok('admin', C.gridDelete, { ids: [west.grid.id, east.grid.id, over.grid.id] });
  });

  it('shows the board per grid: unit, on duty now, lifts and open cases; regulators see their districts', async () => {
    const board = await ok<GridBoard>('jy_rescue1', C.board);
    expect(board.cards.length).toBeGreaterThanOrEqual(6);
    expect(['白班', '夜班']).toContain(board.shiftLabel);
    const [lift] = await query<{ id: number; longitude: number; latitude: number }>(
      `select id, longitude, latitude from elevator e where longitude is not null
        and not exists (select 1 from rescue_case c where c.elevator_id = e.id and c.status < 6) order by id desc limit 1`,
    );
    const hit = await ok<GridHitRow>('admin', C.gridOf, { elevatorId: lift.id });
    expect(hit.gridId).not.toBeNull();
    await query(`insert into rescue_case (case_no, source, kind, status, elevator_id, grid_id, address, alarm_at)
      values ('TEST-GRID-1', 1, 1, 2, ${lift.id}, ${hit.gridId}, '测试地址', now())`);
    const after = await ok<GridBoard>('admin', C.board);
    const card = after.cards.find((c) => c.gridId === hit.gridId)!;
    expect(card.openCases.some((c) => c.caseNo === 'TEST-GRID-1' && c.statusLabel === '待接单')).toBe(true);
    const regional = await ok<GridBoard>('jg_qingxiu', C.board);
    expect(regional.cards.length).toBeGreaterThan(0);
    expect(regional.cards.every((c) => c.areaName === '青秀区')).toBe(true);
    expect((await send('wb_admin1', C.board, {})).status).toBe(403);
    const filtered = await ok<GridBoard>('admin', C.board, { unitId: jr1.id });
    expect(filtered.cards.every((c) => c.unitId === jr1.id)).toBe(true);
  });
});
