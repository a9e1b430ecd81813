import { filingPageFor, hiddenMenuPaths, type MenuEntry, samePageRoutes } from '@ec/contract';
import type { AuthUser } from '../access.ts';
import type { Platform } from '../platform.ts';
import { menuTreeOf, sessionUserOf } from './service.ts';

/**
 * The sidebar menu of the signed-in user (doc 000 §2: the menu comes from the server):
 * - an account that must file and has not been passed gets its filing page only, since every other
 *   page sends it back there;
 * - the pages the catalogue hides (detail, edit and add pages) stay hidden whatever the stored menu
 *   says, so that a database seeded before a page was marked hidden shows it no more;
 * - a page granted under two names (samePageRoutes) shows once.
 * Hidden entries are still returned: they are the pages the user may open from another page.
 */
export async function menuOf(platform: Platform, user: AuthUser): Promise<MenuEntry[]> {
  const session = await sessionUserOf(platform, user);
  if (session.needIntercept) {
    const page = filingPageFor(session.userType);
    return [
      { id: 0, url: page.path, name: page.name, icon: 'FileProtectOutlined', hidden: false, childTree: [] },
    ];
  }
  const tree = await menuTreeOf(platform, user);
  return hideDuplicates(markHidden(tree));
}

function markHidden(entries: MenuEntry[]): MenuEntry[] {
  return entries.map((e) => ({
    ...e,
    hidden: e.hidden || hiddenMenuPaths.has(e.url),
    childTree: markHidden(e.childTree),
  }));
}

function hideDuplicates(tree: MenuEntry[]): MenuEntry[] {
  const visible = new Set<string>();
  const walk = (list: MenuEntry[]) => {
    for (const e of list) {
      if (e.hidden) continue;
      visible.add(e.url);
      walk(e.childTree);
    }
  };
  walk(tree);
  const hide = new Set(
    samePageRoutes
      .filter(([first, second]) => visible.has(first) && visible.has(second))
      .map(([, second]) => second),
  );
  if (hide.size === 0) return tree;
  const mark = (list: MenuEntry[]): MenuEntry[] =>
    list.map((e) => ({ ...e, hidden: e.hidden || hide.has(e.url), childTree: mark(e.childTree) }));
  return mark(tree);
}
