import { PATROL_PERMISSIONS, patrolTaskCalls } from '@ec/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { usePermission } from '../../lib/access.ts';
import { ApiError, call } from '../../lib/api.ts';

/** Query keys of the patrol pages: a write invalidates ['patrol']. */
export const patrolKeys = {
  all: ['patrol'] as const,
  contents: ['patrol', 'contents'] as const,
  templates: ['patrol', 'templates'] as const,
  tasks: ['patrol', 'tasks'] as const,
  task: (id: number | null) => ['patrol', 'task', id] as const,
  notices: ['patrol', 'notices'] as const,
  notice: (id: number | null) => ['patrol', 'notice', id] as const,
};

/** The server's live topics of the patrol (modules/patrol/scope.ts): their events refresh the open pages. */
export const PATROL_LIVE_TOPICS = ['patrol.task', 'patrol.notice'] as const;

/** A refusal that means the record moved on (409) or left the user's reach (404). */
export const isStale = (e: unknown) => e instanceof ApiError && (e.status === 409 || e.status === 404);

/** Runs a write, says `done`, and refreshes every patrol list and detail (also after a stale refusal). */
export function usePatrolWrite() {
  const client = useQueryClient();
  const { message } = App.useApp();
  const invalidate = () => client.invalidateQueries({ queryKey: patrolKeys.all });
  return async <T>(write: () => Promise<T>, done?: string): Promise<T> => {
    try {
      const out = await write();
      if (done) message.success(done);
      await invalidate();
      return out;
    } catch (e) {
      if (isStale(e)) await invalidate();
      throw e;
    }
  };
}

export function useTask(id: number | null) {
  return useQuery({
    queryKey: patrolKeys.task(id),
    enabled: id !== null,
    retry: false,
    queryFn: ({ signal }) => call(patrolTaskCalls.queryDetail, { id: id! }, { signal }),
  });
}

/** What the user may do on the patrol pages (the server decides again on every call). */
export function usePatrolRights() {
  const P = PATROL_PERMISSIONS;
  return {
    editContents: usePermission(P.contentEdit),
    editTasks: usePermission(P.taskEdit),
    execute: usePermission(P.taskExecute),
    answer: usePermission(P.noticeAnswer),
    handle: usePermission(P.noticeHandle),
  };
}
