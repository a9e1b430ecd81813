import type { ReactNode } from 'react';
import { hasPermission, hasRole } from './access.ts';
import { useSession } from './session.ts';

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
