import { IOT_RUN_LABEL, type IotAlarmRow, type IotLiftRun, type IotStateKind } from '@ec/contract';

/*
 * A lift's day as a timeline: its runs (computed by the server from the day's states: a lift's moves,
 * from the first moving state to the one that ends it; an escalator's spells of one direction) and
 * its alarms (opened, cleared), newest first. The server answers the latest runs of the day and
 * their count; the earlier ones not yet shown are marked where they would be, every alarm stays.
 */

export interface TimelineItem {
  at: string;
  kind: 'run' | 'alarm' | 'clear' | 'more';
  title: string;
  detail?: string;
  color: 'blue' | 'red' | 'green' | 'gray';
}

const runLabel = (run: unknown) => IOT_RUN_LABEL[run as keyof typeof IOT_RUN_LABEL] ?? String(run);
const time = (at: string) => at.slice(11);

/** A run as a timeline item. */
export function runItem(kind: IotStateKind, r: IotLiftRun): TimelineItem {
  return {
    at: r.from,
    kind: 'run',
    title:
      kind === 'escalator'
        ? `扶梯${runLabel(r.run)}运行`
        : `${runLabel(r.run)} ${r.fromFloor} → ${r.toFloor} 层`,
    detail: `${time(r.from)} – ${time(r.to)}`,
    color: 'blue',
  };
}

export interface LiftDay {
  kind: IotStateKind;
  runs: IotLiftRun[];
  runCount: number;
  alarms: IotAlarmRow[];
}

/** Runs and alarms, newest first; past the oldest run shown, a mark of the earlier runs not shown. */
export function liftTimeline(day: LiftDay): TimelineItem[] {
  const items = day.runs.map((r) => runItem(day.kind, r));
  for (const a of day.alarms) {
    items.push({
      at: a.openedAt,
      kind: 'alarm',
      title: `报警：${a.typeLabel}（${a.severityLabel}）`,
      detail: [a.detail, a.repeats ? `重复 ${a.repeats} 次` : null, a.caseId ? `救援工单 #${a.caseId}` : null]
        .filter(Boolean)
        .join('，'),
      color: 'red',
    });
    if (a.clearedAt)
      items.push({
        at: a.clearedAt,
        kind: 'clear',
        title: `报警消除：${a.typeLabel}`,
        detail: a.clearReason ?? undefined,
        color: 'green',
      });
  }
  items.sort((x, y) => (x.at < y.at ? 1 : x.at > y.at ? -1 : 0));
  const earlier = day.runCount - day.runs.length;
  if (earlier > 0 && day.runs.length > 0) {
    const oldest = day.runs[day.runs.length - 1].from;
    const after = items.findIndex((i) => i.kind === 'run' && i.at === oldest);
    items.splice(after + 1, 0, {
      at: oldest,
      kind: 'more',
      title: `更早的 ${earlier} 次运行未列出`,
      color: 'gray',
    });
  }
  return items;
}
