import type { JobRow } from '@ec/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { byText, mount, unmountAll } from '../../../test/dom.tsx';
import { formatDuration, JobStatus } from './JobPage.tsx';

/** 定时任务's status tag and durations. */
const job = (over: Partial<JobRow>): JobRow => ({
  name: 'x',
  label: '测试任务',
  everyMs: 15_000,
  schedule: '每 15 秒',
  running: false,
  lastRunTime: null,
  lastOutcome: null,
  lastError: null,
  lastDurationMs: null,
  failStreak: 0,
  ...over,
});

describe('定时任务 status', () => {
  afterEach(unmountAll);

  it('says 未执行, 成功, 失败 with the streak, and 执行中 first', async () => {
    await mount(<JobStatus job={job({})} />);
    expect(byText('未执行')).toHaveLength(1);
    await mount(<JobStatus job={job({ lastOutcome: 'ok' })} />);
    expect(byText('成功')).toHaveLength(1);
    await mount(<JobStatus job={job({ lastOutcome: 'failed', failStreak: 1, lastError: 'boom' })} />);
    expect(byText('失败')).toHaveLength(1);
    await mount(<JobStatus job={job({ lastOutcome: 'failed', failStreak: 3 })} />);
    expect(byText('失败（连续 3 次）')).toHaveLength(1);
    await mount(<JobStatus job={job({ lastOutcome: 'failed', failStreak: 3, running: true })} />);
    expect(byText('执行中')).toHaveLength(1);
  });

  it('formats durations in Chinese', () => {
    expect(formatDuration(350)).toBe('350 毫秒');
    expect(formatDuration(1200)).toBe('1.2 秒');
    expect(formatDuration(3000)).toBe('3 秒');
    expect(formatDuration(125_000)).toBe('2 分 5 秒');
  });
});
