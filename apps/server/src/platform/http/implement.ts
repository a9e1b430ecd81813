import type { Call, CallOutput, CallParsedInput } from '@ec/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../access.ts';
import type { Queryable } from '../db/client.ts';
import type { Platform } from '../platform.ts';

export interface HandlerContext<Signed extends boolean = true> {
  user: Signed extends true ? AuthUser : AuthUser | null;
  req: FastifyRequest;
  reply: FastifyReply;
  platform: Platform;
  /**
   * Where the handler's queries run: the call's transaction when it was implemented with
   * `{ tx: true }`, else the database itself.
   */
  db: Queryable;
}

export type Handler<C extends Call> = (
  input: CallParsedInput<C>,
  ctx: HandlerContext,
) => Promise<CallOutput<C> | FastifyReply> | CallOutput<C>;

export interface ImplementOptions {
  /**
   * Runs the handler in one transaction (`ctx.db`): everything it writes commits together or not at
   * all, and its row locks hold until it returns. Give it to every call that writes more than one
   * statement or decides a write from a locked read.
   */
  tx?: boolean;
}

export interface Implementation {
  call: Call;
  handler: Handler<Call>;
  options: ImplementOptions;
}

/** Binds a handler to a contract call; modules return a list of these. */
export function implement<C extends Call>(
  call: C,
  handler: Handler<C>,
  options: ImplementOptions = {},
): Implementation {
  return { call, handler: handler as unknown as Handler<Call>, options };
}
