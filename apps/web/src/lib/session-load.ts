import { authCalls, dictCalls, logoCalls } from '@ec/contract';
import { call } from './api.ts';
import { getToken, setToken } from './cookies.ts';
import {
  allowedPaths,
  DEFAULT_TITLE,
  emptySession,
  resetSession,
  type Session,
  sessionStore,
} from './session.ts';

/*
 * The calls that fill the session. Loaded on demand (by the guard on a console page, by the sign-in
 * page while the password is typed), so that the sign-in page shows before the contract loads.
 */

export async function signIn(username: string, passwordHash: string): Promise<void> {
  const data = await call(authCalls.login, { grant_type: 'password', username, password: passwordHash });
  setToken(data.access_token);
  sessionStore.set(emptySession());
}

/**
 * Loads user info, menu, dictionaries, platform title and filing status (doc 000 §4). Errors are
 * left to the caller, which clears the token and returns to the sign-in page.
 */
export async function loadSession(): Promise<Session> {
  const opts = { silent: true };
  const userInfo = call(authCalls.getUserInfo, {}, opts);
  const rest = Promise.all([
    call(authCalls.getMenuList, {}, opts),
    call(dictCalls.getAllDict, {}, opts),
    call(logoCalls.query, { page: 1, limit: 10, fileType: 'logo' }, opts).catch(() => null),
    call(authCalls.filingStatus, {}, opts),
  ]);
  // Awaited below; a failure of the user info first must not leave it unhandled.
  rest.catch(() => undefined);
  const user = await userInfo;
  if (user.mustChangePassword) {
    // A temporary password: the server refuses the rest (403) until it is changed; the guard shows
    // the password change only.
    const session: Session = { ...emptySession(), user };
    sessionStore.set(session);
    return session;
  }
  const [menus, dicts, logos, filing] = await rest;
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
