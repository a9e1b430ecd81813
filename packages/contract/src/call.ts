import type { z } from 'zod';

/**
 * One declaration per HTTP call. The server binds a handler to it, the web client calls it by
 * reference and the OpenAPI document is generated from it.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Anyone may call it, no token needed. */
export const PUBLIC = 'public';
/** Any signed-in user may call it. */
export const SIGNED_IN = 'signed-in';
/**
 * Only a partner system's API key opens it (the `X-Api-Key` header, with the call's `apiKeyScope`);
 * a console session does not (ops/api-keys.ts).
 */
export const API_KEY_ONLY = 'api-key';
/** The permission that grants every other one. */
export const ALL_PERMISSIONS = '*:*:*';

export interface Call<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  /** Catalogue domain, e.g. 'auth', 'shared', 'param'. */
  domain: string;
  method: HttpMethod;
  /** Path below /monitor/api, catalogue spelling, path parameters as {name}. */
  path: string;
  /** PUBLIC, SIGNED_IN or a permission string such as 'system:param:edit'. */
  permission: string;
  /** Chinese one-line description, shown in the operation log and the API document. */
  summary: string;
  /** Query string for GET and DELETE, body for POST and PUT, merged with path parameters. */
  input: I;
  /** The `data` of the envelope (ignored for file results). */
  output: O;
  /** How the body is encoded; json unless stated. */
  encoding?: 'json' | 'form' | 'multipart';
  /** 'file' for downloads and inline documents; the body is the file, not an envelope. */
  result?: 'json' | 'file';
  /** Most multipart files the call accepts (default 1). */
  maxFiles?: number;
  /**
   * A query sent as POST (its filters travel in the body): it changes nothing, so it is not an
   * operation-log entry. Every other POST, PUT and DELETE is.
   */
  reads?: boolean;
  /** A sign-in or code call: rate-limited per IP. */
  rateLimited?: boolean;
  /**
   * The API-key scope (ops/api-keys.ts API_KEY_SCOPES) with which a partner system may make this call:
   * a request carrying `X-Api-Key` is authenticated by the key instead of a session (401 unknown,
   * revoked or expired; 403 without the scope; 429 past the key's rate), and logged as the key's use.
   */
  apiKeyScope?: 'iot:ingest' | 'elevator:read';
}

/** A call that may change something: not a GET, nor a POST query marked `reads`. */
export const isWrite = (call: Pick<Call, 'method' | 'reads'>) => call.method !== 'GET' && !call.reads;

export function defineCall<I extends z.ZodType, O extends z.ZodType>(call: Call<I, O>): Call<I, O> {
  return call;
}

export type CallInput<C extends Call> = z.input<C['input']>;
export type CallParsedInput<C extends Call> = z.output<C['input']>;
export type CallOutput<C extends Call> = z.output<C['output']>;

export const API_PREFIX = '/monitor/api';

/** Fills {name} path parameters; returns the path and the input fields that were not used. */
export function fillPath(
  path: string,
  input: Record<string, unknown>,
): { path: string; rest: Record<string, unknown> } {
  const rest = { ...input };
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    if (value === undefined || value === null || value === '') throw new Error(`缺少路径参数 ${name}`);
    return encodeURIComponent(String(value));
  });
  return { path: filled, rest };
}
