import { describe, expect, it } from 'vitest';
import { actsForCompany, canAudit, hasPermission, hasRole } from './access.ts';

describe('permissions', () => {
  it('the wildcard grants everything', () => {
    expect(hasPermission(['*:*:*'], 'system:param:edit')).toBe(true);
  });
  it('one of the listed permissions is enough', () => {
    expect(hasPermission(['a:b:c'], ['x:y:z', 'a:b:c'])).toBe(true);
    expect(hasPermission(['a:b:c'], 'x:y:z')).toBe(false);
    expect(hasPermission([], 'a:b:c')).toBe(false);
  });
  it('admin holds every role', () => {
    expect(hasRole(['admin'], 'regulation')).toBe(true);
    expect(hasRole(['editor'], ['admin', 'editor'])).toBe(true);
    expect(hasRole(['editor'], 'regulation')).toBe(false);
  });
});

describe('reviewers and companies', () => {
  const user = (dataScope: string, companyId: number | null, permissions = ['building:company:audit']) =>
    ({ dataScope, companyId, permissions }) as Parameters<typeof canAudit>[0];
  it('a reviewer (scope all or area) holding the permission decides filings', () => {
    expect(canAudit(user('all', null), 'building:company:audit')).toBe(true);
    expect(canAudit(user('area', null), 'building:company:audit')).toBe(true);
  });
  it('a company admin holding the button decides nothing; nor does a reviewer without it', () => {
    expect(canAudit(user('company', 7), 'building:company:audit')).toBe(false);
    expect(canAudit(user('self', 7), 'building:company:audit')).toBe(false);
    expect(canAudit(user('area', null, []), 'building:company:audit')).toBe(false);
    expect(canAudit(null, 'building:company:audit')).toBe(false);
  });
  it('only a company member acts for its company', () => {
    expect(actsForCompany(user('company', 7, ['elevator:claim']), 'elevator:claim')).toBe(true);
    expect(actsForCompany(user('area', null, ['elevator:claim']), 'elevator:claim')).toBe(false);
    expect(actsForCompany(user('company', 7, []), 'elevator:claim')).toBe(false);
  });
});
