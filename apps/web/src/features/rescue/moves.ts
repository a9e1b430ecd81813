import type { RescueCaseDetail } from '@ec/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { type Board, boardEvent } from './board-state.ts';
import { rescueKeys } from './queries.ts';

/**
 * A case's moves from the console: each answer (the case as it is now) replaces the detail and the
 * board's row at once; a 409 (another agent or the rescuer was faster) has shown the server's message
 * and reloads the case and the board.
 */
export function useCaseMoves() {
  const client = useQueryClient();
  const { message } = App.useApp();
  const [busy, setBusy] = useState<string | null>(null);

  const show = useCallback(
    (c: RescueCaseDetail) => {
      client.setQueryData(rescueKeys.detail(c.id), c);
      client.setQueriesData<Board>({ queryKey: rescueKeys.board }, (b) => (b ? boardEvent(b, c) : b));
      void client.invalidateQueries({ queryKey: rescueKeys.list });
    },
    [client],
  );

  const reload = useCallback(
    (id: number) => {
      void client.invalidateQueries({ queryKey: rescueKeys.detail(id) });
      void client.invalidateQueries({ queryKey: rescueKeys.board });
    },
    [client],
  );

  const run = useCallback(
    async (name: string, id: number, send: () => Promise<RescueCaseDetail>, done?: string) => {
      if (busy) return null;
      setBusy(name);
      try {
        const c = await send();
        show(c);
        if (done) message.success(done);
        return c;
      } catch (e) {
        if (e instanceof ApiError && (e.status === 409 || e.status === 404)) reload(id);
        return null;
      } finally {
        setBusy(null);
      }
    },
    [busy, show, reload, message],
  );

  return { run, busy, show, reload };
}
