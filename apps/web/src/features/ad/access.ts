import { hasPermission } from '../../lib/access.ts';
import { useSession } from '../../lib/session.ts';

/**
 * Whether the user writes advertising business guarded by `permission`: an advertising operator
 * acting for its own company. The platform administrator reads the operators' points, customers,
 * leads and orders but does not write them (the server answers 403: modules/ad/scope.ts
 * requireOperator), so their write buttons are not shown to it.
 */
export function useAdOperator(permission: string): boolean {
  const { user } = useSession();
  return (
    !!user && user.userType === 'ad' && user.companyId != null && hasPermission(user.permissions, permission)
  );
}
