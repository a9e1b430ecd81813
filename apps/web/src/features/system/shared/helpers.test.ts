import { describe, expect, it } from 'vitest';
import { areaLabel, areaPath, dropEmptyChildren, filterTree } from './tree.ts';

const areas = [
  {
    value: '450100',
    label: '南宁市',
    children: [
      { value: '450103', label: '青秀区' },
      { value: '450105', label: '江南区' },
    ],
  },
];

describe('trees', () => {
  it('finds an area path and label', () => {
    expect(areaPath(areas, '450105')).toEqual(['450100', '450105']);
    expect(areaPath(areas, '999999')).toEqual(['999999']);
    expect(areaPath(areas, null)).toBeUndefined();
    expect(areaLabel(areas, '450103')).toBe('南宁市 / 青秀区');
  });
  it('filters a tree, keeping ancestors of matches', () => {
    const tree = [
      {
        id: 1,
        name: '基础信息',
        children: [
          { id: 2, name: '电梯管理', children: [] },
          { id: 3, name: '电梯台账', children: [] },
        ],
      },
      { id: 4, name: '系统设置', children: [{ id: 5, name: '用户管理', children: [] }] },
    ];
    const shown = filterTree(tree, (n) => n.name === '电梯管理');
    expect(shown).toEqual([
      { id: 1, name: '基础信息', children: [{ id: 2, name: '电梯管理', children: [] }] },
    ]);
    expect(dropEmptyChildren(shown)).toEqual([
      { id: 1, name: '基础信息', children: [{ id: 2, name: '电梯管理' }] },
    ]);
  });
});
