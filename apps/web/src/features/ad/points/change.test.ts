import { describe, expect, it } from 'vitest';
import { changeSummary } from './change.ts';

describe('changeSummary', () => {
  it('says how many change tasks were made', () => {
    expect(changeSummary({ matched: 2, created: 2, taskIds: [7, 8], skipped: [] })).toBe(
      '已新建 2 个换画任务',
    );
  });
  it('names each reason with its count and the first point numbers', () => {
    expect(
      changeSummary({
        matched: 6,
        created: 1,
        taskIds: [9],
        skipped: [
          { reason: '点位不在投放中', count: 4, pointNos: ['P1', 'P2', 'P3', 'P4'] },
          { reason: '已有未完成的换画任务', count: 1, pointNos: ['P5'] },
        ],
      }),
    ).toBe(
      '已新建 1 个换画任务；跳过 5 个：点位不在投放中 4 个（P1、P2、P3 等）；已有未完成的换画任务 1 个（P5）',
    );
  });
  it('says when nothing was made or nothing matched', () => {
    expect(
      changeSummary({
        matched: 1,
        created: 0,
        taskIds: [],
        skipped: [{ reason: '已有未完成的换画任务', count: 1, pointNos: ['P5'] }],
      }),
    ).toBe('未新建换画任务；跳过 1 个：已有未完成的换画任务 1 个（P5）');
    expect(changeSummary({ matched: 0, created: 0, taskIds: [], skipped: [] })).toBe(
      '未新建换画任务：没有符合条件的点位',
    );
  });
});
