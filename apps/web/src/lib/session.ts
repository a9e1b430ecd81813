import {
  authCalls,
  type CallOutput,
  dictCalls,
  filingPages,
  logoCalls,
  type MenuEntry,
  type SessionUser,
} from '@ec/contract';
import { call } from './api.ts';
import { getToken, removeToken, setToken } from './cookies.ts';
import { createStore, useStore } from './store.ts';

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

const empty = (): Session => ({
  user: null,
  menus: [],
  dicts: [],
  title: DEFAULT_TITLE,
  logoId: null,
  allowed: new Set(),
  needIntercept: false,
});

export const sessionStore = createStore<Session>(empty());
export const useSession = () => useStore(sessionStore);

/** Routes any signed-in user may open whatever the menu says. */
const ALWAYS_ALLOWED = ['/dashboard', ...filingPages.map((p) => p.path)];

export function allowedPaths(menus: MenuEntry[]): Set<string> {
  const out = new Set(ALWAYS_ALLOWED);
  const walk = (list: MenuEntry[]) => {
    for (const m of list) {
      out.add(m.url);
      walk(m.childTree);
    }
  };
  walk(menus);
  return out;
}

export async function signIn(username: string, passwordHash: string): Promise<void> {
  const data = await call(authCalls.login, { grant_type: 'password', username, password: passwordHash });
  setToken(data.access_token);
  sessionStore.set(empty());
}

/**
 * Loads user info, menu, dictionaries, platform title and filing status (doc 000 §4). Errors are
 * left to the caller, which clears the token and returns to the sign-in page.
 */
export async function loadSession(): Promise<Session> {
  const opts = { silent: true };
  const [user, menus, dicts, logos, filing] = await Promise.all([
    call(authCalls.getUserInfo, {}, opts),
    call(authCalls.getMenuList, {}, opts),
    call(dictCalls.getAllDict, {}, opts),
    call(logoCalls.query, { page: 1, limit: 10, fileType: 'logo' }, opts).catch(() => null),
    call(authCalls.filingStatus, {}, opts),
  ]);
  if (!Array.isArray(user.roles) || user.roles.length === 0) {
    throw new Error('getInfo: roles must be a non-null array!');
  }
  const logo = logos?.records[0];
  const session: Session = {
    user,
    menus,
    dicts,
    title: logo?.title || DEFAULT_TITLE,
    logoId: logo?.logoId ?? null,
    allowed: allowedPaths(menus),
    needIntercept: filing.needIntercept,
  };
  sessionStore.set(session);
  return session;
}

/** Reloads only the user (after a phone change), keeping menus and dictionaries. */
export async function reloadUser(): Promise<void> {
  const user = await call(authCalls.getUserInfo);
  sessionStore.set((s) => ({ ...s, user }));
}

/** Clears token, roles and routes; the server call is best effort. */
export async function signOut(): Promise<void> {
  if (getToken()) await call(authCalls.logout, {}, { silent: true }).catch(() => undefined);
  resetSession();
}

export function resetSession(): void {
  removeToken();
  sessionStore.set(empty());
}

/** The options of one dictionary, e.g. `dictOptions('elevator_type')`. */
export function dictOptions(code: string): { label: string; value: string }[] {
  const entry = sessionStore.get().dicts.find((d) => d.code === code);
  return entry ? entry.childs.map((c) => ({ label: c.value, value: c.key })) : [];
}

/** The initial filing page that fits the account kind (doc 000 §2). */
export function filingPathFor(user: SessionUser): string {
  switch (user.userType) {
    case 'maintenance_staff':
      return '/initialRecord';
    case 'inspection':
    case 'inspector':
      return '/initialFiling/mechanism';
    case 'use_unit':
    case 'safety_officer':
      return '/initialFiling/initialFiling';
    default:
      return '/initialFiling';
  }
}
