import { API_PREFIX } from '@ec/contract/call';
import { commonCalls } from '@ec/contract/system';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

/** Events closer together than this refresh once (a batch audit sends one per order). */
const SETTLE_MS = 300;

/**
 * Live pages share ONE stream per browser tab (server-sent events, platform/live.ts on the server;
 * only the events the user may see). The console keeps visited pages alive in hidden tabs, and a
 * browser opens at most six connections to one server: a stream per page would soon leave none for
 * the pages' own requests. The stream carries the union of the topics the open pages listen to; when
 * that set changes it is opened again with the new set, and every listener is told it may have
 * missed events meanwhile (`onReconnect`), as after a network break. The EventSource sends the
 * session cookie and reconnects by itself.
 */
export interface Listener {
  topic: string;
  onData(data: unknown): void;
  onReconnect?(): void;
  /** Whether a stream carrying its topic has been open since it subscribed. */
  opened: boolean;
}

const listeners = new Set<Listener>();
let source: EventSource | null = null;
let sourceTopics = '';
let pending: ReturnType<typeof setTimeout> | null = null;

function openStream(topics: string) {
  const next = new EventSource(`${API_PREFIX}${commonCalls.liveEvents.path}?topics=${topics}`);
  next.addEventListener('open', () => {
    for (const l of listeners) {
      if (!topics.split(',').includes(l.topic)) continue;
      if (l.opened) l.onReconnect?.();
      l.opened = true;
    }
  });
  for (const topic of topics.split(','))
    next.addEventListener(topic, (e) => {
      let data: unknown;
      try {
        data = JSON.parse((e as MessageEvent<string>).data);
      } catch {
        return;
      }
      for (const l of listeners) if (l.topic === topic) l.onData(data);
    });
  return next;
}

/** Re-opens the shared stream for the topics now listened to (once per burst of (un)subscriptions). */
function sync() {
  if (pending) return;
  pending = setTimeout(() => {
    pending = null;
    const topics = [...new Set([...listeners].map((l) => l.topic))].sort().join(',');
    if (topics === sourceTopics) return;
    source?.close();
    sourceTopics = topics;
    source = topics ? openStream(topics) : null;
  }, 0);
}

/** Adds a listener to the shared stream; the answer removes it. (The hooks below use it.) */
export function subscribeLive(listener: Listener) {
  listeners.add(listener);
  sync();
  return () => {
    listeners.delete(listener);
    sync();
  };
}

/**
 * Every event of `topic` while the component is mounted, its data parsed (`onData`); `onReconnect`
 * when events may have been missed (the stream came back after a break, or was reopened).
 */
export function useLiveEvents(topic: string, onData: (data: unknown) => void, onReconnect?: () => void) {
  const handlers = useRef({ onData, onReconnect });
  handlers.current = { onData, onReconnect };
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    return subscribeLive({
      topic,
      opened: false,
      onData: (data) => handlers.current.onData(data),
      onReconnect: () => handlers.current.onReconnect?.(),
    });
  }, [topic]);
}

/**
 * Keeps a live page current: while it is open, the events of `topics` refresh the queries under
 * `queryKey` (and so does a reconnection, which may have missed some).
 */
export function useLiveRefresh(topics: readonly string[], queryKey: readonly unknown[]) {
  const client = useQueryClient();
  const topicList = topics.join(',');
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refresh = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        void client.invalidateQueries({ queryKey: JSON.parse(key) });
      }, SETTLE_MS);
    };
    const unsubscribe = topicList
      .split(',')
      .map((topic) => subscribeLive({ topic, opened: false, onData: refresh, onReconnect: refresh }));
    return () => {
      if (timer) clearTimeout(timer);
      for (const u of unsubscribe) u();
    };
  }, [client, topicList, key]);
}
