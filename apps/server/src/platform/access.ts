import { ALL_PERMISSIONS, type DataScope, type UserType } from '@ec/contract';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** The signed-in user as every handler sees it; loaded fresh on each request. */
export interface AuthUser {
  id: number;
  username: string;
  realName: string;
  userType: UserType;
  companyId: number | null;
  areaCodes: string[];
  dataScope: DataScope;
  roles: { id: number; key: string; name: string; roleType: string | null }[];
  permissions: Set<string>;
  tokenHash: string;
  /** The account's filing (its company's or its own) has not passed: only SIGNED_IN calls are open. */
  needIntercept: boolean;
  /** Signed in with a temporary password: only the password change, the user info and logout answer. */
  mustChangePassword: boolean;
}

export function hasPermission(user: AuthUser, permission: string): boolean {
  return user.permissions.has(ALL_PERMISSIONS) || user.permissions.has(permission);
}

const SCOPE_RANK: Record<DataScope, number> = { all: 3, area: 2, company: 1, self: 0 };

/** The broadest data scope among a user's roles; no role means self. */
export function broadestScope(scopes: string[]): DataScope {
  let best: DataScope = 'self';
  for (const s of scopes) {
    if (s in SCOPE_RANK && SCOPE_RANK[s as DataScope] > SCOPE_RANK[best]) best = s as DataScope;
  }
  return best;
}

/** The columns of a scoped table that the data scope is matched against. */
export interface ScopeColumns {
  area?: AnyColumn | SQL;
  company?: AnyColumn | SQL;
  owner?: AnyColumn | SQL;
}

/**
 * The SQL condition that limits a query to the rows a user may see. Services put it in the WHERE
 * of every list, detail, count and export of scoped data. A table without the column a scope needs
 * yields no rows for that scope, never all of them.
 */
export function scopeCondition(user: AuthUser, columns: ScopeColumns): SQL {
  switch (user.dataScope) {
    case 'all':
      return sql`true`;
    case 'area':
      if (!columns.area || user.areaCodes.length === 0) return sql`false`;
      return sql`${columns.area} in (${sql.join(
        user.areaCodes.map((c) => sql`${c}`),
        sql`, `,
      )})`;
    case 'company':
      if (!columns.company || user.companyId === null) return sql`false`;
      return sql`${columns.company} = ${user.companyId}`;
    case 'self':
      if (!columns.owner) return sql`false`;
      return sql`${columns.owner} = ${user.id}`;
  }
}
