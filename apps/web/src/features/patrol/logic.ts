import {
  areaLabel,
  areaTree,
  CITY_CODE,
  type PatrolResult,
  type PatrolResultInput,
  type PatrolTargetView,
  type PatrolTaskDetail,
  type PatrolTemplateItem,
} from '@ec/contract';

/*
 * The patrol pages' rules that need no React: what is left to check, what a result form sends,
 * the districts a regulator plans in.
 */

/** One item's answer on the phone page before it is saved. */
export interface ItemDraft {
  result: PatrolResult | null;
  remark: string;
  photos: string[];
  recipient: 'use' | 'maintenance';
  deadline: string;
}

export const emptyDraft = (): ItemDraft => ({
  result: null,
  remark: '',
  photos: [],
  recipient: 'use',
  deadline: '',
});

/** The drafts of one target, from its saved results (a saved 不符合 is final: `locked`). */
export function draftsOf(items: PatrolTemplateItem[], target: PatrolTargetView) {
  const drafts: Record<number, ItemDraft & { locked: boolean }> = {};
  for (const item of items) {
    const saved = target.results.find((r) => r.contentId === item.contentId);
    drafts[item.contentId] = saved
      ? {
          ...emptyDraft(),
          result: saved.result,
          remark: saved.remark ?? '',
          photos: saved.photos,
          locked: saved.result === 'fail',
        }
      : { ...emptyDraft(), locked: false };
  }
  return drafts;
}

/** Why the drafts cannot be saved yet (Chinese), or null. A 不符合 needs what was found. */
export function draftProblem(items: PatrolTemplateItem[], drafts: Record<number, ItemDraft>): string | null {
  const filled = items.filter((i) => drafts[i.contentId]?.result);
  if (filled.length === 0) return '请至少填写一项检查结果';
  const vague = filled.find(
    (i) => drafts[i.contentId].result === 'fail' && !drafts[i.contentId].remark.trim(),
  );
  if (vague) return `「${vague.name}」不符合：请填写发现的问题`;
  return null;
}

/** The saveResult items of the drafts that have a result and are not locked. */
export function resultInputs(
  items: PatrolTemplateItem[],
  drafts: Record<number, ItemDraft & { locked?: boolean }>,
  liftTarget: boolean,
): PatrolResultInput[] {
  return items.flatMap((i) => {
    const d = drafts[i.contentId];
    if (!d?.result || d.locked) return [];
    return [
      {
        contentId: i.contentId,
        result: d.result,
        remark: d.remark.trim() || null,
        photos: d.photos,
        ...(d.result === 'fail'
          ? { finding: { recipient: liftTarget ? d.recipient : 'use', deadline: d.deadline || null } }
          : {}),
      },
    ];
  });
}

/** Items without a result, over every target of the task. */
export function missingCount(task: Pick<PatrolTaskDetail, 'items' | 'targets'>): number {
  return task.targets.reduce(
    (n, t) => n + task.items.filter((i) => !t.results.some((r) => r.contentId === i.contentId)).length,
    0,
  );
}

/** Whether the task may be completed now (running, every item of every target has a result). */
export const canComplete = (task: Pick<PatrolTaskDetail, 'state' | 'items' | 'targets'>) =>
  task.state === 'running' && missingCount(task) === 0;

/** A target's progress as 已查 n/m. */
export const targetProgress = (items: PatrolTemplateItem[], target: PatrolTargetView) =>
  `${target.results.length}/${items.length}`;

/** The districts a regulator plans in, as select options with their names. */
export const districtOptions = (areaCodes: readonly string[]) =>
  areaCodes.map((code) => ({ value: code, label: areaLabel(code) ?? code }));

/** Where a user plans tasks: its districts, or (the platform, which has none) every district of the city. */
export function planDistricts(areaCodes: readonly string[]) {
  if (areaCodes.length > 0) return districtOptions(areaCodes.filter((c) => /^\d{6}$/.test(c)));
  const city = areaTree.find((a) => a.value === CITY_CODE);
  return (city?.children ?? [])
    .filter((a) => /^\d{6}$/.test(a.value))
    .map((a) => ({ value: a.value, label: a.label }));
}

/** Moves one of a list's entries up (-1) or down (+1), for the template's item order. */
export function moveEntry<T>(list: readonly T[], index: number, step: -1 | 1): T[] {
  const to = index + step;
  if (to < 0 || to >= list.length) return [...list];
  const out = [...list];
  [out[index], out[to]] = [out[to], out[index]];
  return out;
}
