/** Helpers over `{ children }` trees (menus, organisations, areas). */

export interface TreeLike<T> {
  children?: T[];
}

export function walk<T extends TreeLike<T>>(nodes: T[], visit: (node: T, parent: T | null) => void): void {
  const go = (list: T[], parent: T | null) => {
    for (const n of list) {
      visit(n, parent);
      if (n.children?.length) go(n.children, n);
    }
  };
  go(nodes, null);
}

/** The nodes on the way to the first node that matches, root first; empty when none. */
export function pathTo<T extends TreeLike<T>>(nodes: T[], match: (node: T) => boolean): T[] {
  for (const n of nodes) {
    if (match(n)) return [n];
    const below = pathTo(n.children ?? [], match);
    if (below.length) return [n, ...below];
  }
  return [];
}

/** The tree with only the nodes that match and their ancestors (a match keeps its whole subtree). */
export function filterTree<T extends TreeLike<T>>(nodes: T[], match: (node: T) => boolean): T[] {
  const out: T[] = [];
  for (const n of nodes) {
    if (match(n)) out.push(n);
    else {
      const children = filterTree(n.children ?? [], match);
      if (children.length) out.push({ ...n, children });
    }
  }
  return out;
}

/** antd tables show an expand icon for `children: []`; leaves get no children field. */
export function dropEmptyChildren<T extends TreeLike<T>>(nodes: T[]): T[] {
  return nodes.map((n) => {
    const { children, ...rest } = n;
    return (children?.length ? { ...rest, children: dropEmptyChildren(children) } : rest) as T;
  });
}

/** Area code → the codes from the top of the area tree down to it (for a cascader value). */
export function areaPath(tree: { value: string; children?: unknown[] }[], code: string | null | undefined) {
  if (!code) return undefined;
  type Area = { value: string; children?: Area[] };
  const path = pathTo(tree as Area[], (a) => a.value === code);
  return path.length ? path.map((a) => a.value) : [code];
}

export function areaLabel(
  tree: { value: string; label: string; children?: unknown[] }[],
  code: string | null | undefined,
): string {
  if (!code) return '';
  type Area = { value: string; label: string; children?: Area[] };
  const path = pathTo(tree as Area[], (a) => a.value === code);
  return path.length ? path.map((a) => a.label).join(' / ') : code;
}
