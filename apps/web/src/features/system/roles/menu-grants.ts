import type { MenuTreeNode } from '@ec/contract';
import { walk } from '../shared/tree.ts';

/** What a role's menu tree grants: pure helpers behind the checkbox tree. */

export interface MenuIndex {
  parent: Map<number, number | null>;
  type: Map<number, MenuTreeNode['type']>;
  children: Map<number, number[]>;
  all: number[];
}

export function menuIndex(tree: MenuTreeNode[]): MenuIndex {
  const index: MenuIndex = { parent: new Map(), type: new Map(), children: new Map(), all: [] };
  walk(tree, (n, p) => {
    index.parent.set(n.id, p?.id ?? null);
    index.type.set(n.id, n.type);
    index.children.set(
      n.id,
      n.children.map((c) => c.id),
    );
    index.all.push(n.id);
  });
  return index;
}

function descendants(index: MenuIndex, id: number): number[] {
  const out: number[] = [];
  const go = (at: number) => {
    for (const c of index.children.get(at) ?? []) {
      out.push(c);
      go(c);
    }
  };
  go(id);
  return out;
}

function ancestors(index: MenuIndex, id: number): number[] {
  const out: number[] = [];
  for (let p = index.parent.get(id) ?? null; p !== null; p = index.parent.get(p) ?? null) out.push(p);
  return out;
}

/**
 * Checking an entry grants its subtree and its ancestors (the server adds ancestors too);
 * unchecking removes its subtree, and a directory left with nothing checked below goes with it.
 * A page may be granted without some of its buttons.
 */
export function toggleMenu(index: MenuIndex, current: number[], id: number, checked: boolean): number[] {
  const next = new Set(current);
  if (checked) {
    for (const k of [id, ...descendants(index, id), ...ancestors(index, id)]) next.add(k);
  } else {
    for (const k of [id, ...descendants(index, id)]) next.delete(k);
    for (const a of ancestors(index, id)) {
      if (index.type.get(a) === 'M' && !descendants(index, a).some((d) => next.has(d))) next.delete(a);
    }
  }
  return index.all.filter((k) => next.has(k));
}

/** Entries granted with all of their subtree show checked; with part of it, partly checked. */
export function checkState(index: MenuIndex, value: number[]): { checked: number[]; halfChecked: number[] } {
  const held = new Set(value);
  const checked: number[] = [];
  const halfChecked: number[] = [];
  for (const id of value) (descendants(index, id).every((d) => held.has(d)) ? checked : halfChecked).push(id);
  return { checked, halfChecked };
}
