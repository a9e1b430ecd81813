import type { CallOutput, dictCalls, MenuEntry, SessionUser } from '@ec/contract';
import { filingPageFor, filingPages, routePathOf } from '@ec/contract/menu-catalogue';
import { removeToken } from './cookies.ts';
import { createStore, useStore } from './store.ts';

/*
 * The session's state, with no server calls: the sign-in page and the route guard read it without
 * loading the contract's schemas. The calls that fill it live in session-load.ts.
 */

export const DEFAULT_TITLE = '南宁市电梯云监管平台';

export type DictEntry = CallOutput<typeof dictCalls.getAllDict>[number];

export interface Session {
  user: SessionUser | null;
  menus: MenuEntry[];
  dicts: DictEntry[];
  /** Sidebar and page-title product name: the logo record's title, else the default. */
  title: string;
  logoId: string | null;
  /** Every route path the user's menu grants (hidden detail pages included). */
  allowed: Set<string>;
  needIntercept: boolean;
}

export const emptySession = (): Session => ({
  user: null,
  menus: [],
  dicts: [],
  title: DEFAULT_TITLE,
  logoId: null,
  allowed: new Set(),
  needIntercept: false,
});

export const sessionStore = createStore<Session>(emptySession());
export const useSession = () => useStore(sessionStore);

/** Routes any signed-in user may open whatever the menu says. */
const ALWAYS_ALLOWED = ['/dashboard', ...filingPages.map((p) => p.path)];

export function allowedPaths(menus: MenuEntry[]): Set<string> {
  const out = new Set(ALWAYS_ALLOWED);
  const walk = (list: MenuEntry[]) => {
    for (const m of list) {
      out.add(routePathOf(m.url));
      walk(m.childTree);
    }
  };
  walk(menus);
  return out;
}

export function resetSession(): void {
  removeToken();
  sessionStore.set(emptySession());
}

/** The options of one dictionary, e.g. `dictOptions('elevator_type')`. */
export function dictOptions(code: string): { label: string; value: string }[] {
  const entry = sessionStore.get().dicts.find((d) => d.code === code);
  return entry ? entry.childs.map((c) => ({ label: c.value, value: c.key })) : [];
}

/** The initial filing page that fits the account kind (doc 000 §2): the server's menu gives the same. */
export function filingPathFor(user: SessionUser): string {
  return filingPageFor(user.userType).path;
}
