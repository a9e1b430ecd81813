/** A client of the live stream (GET /live/events) that collects its events. */
export interface LiveStream {
  status: number;
  events: { event: string; data: Record<string, unknown> }[];
  ended(): boolean;
  close(): void;
}

export async function openStream(baseUrl: string, token: string | null, topics: string): Promise<LiveStream> {
  const ac = new AbortController();
  const res = await fetch(`${baseUrl}/monitor/api/live/events?topics=${encodeURIComponent(topics)}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: ac.signal,
  });
  const events: LiveStream['events'] = [];
  let ended = false;
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
    void (async () => {
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.*)$/m.exec(frame)?.[1];
            const data = /^data: (.*)$/m.exec(frame)?.[1];
            if (event && data) events.push({ event, data: JSON.parse(data) });
          }
        }
      } catch {
        // aborted by close()
      }
      ended = true;
    })();
  } else {
    ended = true;
  }
  return { status: res.status, events, ended: () => ended, close: () => ac.abort() };
}

/** Waits until `check` holds (or fails after `ms`). */
export async function until(check: () => boolean, ms = 5000, what = 'the condition') {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
