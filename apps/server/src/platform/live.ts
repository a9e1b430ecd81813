/**
 * Live pages (server-sent events fed by PostgreSQL LISTEN/NOTIFY). A module publishes an event in
 * the transaction of the write it reports (`publishLive`: `pg_notify`, so it is delivered on commit
 * and never for a write that rolled back); every API node listens on one channel and passes each
 * event to its own open streams whose user may see it: a user holding the permission of the calls
 * whose rows the topic carries (`LiveTopic.permissions`), within the module's data scope
 * (`LiveTopic.sees`, given the event's audience), so the platform knows no domain. A browser tab
 * shares one stream for all its pages' topics, so a topic the user may not receive is not refused:
 * its events are simply never sent.
 *
 * Streams are `GET /live/events?topics=…` (a contract call with a streamed result; the browser's
 * EventSource sends the session cookie). A stream holds the user as it was when it opened: when
 * rights change anywhere (NOTIFY auth_changed) every stream is closed, and the browser reconnects
 * and is authenticated again.
 */
import type { ServerResponse } from 'node:http';
import { commonCalls } from '@ec/contract';
import { sql } from 'drizzle-orm';
import { type AuthUser, hasPermission } from './access.ts';
import type { Database, Queryable } from './db/client.ts';
import { badRequest } from './errors.ts';
import { implement } from './http/implement.ts';

export const LIVE_CHANNEL = 'ec_live';
const HEARTBEAT_MS = 20_000;

/** A kind of event and who may receive it. */
export interface LiveTopic {
  name: string;
  /**
   * The permissions of the calls whose rows the events carry (a list, a worker's page): a stream's
   * user receives the events only holding one of them, as it could read the rows only then. Null
   * for events addressed to named users (`toRecipients`), which need none.
   */
  permissions: readonly string[] | null;
  /** Whether `user` may receive an event with this audience (the module's data scope, in code). */
  sees(user: AuthUser, audience: unknown): boolean;
}

/** Whether `user` may receive `topic`'s events at all: it holds one of the topic's permissions. */
const mayReceive = (topic: LiveTopic, user: AuthUser) =>
  topic.permissions === null || topic.permissions.some((p) => hasPermission(user, p));

/** The audience of an event meant for named users (a message's recipients, an export's owner). */
export interface Recipients {
  userIds: number[];
}

/** `sees` of a topic whose events name their recipients: exactly those users, nobody else. */
export const toRecipients: LiveTopic['sees'] = (user, audience) =>
  (audience as Recipients | null)?.userIds?.includes(user.id) ?? false;

/** A topic whose events are addressed to named users (`Recipients`): they need no permission. */
export const recipientsTopic = (name: string): LiveTopic => ({ name, permissions: null, sees: toRecipients });

interface LiveEvent {
  topic: string;
  data: unknown;
  audience: unknown;
}

interface Client {
  user: AuthUser;
  topics: Set<string>;
  res: ServerResponse;
}

/** Queues an event in the caller's transaction; every node's subscribers get it once it commits. */
export async function publishLive(db: Queryable, topic: string, data: unknown, audience: unknown) {
  const payload = JSON.stringify({ topic, data, audience } satisfies LiveEvent);
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`);
}

export class LiveHub {
  private readonly topics = new Map<string, LiveTopic>();
  private readonly clients = new Set<Client>();
  private heartbeat: NodeJS.Timeout | null = null;

  register(...topics: LiveTopic[]) {
    for (const t of topics) this.topics.set(t.name, t);
  }

  knows(topic: string) {
    return this.topics.has(topic);
  }

  /** Open streams on this node. */
  get size() {
    return this.clients.size;
  }

  /** Starts a stream on a raw response; it ends when the client goes or the hub closes it. */
  open(user: AuthUser, topics: string[], res: ServerResponse) {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    // Reconnect after 3 s when the stream ends; the first comment flushes the headers.
    res.write('retry: 3000\n: 已连接\n\n');
    const client: Client = { user, topics: new Set(topics), res };
    this.clients.add(client);
    res.on('close', () => this.clients.delete(client));
    if (!this.heartbeat) {
      this.heartbeat = setInterval(() => {
        for (const c of this.clients) c.res.write(': ♥\n\n');
      }, HEARTBEAT_MS);
      this.heartbeat.unref();
    }
  }

  /** One NOTIFY payload: to every stream of this node that asked for the topic and may see it. */
  deliver(payload: string) {
    let event: LiveEvent;
    try {
      event = JSON.parse(payload) as LiveEvent;
    } catch {
      return;
    }
    const topic = this.topics.get(event.topic);
    if (!topic) return;
    const frame = `event: ${event.topic}\ndata: ${JSON.stringify(event.data)}\n\n`;
    for (const c of this.clients) {
      if (c.topics.has(event.topic) && mayReceive(topic, c.user) && topic.sees(c.user, event.audience))
        c.res.write(frame);
    }
  }

  /** Ends every stream (rights changed, or the server stops); browsers reconnect. */
  closeAll() {
    for (const c of this.clients) c.res.end();
    this.clients.clear();
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }
}

/** The stream call: a signed-in user's events of the topics it names (unknown topics are refused). */
export const liveRoutes = [
  implement(commonCalls.liveEvents, ({ topics }, { user, reply, platform }) => {
    const names = [...new Set(topics.split(','))];
    const unknown = names.find((t) => !platform.live.knows(t));
    if (unknown) throw badRequest(`未知的主题：${unknown}`);
    reply.hijack();
    platform.live.open(user, names, reply.raw);
    return reply;
  }),
];

/**
 * Listens for live events and for rights changes on every node; resolves to a function that stops
 * both and ends the open streams.
 */
export async function listenLive(
  database: Pick<Database, 'listen'>,
  hub: LiveHub,
  log: { warn(msg: string): void },
): Promise<() => Promise<void>> {
  const quiet = { live: () => undefined };
  const stopEvents = await database.listen(LIVE_CHANNEL, {
    notify: (payload) => hub.deliver(payload),
    live: (listening) => {
      if (!listening) log.warn('实时事件通知连接中断，每秒尝试重连');
    },
  });
  const stopRights = await database.listen('auth_changed', { notify: () => hub.closeAll(), ...quiet });
  return async () => {
    hub.closeAll();
    await stopEvents();
    await stopRights();
  };
}
