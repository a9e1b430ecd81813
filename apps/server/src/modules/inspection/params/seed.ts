import { addDays, shanghaiToday } from '@ec/contract';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client.ts';
import { enterprise } from '../../../platform/db/tables.ts';
import { liftsDueRelation } from '../../elevator/api.ts';
import { INSPECTION_ORG_KIND } from '../scope.ts';
import { inspectionTechParam } from './tables.ts';

const CONTROL_MODES = ['集选控制', '并联控制', '群控', '按钮控制'];

/** Parameters as an organisation's sheet would hold them, from the registry's facts (deterministic per lift). */
function paramsOf(l: {
  id: number;
  type: number;
  variety: string | null;
  floors: number | null;
  ratedLoad: number | null;
  ratedSpeed: number | null;
}): {
  variety: string | null;
  stops: number;
  doors: number | null;
  ratedLoad: number | null;
  ratedSpeed: number;
  riseM: number | null;
  lengthM: number | null;
  controlMode: string;
  extra: Record<string, string>;
} {
  const k = l.id % 7;
  if (l.type === 2) {
    const walk = l.variety === '3320';
    return {
      variety: l.variety,
      stops: 2,
      doors: null,
      ratedLoad: null,
      ratedSpeed: l.ratedSpeed ?? 0.5,
      riseM: walk ? null : 4.5 + (k % 3) * 0.6,
      lengthM: walk ? 30 + k * 5 : null,
      controlMode: '变频控制',
      extra: {
        驱动方式: '链条驱动',
        '电动机功率(kW)': String(walk ? 11 : 7.5),
        '倾斜角(°)': walk ? '10' : k % 2 ? '30' : '35',
        '名义宽度(mm)': k % 2 ? '1000' : '800',
      },
    };
  }
  const stops = l.floors ?? 6 + k;
  return {
    variety: l.variety,
    stops,
    doors: stops + (k === 3 ? 2 : 0),
    ratedLoad: l.ratedLoad ?? 1000,
    ratedSpeed: l.ratedSpeed ?? 1.75,
    riseM: Math.round((stops - 1) * 3 * 10) / 10,
    lengthM: null,
    controlMode: CONTROL_MODES[k % CONTROL_MODES.length],
    extra: {
      驱动方式: '曳引驱动',
      曳引比: k % 2 ? '2:1' : '1:1',
      '电动机功率(kW)': String(l.ratedLoad && l.ratedLoad > 1000 ? 15 : 11),
      '顶层高度(m)': String(4.2 + (k % 3) * 0.2),
      '底坑深度(m)': String(1.5 + (k % 2) * 0.2),
      额定载客人数: String(Math.floor((l.ratedLoad ?? 1000) / 75)),
    },
  };
}

/**
 * Demo technical parameters: jy1 (青秀区) recorded three in four of its district's lifts due within
 * 60 days (the fourth left for the page's 未录入), jy2 (江南区) five of its district's.
 */
export async function seedTechParams(tx: Tx) {
  const orgs = await tx
    .select({ id: enterprise.id, areaCode: enterprise.areaCode })
    .from(enterprise)
    .where(eq(enterprise.kind, INSPECTION_ORG_KIND))
    .orderBy(asc(enterprise.id));
  const [jy1, jy2] = orgs;
  const before = addDays(shanghaiToday(), 60);
  for (const [org, limit] of [
    [jy1, 200],
    [jy2, 5],
  ] as const) {
    if (!org?.areaCode) continue;
    const due = liftsDueRelation([org.areaCode], before).as('seed_lift');
    const lifts = await tx
      .select({
        id: due.id,
        type: due.type,
        variety: due.variety,
        floors: due.floors,
        ratedLoad: due.ratedLoad,
        ratedSpeed: due.ratedSpeed,
      })
      .from(due)
      .orderBy(asc(due.nextInspectDate), asc(due.id))
      .limit(limit);
    const chosen = limit === 5 ? lifts : lifts.filter((_, i) => i % 4 !== 3);
    if (chosen.length === 0) continue;
    await tx
      .insert(inspectionTechParam)
      .values(chosen.map((l) => ({ orgId: org.id, elevatorId: l.id, ...paramsOf(l) })))
      .onConflictDoNothing();
  }
}
