/**
 * Demo cases: twelve months of closed ones (about 60 a month) with the shapes published bulletins show (DOMAIN.md §4):
 * mostly 困人 with 停电 the largest cause, peaks at 08–10 and 18–20, arrival around 10–20 minutes
 * with a tail past 30, a few escalated to the grid's rescue unit; the other kinds (故障报修, 咨询,
 * 投诉, 误报) closed from the desk. And a handful of open cases, one in each state of the board.
 * Deterministic (the same on every machine); nothing after now.
 */
import { CASE_KIND, CASE_SOURCE, CASE_STATE, DISPATCH_LEVEL } from '@ec/contract';
import { and, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client.ts';
import { sysUser } from '../../../platform/db/tables.ts';
import { pick, rng } from '../../../platform/seed/random.ts';
import { liftsRelation } from '../../elevator/api.ts';
import { gridOfPoint } from '../geo.ts';
import { rescueCase, rescueCaseStep } from '../tables.ts';

const MINUTE = 60_000;
const DAY = 1_440 * MINUTE;
const CLOSED_CASES = 720;

type NewCase = Omit<typeof rescueCase.$inferInsert, 'caseNo'> & { caseNo: SQL };
type NewStep = Omit<typeof rescueCaseStep.$inferInsert, 'caseId'>;

/** Hour of the alarm (Shanghai): the morning and evening peaks. */
const HOURS: [number, number][] = Array.from({ length: 24 }, (_, h) => [
  h,
  h >= 8 && h < 10 ? 9 : h >= 18 && h < 20 ? 8 : h >= 7 && h < 22 ? 4 : 1,
]);
const KINDS: [number, number][] = [
  [CASE_KIND.trapped, 62],
  [CASE_KIND.fault, 20],
  [CASE_KIND.enquiry, 7],
  [CASE_KIND.complaint, 4],
  [CASE_KIND.falseAlarm, 7],
];
const SOURCES: [number, number][] = [
  [CASE_SOURCE.phone, 70],
  [CASE_SOURCE.alarmButton, 15],
  [CASE_SOURCE.iot, 10],
  [CASE_SOURCE.publicReport, 5],
];
/** Cause category and detail: 停电 alone about a third (the largest single cause). */
const CAUSES: [number, string, number][] = [
  [1, '停电', 32],
  [1, '电压异常', 4],
  [2, '扒门/撞门', 8],
  [2, '垃圾卡阻开关门', 7],
  [2, '超载', 4],
  [3, '门机故障', 10],
  [3, '厅门锁/轿门锁失效', 6],
  [3, '光幕', 4],
  [4, '变频器', 5],
  [4, '平层感应', 5],
  [5, '制动器', 4],
  [6, '安全回路', 4],
  [7, '', 7],
];

/** Arrival in minutes after the alarm: mostly 8–20, a tail past 30 (about one in twelve). */
function arrivalMinutes(r: () => number): number {
  if (r() < 0.08) return 31 + r() * 25;
  const a = r() + r() + r(); // 0..3, centred on 1.5
  return 7 + a * 5.5;
}

export async function seedCases(tx: Tx) {
  const r = rng(20261125);
  const lift = liftsRelation().as('lift');
  const lifts = await tx
    .select()
    .from(lift)
    .where(and(isNotNull(lift.maintenanceCompanyId), isNotNull(lift.longitude)))
    .orderBy(lift.id);
  if (lifts.length === 0) return;
  const agents = await tx
    .select({ id: sysUser.id, realName: sysUser.realName })
    .from(sysUser)
    .where(inArray(sysUser.username, ['kf_agent1', 'kf_agent2', 'kf_agent3']));
  if (agents.length === 0) return;
  const grids = new Map<number, Awaited<ReturnType<typeof gridOfPoint>>>();
  const gridOf = async (l: (typeof lifts)[number]) => {
    if (!grids.has(l.id)) grids.set(l.id, await gridOfPoint(tx, l.longitude!, l.latitude!));
    return grids.get(l.id)!;
  };

  const now = Date.now();
  // The closed cases fall on the days before today back to the first of the month 11 months ago:
  // the statistics' default period (docs/statistics.md), whose figures the case list then equals.
  const shanghai = new Date(now + 8 * 3_600_000);
  const historyDays = Math.round(
    (Date.UTC(shanghai.getUTCFullYear(), shanghai.getUTCMonth(), shanghai.getUTCDate()) -
      Date.UTC(shanghai.getUTCFullYear(), shanghai.getUTCMonth() - 11, 1)) /
      DAY,
  );
  const cases: { c: NewCase; steps: NewStep[] }[] = [];

  for (let i = 0; i < CLOSED_CASES; i++) {
    const l = lifts[Math.floor(r() * lifts.length)];
    const agent = agents[Math.floor(r() * agents.length)];
    const daysAgo = 1 + Math.floor(r() * historyDays);
    const [hour] = pick(r, HOURS);
    // Shanghai midnight of that day, then the hour.
    const midnight = Math.floor((now + 8 * 3_600_000) / DAY) * DAY - 8 * 3_600_000 - daysAgo * DAY;
    const alarmAt = midnight + hour * 3_600_000 + Math.floor(r() * 60) * MINUTE;
    const [kind] = pick(r, KINDS);
    const [source] = kind === CASE_KIND.trapped ? pick(r, SOURCES) : [CASE_SOURCE.phone];
    const grid = await gridOf(l);
    const base: NewCase = {
      caseNo: sql`'JY' || to_char(${new Date(alarmAt)}::timestamptz at time zone 'Asia/Shanghai', 'YYYYMMDD') || nextval('rescue_case_no_seq')::text`,
      source,
      kind,
      status: CASE_STATE.closed,
      elevatorId: l.id,
      registerCode: l.registerCode,
      rescueCode: l.rescueCode,
      address: l.address,
      areaCode: l.areaCode,
      maintenanceCompanyId: l.maintenanceCompanyId,
      useCompanyId: l.useCompanyId,
      rescueUnitId: grid?.unitId ?? null,
      gridId: grid?.gridId ?? null,
      callerPhone:
        source === CASE_SOURCE.phone ? `139${String(10_000_000 + Math.floor(r() * 89_999_999))}` : null,
      agentId: agent.id,
      alarmAt: new Date(alarmAt),
      version: 8,
    };
    const at = (minutes: number) => new Date(alarmAt + Math.round(minutes * MINUTE));
    const step = (
      action: string,
      status: number,
      minutes: number,
      extra: Partial<NewStep> = {},
    ): NewStep => ({
      action,
      status,
      level: 0,
      userId: agent.id,
      userName: agent.realName,
      at: at(minutes),
      ...extra,
    });
    if (kind !== CASE_KIND.trapped) {
      cases.push({
        c: {
          ...base,
          trapped: 0,
          closedAt: at(4 + r() * 6),
          closeNote: kind === CASE_KIND.falseAlarm ? '误触报警按钮' : null,
        },
        steps: [step('接警', CASE_STATE.new, 0), step('关闭', CASE_STATE.closed, 5)],
      });
      continue;
    }
    const trapped = 1 + Math.floor(r() * r() * 4);
    const escalated = grid !== null && r() < 0.12;
    const dispatchedMin = 1 + r() * 2;
    const acceptedMin = escalated ? dispatchedMin + 3.2 + r() * 2 : dispatchedMin + 0.3 + r() * 2;
    const arrivedMin = Math.max(acceptedMin + 4, arrivalMinutes(r));
    const freedMin = arrivedMin + 3 + r() * 6;
    const closedMin = freedMin + 10 + r() * 40;
    const [cause, detail] = pick(r, CAUSES);
    const level = escalated ? DISPATCH_LEVEL.rescueUnit : DISPATCH_LEVEL.maintenance;
    const assignee = escalated ? grid!.unitId : l.maintenanceCompanyId;
    const rescuer = { userId: null, userName: null, companyId: assignee };
    const steps = [
      step('接警', CASE_STATE.new, 0),
      step('确认电梯', CASE_STATE.new, dispatchedMin * 0.6),
      step('派遣', CASE_STATE.dispatched, dispatchedMin, { level: 1, companyId: l.maintenanceCompanyId }),
      step('通知使用单位', CASE_STATE.dispatched, dispatchedMin, { level: 1, companyId: l.useCompanyId }),
      ...(escalated
        ? [
            step('超时升级', CASE_STATE.dispatched, dispatchedMin + 3, {
              level: 2,
              companyId: assignee,
              userId: null,
              userName: '系统',
              note: '3 分钟内未接单，升级为二级响应（救援单位）',
            }),
          ]
        : []),
      step('接单', CASE_STATE.accepted, acceptedMin, { level, ...rescuer }),
      step('到达现场', CASE_STATE.arrived, arrivedMin, { level, ...rescuer }),
      step('解救完成', CASE_STATE.freed, freedMin, { level, ...rescuer, note: `解救 ${trapped} 人` }),
      step('关闭', CASE_STATE.closed, closedMin, { level }),
    ];
    cases.push({
      c: {
        ...base,
        trapped,
        freed: trapped,
        level,
        assigneeId: assignee,
        dispatchedAt: at(dispatchedMin),
        acceptedAt: at(acceptedMin),
        arrivedAt: at(arrivedMin),
        arriveDistance: 20 + Math.floor(r() * 120),
        overtime: arrivedMin > 30,
        freedAt: at(freedMin),
        closedAt: at(closedMin),
        cause,
        causeDetail: detail || null,
        backInService: cause === 1 || cause === 2 ? true : r() < 0.4,
        followUp: r() < 0.7 ? '已回访，乘客无受伤' : null,
      },
      steps,
    });
  }

  // Open cases, one in each state of the board, on five different lifts.
  const spread = Math.max(1, Math.floor(lifts.length / 5));
  const open: [number, number, number][] = [
    // state, minutes since the alarm, source
    [CASE_STATE.new, 1, CASE_SOURCE.iot],
    [CASE_STATE.dispatched, 2, CASE_SOURCE.phone],
    [CASE_STATE.accepted, 9, CASE_SOURCE.phone],
    [CASE_STATE.arrived, 24, CASE_SOURCE.alarmButton],
    [CASE_STATE.freed, 35, CASE_SOURCE.phone],
  ];
  for (const [k, [status, ago, source]] of open.entries()) {
    const l = lifts[k * spread];
    if (!l) break;
    const agent = agents[k % agents.length];
    const grid = await gridOf(l);
    const alarmAt = now - ago * MINUTE;
    const at = (minutes: number) => new Date(alarmAt + minutes * MINUTE);
    const dispatched = status >= CASE_STATE.dispatched;
    const steps: NewStep[] = [
      { action: '接警', status: 1, level: 0, userId: agent.id, userName: agent.realName, at: at(0) },
    ];
    if (dispatched)
      steps.push({
        action: '派遣',
        status: 2,
        level: 1,
        companyId: l.maintenanceCompanyId,
        userId: agent.id,
        userName: agent.realName,
        at: at(0.8),
      });
    if (status >= CASE_STATE.accepted)
      steps.push({ action: '接单', status: 3, level: 1, companyId: l.maintenanceCompanyId, at: at(1.5) });
    if (status >= CASE_STATE.arrived)
      steps.push({
        action: '到达现场',
        status: 4,
        level: 1,
        companyId: l.maintenanceCompanyId,
        at: at(ago - 8),
      });
    if (status >= CASE_STATE.freed)
      steps.push({
        action: '解救完成',
        status: 5,
        level: 1,
        companyId: l.maintenanceCompanyId,
        note: '解救 1 人',
        at: at(ago - 3),
      });
    cases.push({
      c: {
        caseNo: sql`'JY' || to_char(now() at time zone 'Asia/Shanghai', 'YYYYMMDD') || nextval('rescue_case_no_seq')::text`,
        source,
        kind: CASE_KIND.trapped,
        status,
        elevatorId: l.id,
        registerCode: l.registerCode,
        rescueCode: l.rescueCode,
        address: l.address,
        areaCode: l.areaCode,
        maintenanceCompanyId: l.maintenanceCompanyId,
        useCompanyId: l.useCompanyId,
        rescueUnitId: grid?.unitId ?? null,
        gridId: grid?.gridId ?? null,
        callerPhone: source === CASE_SOURCE.phone ? `1390771${String(1000 + k)}` : null,
        trapped: 1 + (k % 2),
        freed: status >= CASE_STATE.freed ? 1 : null,
        agentId: agent.id,
        level: dispatched ? 1 : 0,
        assigneeId: dispatched ? l.maintenanceCompanyId : null,
        // The dispatched one's deadline is the job's to pass: as if dispatched a moment ago.
        acceptDeadline: status === CASE_STATE.dispatched ? new Date(now + 3 * MINUTE) : null,
        alarmAt: at(0),
        dispatchedAt: dispatched ? at(0.8) : null,
        acceptedAt: status >= CASE_STATE.accepted ? at(1.5) : null,
        arrivedAt: status >= CASE_STATE.arrived ? at(ago - 8) : null,
        overtime: status >= CASE_STATE.arrived ? ago - 8 > 30 : null,
        freedAt: status >= CASE_STATE.freed ? at(ago - 3) : null,
        version: steps.length,
      },
      steps,
    });
  }

  cases.sort((a, b) => (a.c.alarmAt as Date).getTime() - (b.c.alarmAt as Date).getTime());
  for (let i = 0; i < cases.length; i += 200) {
    const chunk = cases.slice(i, i + 200);
    const ids = await tx
      .insert(rescueCase)
      .values(chunk.map((x) => x.c))
      .returning({ id: rescueCase.id });
    const steps = chunk.flatMap((x, j) => x.steps.map((s) => ({ ...s, caseId: ids[j].id })));
    for (let k = 0; k < steps.length; k += 1000)
      await tx.insert(rescueCaseStep).values(steps.slice(k, k + 1000));
  }
}
