import { authCalls, dictCalls } from '@ec/contract';
import { call } from '../../../lib/api.ts';
import { allowedPaths, sessionStore } from '../../../lib/session.ts';
import { reloadUser } from '../../../lib/session-load.ts';

/**
 * The console keeps dictionaries, menus, permissions and the platform title in the session store
 * (loaded at sign-in). Writes on the system pages that change them refresh the store, so that
 * selects, the sidebar and the title follow without signing in again.
 */

export async function refreshDicts(): Promise<void> {
  const dicts = await call(dictCalls.getAllDict, {}, { silent: true });
  sessionStore.set((s) => ({ ...s, dicts }));
}

export async function refreshMenus(): Promise<void> {
  const menus = await call(authCalls.getMenuList, {}, { silent: true });
  sessionStore.set((s) => ({ ...s, menus, allowed: allowedPaths(menus) }));
}

/** After a role or menu change: the signed-in user's own permissions and sidebar may have changed. */
export async function refreshOwnGrants(): Promise<void> {
  await Promise.all([reloadUser(), refreshMenus()]).catch(() => undefined);
}

export function setPlatformTitle(title: string, logoId: string | null): void {
  sessionStore.set((s) => ({ ...s, title, logoId }));
}
