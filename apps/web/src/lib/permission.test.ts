import { describe, expect, it } from 'vitest';
import { hasPermission, hasRole } from './permission.tsx';

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
