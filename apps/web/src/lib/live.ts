import { API_PREFIX } from '@ec/contract/call';
import { commonCalls } from '@ec/contract/system';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/** Events closer together than this refresh once (a batch audit sends one per order). */
const SETTLE_MS = 300;

/**
 * Keeps a live page current: while it is open, the server's events of `topics` (server-sent events,
 * platform/live.ts on the server; only those the user may see) refresh the queries under
 * `queryKey`. The EventSource sends the session cookie and reconnects by itself.
 */
export function useLiveRefresh(topics: readonly string[], queryKey: readonly unknown[]) {
  const client = useQueryClient();
  const topicList = topics.join(',');
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(`${API_PREFIX}${commonCalls.liveEvents.path}?topics=${topicList}`);
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refresh = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        void client.invalidateQueries({ queryKey: JSON.parse(key) });
      }, SETTLE_MS);
    };
    for (const topic of topicList.split(',')) source.addEventListener(topic, refresh);
    return () => {
      if (timer) clearTimeout(timer);
      source.close();
    };
  }, [client, topicList, key]);
}
