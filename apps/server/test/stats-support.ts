import type { AuthUser } from '../src/platform/access.ts';

/** A signed-in account as the figures see it: the city's regulator unless `u` says otherwise. */
export const userOf = (u: Partial<AuthUser>): AuthUser => ({
  id: 1,
  username: 'x',
  realName: 'x',
  userType: 'regulator',
  companyId: null,
  areaCodes: [],
  dataScope: 'all',
  roles: [],
  permissions: new Set(),
  tokenHash: '',
  needIntercept: false,
  mustChangePassword: false,
  ...u,
});
