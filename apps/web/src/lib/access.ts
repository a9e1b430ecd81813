import { ALL_PERMISSIONS, isReviewer, type SessionUser } from '@ec/contract';
import { useSession } from './session.ts';

/**
 * Who may do what on the web, in one place: permissions (doc 000 §6), roles, and "is a reviewer"
 * (the contract's isReviewer, the server's rule). Pages ask these instead of re-deriving them; the
 * server decides anyway, these only choose what to show.
 */

export { isReviewer };

type Holder = Pick<SessionUser, 'permissions' | 'dataScope' | 'companyId'> | null | undefined;

/** True when the user holds one of `required` or the wildcard `*:*:*`. */
export function hasPermission(held: readonly string[], required: string | readonly string[]): boolean {
  if (held.includes(ALL_PERMISSIONS)) return true;
  const list = typeof required === 'string' ? [required] : required;
  return list.some((p) => held.includes(p));
}

/** True when the user holds one of the listed roles; admin holds them all. */
export function hasRole(held: readonly string[], required: string | readonly string[]): boolean {
  if (held.includes('admin')) return true;
  const list = typeof required === 'string' ? [required] : required;
  return list.some((r) => held.includes(r));
}

/**
 * Whether the user decides filings guarded by `permission`: it holds the permission and is a reviewer
 * (data scope all or area). A company's own admin may hold the button of its pages yet decides nothing.
 */
export function canAudit(user: Holder, permission: string): boolean {
  return !!user && hasPermission(user.permissions, permission) && isReviewer(user.dataScope);
}

/** Whether the user acts for its own company with `permission` (a regulator holding it only reads). */
export function actsForCompany(user: Holder, permission: string): boolean {
  return !!user && hasPermission(user.permissions, permission) && user.companyId != null;
}

export function usePermission(required: string | readonly string[]): boolean {
  const { user } = useSession();
  return user ? hasPermission(user.permissions, required) : false;
}

/** The signed-in user reviews filings in its scope (picks companies, sees the audit tabs). */
export function useIsReviewer(): boolean {
  return isReviewer(useSession().user?.dataScope);
}

export function useCanAudit(permission: string): boolean {
  return canAudit(useSession().user, permission);
}

export function useActsForCompany(permission: string): boolean {
  return actsForCompany(useSession().user, permission);
}
