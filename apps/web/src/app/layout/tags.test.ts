import { beforeEach, describe, expect, it } from 'vitest';
import { closeAll, closeOthers, closeTag, resetTags, tagsStore, visit } from './tags.ts';

const paths = () => tagsStore.get().map((t) => t.path);

describe('visited tags', () => {
  beforeEach(() => resetTags());

  it('starts with the affix dashboard and adds each known page once', () => {
    visit('/permission/page');
    visit('/permission/page');
    visit('/no/such/page');
    expect(paths()).toEqual(['/dashboard', '/permission/page']);
  });

  it('closing the current tag moves to its left neighbour; affix tags stay', () => {
    visit('/permission/page');
    visit('/permission/role');
    expect(closeTag('/permission/role', '/permission/role')).toBe('/permission/page');
    expect(closeTag('/dashboard', '/dashboard')).toBeNull();
    expect(paths()).toEqual(['/dashboard', '/permission/page']);
  });

  it('close others keeps affix and the chosen one; close all keeps affix only', () => {
    visit('/permission/page');
    visit('/permission/role');
    visit('/ad/point');
    closeOthers('/permission/role');
    expect(paths()).toEqual(['/dashboard', '/permission/role']);
    expect(closeAll()).toBe('/dashboard');
    expect(paths()).toEqual(['/dashboard']);
  });
});
