import { ALL_PERMISSIONS } from '@ec/contract';
import type { ReactNode } from 'react';
import { useSession } from './session.ts';

/** True when the user holds one of `required` or the wildcard `*:*:*` (doc 000 §6). */
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

export function usePermission(required: string | readonly string[]): boolean {
  const { user } = useSession();
  return user ? hasPermission(user.permissions, required) : false;
}

/** Renders its children only for users holding one of the permissions (or roles, when given). */
export function Permission({
  value,
  roles,
  children,
}: {
  value?: string | readonly string[];
  roles?: string | readonly string[];
  children: ReactNode;
}) {
  const { user } = useSession();
  if (!user) return null;
  if (value && !hasPermission(user.permissions, value)) return null;
  if (roles && !hasRole(user.roles, roles)) return null;
  return <>{children}</>;
}
