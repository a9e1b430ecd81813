import type { Call, CallOutput, CallParsedInput } from '@ec/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../access.ts';
import type { Platform } from '../platform.ts';

export interface HandlerContext<Signed extends boolean = true> {
  user: Signed extends true ? AuthUser : AuthUser | null;
  req: FastifyRequest;
  reply: FastifyReply;
  platform: Platform;
}

export type Handler<C extends Call> = (
  input: CallParsedInput<C>,
  ctx: HandlerContext,
) => Promise<CallOutput<C> | FastifyReply> | CallOutput<C>;

export interface Implementation {
  call: Call;
  handler: Handler<Call>;
}

/** Binds a handler to a contract call; modules return a list of these. */
export function implement<C extends Call>(call: C, handler: Handler<C>): Implementation {
  return { call, handler: handler as unknown as Handler<Call> };
}
