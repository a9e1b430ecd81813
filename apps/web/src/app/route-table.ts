import {
  filingPages,
  flattenMenu,
  type MenuNode,
  menuCatalogue,
  routePathOf,
} from '@ec/contract/menu-catalogue';

/** One console page: its hash path and Chinese title (from the contract's menu catalogue). */
export interface PageInfo {
  path: string;
  title: string;
  hidden: boolean;
  affix: boolean;
  /** Titles from the top group down to this page, for the breadcrumb. */
  trail: string[];
}

function collect(nodes: MenuNode[], trail: string[], out: PageInfo[], groups: Map<string, string>): void {
  for (const node of nodes) {
    const here = [...trail, node.name];
    if (node.children?.length) {
      // A group typed as a path opens its first page the sidebar shows.
      const first = node.children.find((c) => !c.hidden) ?? node.children[0];
      if (node.path !== '/') groups.set(node.path, first.path);
      collect(node.children, here, out, groups);
    } else {
      out.push({
        // The spec's 物联网 entry has the url 'iot': it opens at /iot.
        path: routePathOf(node.path),
        title: node.name,
        hidden: !!node.hidden,
        affix: !!node.affix,
        trail: here,
      });
    }
  }
}

const pageList: PageInfo[] = [];
/** Group path → its first page, so that a typed group path lands somewhere useful. */
export const groupFirstPage = new Map<string, string>();
collect(menuCatalogue, [], pageList, groupFirstPage);
export const consolePages: PageInfo[] = pageList;
export const filingPageList: PageInfo[] = filingPages.map((p) => ({
  path: p.path,
  title: p.name,
  hidden: true,
  affix: false,
  trail: [p.name],
}));

const byPath = new Map<string, PageInfo>([...consolePages, ...filingPageList].map((p) => [p.path, p]));
const groupTitles = new Map(flattenMenu().map((n) => [n.path, n.name]));

export function pageInfo(path: string): PageInfo | undefined {
  return byPath.get(path);
}

export function titleOf(path: string): string {
  return byPath.get(path)?.title ?? groupTitles.get(path) ?? '';
}

export const isFilingPath = (path: string) => filingPages.some((p) => p.path === path);
export const isKnownPath = (path: string) => byPath.has(path) || groupFirstPage.has(path);
