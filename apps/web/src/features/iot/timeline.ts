import { IOT_RUN_LABEL, type IotAlarmRow } from '@ec/contract';

/*
 * A lift's day as a timeline: its runs (a lift's state messages grouped into moves: from the first
 * moving state to the stop that ends it; an escalator's into spells of one direction) and its alarms
 * (opened, cleared), newest first.
 */

export interface HistoryEntry {
  at: string;
  kind: 'status' | 'alarm' | 'stats' | 'escalator';
  message: Record<string, unknown>;
}

export interface TimelineItem {
  at: string;
  kind: 'run' | 'alarm' | 'clear';
  title: string;
  detail?: string;
  color: 'blue' | 'red' | 'green' | 'gray';
}

const runLabel = (run: unknown) => IOT_RUN_LABEL[run as keyof typeof IOT_RUN_LABEL] ?? String(run);
const time = (at: string) => at.slice(11);

/** The runs of the entries (oldest first). */
export function runsOf(entries: HistoryEntry[]): TimelineItem[] {
  const out: TimelineItem[] = [];
  let open: { from: string; run: unknown; floor: unknown; last: string; lastFloor: unknown } | null = null;
  let escalator: { from: string; run: unknown; last: string } | null = null;
  const closeLift = (at: string, floor: unknown) => {
    if (!open) return;
    out.push({
      at: open.from,
      kind: 'run',
      title: `${runLabel(open.run)} ${open.floor} → ${floor} 层`,
      detail: `${time(open.from)} – ${time(at)}`,
      color: 'blue',
    });
    open = null;
  };
  const closeEscalator = () => {
    if (!escalator) return;
    out.push({
      at: escalator.from,
      kind: 'run',
      title: `扶梯${runLabel(escalator.run)}运行`,
      detail: `${time(escalator.from)} – ${time(escalator.last)}`,
      color: 'blue',
    });
    escalator = null;
  };
  for (const e of entries) {
    const m = e.message;
    if (e.kind === 'status') {
      if (m.run === 'stop') closeLift(e.at, m.floor);
      else if (!open) open = { from: e.at, run: m.run, floor: m.floor, last: e.at, lastFloor: m.floor };
      else if (open.run !== m.run) {
        closeLift(e.at, m.floor);
        open = { from: e.at, run: m.run, floor: m.floor, last: e.at, lastFloor: m.floor };
      } else {
        open.last = e.at;
        open.lastFloor = m.floor;
      }
    } else if (e.kind === 'escalator') {
      if (escalator && escalator.run !== m.run) closeEscalator();
      if (m.run === 'stop') continue;
      if (!escalator) escalator = { from: e.at, run: m.run, last: e.at };
      else escalator.last = e.at;
    }
  }
  // A move still going at the last message: shown up to it.
  const still = open as { last: string; lastFloor: unknown } | null;
  if (still) closeLift(still.last, still.lastFloor);
  closeEscalator();
  return out;
}

/** Runs and alarms, newest first, at most `max`. */
export function liftTimeline(entries: HistoryEntry[], alarms: IotAlarmRow[], max = 200): TimelineItem[] {
  const items = runsOf(entries);
  for (const a of alarms) {
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
  return items.sort((x, y) => (x.at < y.at ? 1 : x.at > y.at ? -1 : 0)).slice(0, max);
}
