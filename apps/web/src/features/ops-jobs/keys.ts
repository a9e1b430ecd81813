/** Query keys of 定时任务: 立即执行 invalidates the list and the runs. */
export const jobKeys = {
  all: ['ops-jobs'] as const,
  list: ['ops-jobs', 'list'] as const,
  runs: ['ops-jobs', 'runs'] as const,
};
