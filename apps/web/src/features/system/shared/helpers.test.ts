import { describe, expect, it } from 'vitest';
import { cleanFilters, lastCode, splitRange } from './filters.ts';
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

describe('search filters', () => {
  it('drops blanks and trims text', () => {
    expect(cleanFilters({ a: '', b: '  x ', c: undefined, d: null, e: [], f: 0, g: '   ' })).toEqual({
      b: 'x',
      f: 0,
    });
  });
  it('splits a range into two fields', () => {
    expect(
      splitRange(
        { timeRange: ['2026-01-01 00:00:00', '2026-01-02 00:00:00'], u: 'a' },
        'timeRange',
        'startTime',
        'endTime',
      ),
    ).toEqual({
      u: 'a',
      startTime: '2026-01-01 00:00:00',
      endTime: '2026-01-02 00:00:00',
    });
    expect(splitRange({}, 'timeRange', 'startTime', 'endTime')).toEqual({
      startTime: undefined,
      endTime: undefined,
    });
  });
  it('takes the last code of a cascader value', () => {
    expect(lastCode(['450100', '450103'])).toBe('450103');
    expect(lastCode(undefined)).toBeUndefined();
  });
});

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
