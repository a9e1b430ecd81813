import { createStore, useStore } from '../../lib/store.ts';
import { pageInfo } from '../route-table.ts';

export interface VisitedTag {
  path: string;
  title: string;
  affix: boolean;
}

const affixTags = (): VisitedTag[] => [
  { path: '/dashboard', title: pageInfo('/dashboard')?.title ?? '首页', affix: true },
];

/** The visited-tags bar (doc 000 §2): also decides which pages keep their state. */
export const tagsStore = createStore<VisitedTag[]>(affixTags());
export const useTags = () => useStore(tagsStore);

/** Per-path refresh counters: bumping one remounts that page. */
export const refreshStore = createStore<Record<string, number>>({});

export function visit(path: string): void {
  const info = pageInfo(path);
  if (!info || tagsStore.get().some((t) => t.path === path)) return;
  tagsStore.set((tags) => [...tags, { path, title: info.title, affix: info.affix }]);
}

/** Removes tags and returns the path to show next when the current one went away. */
export function closeTag(path: string, current: string): string | null {
  const tags = tagsStore.get();
  const index = tags.findIndex((t) => t.path === path);
  if (index < 0 || tags[index].affix) return null;
  const rest = tags.filter((t) => t.path !== path);
  tagsStore.set(rest);
  if (path !== current) return null;
  return (rest[index - 1] ?? rest[rest.length - 1])?.path ?? '/dashboard';
}

export function closeOthers(keep: string): void {
  tagsStore.set((tags) => tags.filter((t) => t.affix || t.path === keep));
}

/** Keeps the affix tags; returns where to go. */
export function closeAll(): string {
  const rest = tagsStore.get().filter((t) => t.affix);
  tagsStore.set(rest);
  return rest[rest.length - 1]?.path ?? '/dashboard';
}

export function refreshPage(path: string): void {
  refreshStore.set((r) => ({ ...r, [path]: (r[path] ?? 0) + 1 }));
}

export function resetTags(): void {
  tagsStore.set(affixTags());
  refreshStore.set({});
}
