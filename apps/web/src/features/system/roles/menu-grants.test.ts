import type { MenuTreeNode } from '@ec/contract';
import { describe, expect, it } from 'vitest';
import { checkState, menuIndex, toggleMenu } from './menu-grants.ts';

const node = (
  id: number,
  type: MenuTreeNode['type'],
  children: MenuTreeNode[] = [],
  parentId: number | null = null,
): MenuTreeNode => ({
  id,
  parentId,
  name: `m${id}`,
  url: type === 'F' ? '' : `/m${id}`,
  icon: null,
  sort: id,
  hidden: type === 'F',
  type,
  perms: type === 'F' ? `x:y:${id}` : null,
  children,
});

// 1 基础信息 (M) ─ 2 电梯管理 (C) ─ 3, 4 buttons
//               └ 5 电梯台账 (C)
// 6 系统设置 (M) ─ 7 用户管理 (C)
const tree = [
  node(1, 'M', [node(2, 'C', [node(3, 'F', [], 2), node(4, 'F', [], 2)], 1), node(5, 'C', [], 1)]),
  node(6, 'M', [node(7, 'C', [], 6)]),
];
const index = menuIndex(tree);

describe('role menu grants', () => {
  it('checking a page grants its buttons and its directory', () => {
    expect(toggleMenu(index, [], 2, true)).toEqual([1, 2, 3, 4]);
  });
  it('checking a directory grants its whole subtree', () => {
    expect(toggleMenu(index, [], 6, true)).toEqual([6, 7]);
  });
  it('a button can be taken away from a page', () => {
    expect(toggleMenu(index, [1, 2, 3, 4], 4, false)).toEqual([1, 2, 3]);
  });
  it('a directory left with nothing below goes too; a page keeps itself without buttons', () => {
    expect(toggleMenu(index, [1, 2, 3], 3, false)).toEqual([1, 2]);
    expect(toggleMenu(index, [1, 2], 2, false)).toEqual([]);
    expect(toggleMenu(index, [1, 2, 3, 4, 5], 2, false)).toEqual([1, 5]);
  });
  it('partly granted entries show as partly checked', () => {
    expect(checkState(index, [1, 2, 3])).toEqual({ checked: [3], halfChecked: [1, 2] });
    expect(checkState(index, [6, 7])).toEqual({ checked: [6, 7], halfChecked: [] });
  });
});
