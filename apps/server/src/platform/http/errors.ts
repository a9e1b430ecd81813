import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

interface Refusal {
  status: number;
  message: string;
}

/** Fastify's and its plugins' own refusals, in Chinese. */
function frameworkRefusal(err: FastifyError): Refusal | undefined {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, message: '请求内容过大' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, message: '不支持的请求内容类型' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, message: '请求体不是合法的 JSON' };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, message: '请求长度不正确' };
    case 'FST_REQ_FILE_TOO_LARGE':
      return { status: 413, message: '文件大小超过10M' };
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return { status: 400, message: '只允许上传一张图片或者一个附件' };
    case 'FST_FIELDS_LIMIT':
      return { status: 400, message: '表单字段过多' };
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return { status: 415, message: '请以 multipart/form-data 上传文件' };
  }
  // The multipart parser's own complaints about a body that is not what its header says.
  if (/^(Multipart: |Unexpected end of multipart data|Malformed part header)/.test(err.message ?? '')) {
    return { status: 400, message: '上传内容格式不正确' };
  }
  if (err.statusCode === 429) return { status: 429, message: '请求过于频繁，请稍后再试' };
  if (err instanceof SyntaxError || err.statusCode === 400) return { status: 400, message: '请求格式不正确' };
  return undefined;
}

/**
 * PostgreSQL's data exceptions that only a client's value can cause (a number past a column's range,
 * a character the encoding cannot hold, a malformed date): the shared field schemas refuse these
 * first, with a field-named message; this is the net under them, so that none becomes a 500.
 */
const CLIENT_DATA_ERRORS = new Set(['22003', '22021', '22P05', '22007', '22008', '22P02']);

function databaseRefusal(err: unknown): Refusal | undefined {
  // drizzle wraps the driver's error: its code is on the cause.
  const codes = [err, (err as { cause?: unknown })?.cause].map((e) => (e as { code?: unknown })?.code);
  return codes.some((c) => typeof c === 'string' && CLIENT_DATA_ERRORS.has(c))
    ? { status: 400, message: '请求参数超出允许的范围或格式不正确' }
    : undefined;
}

/**
 * Node's own refusals, before Fastify sees a request (a header or URL over the limit, a malformed
 * request line), answered in the envelope too instead of a bare "400 Bad Request".
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket) {
  if (!socket.writable) return socket.destroy();
  const [status, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, '请求头或地址过长']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, '请求超时，请重试']
        : [400, '请求格式不正确'];
  const body = JSON.stringify({ code: status, resultMsg: message });
  const reason =
    status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Every refusal leaves as the envelope with a Chinese message and the request id; no stack, no SQL. */
export function installErrorHandling(app: FastifyInstance) {
  app.addHook('onRequest', async (req, reply) => {
    reply.header('X-Request-Id', req.id);
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    let refusal: Refusal | undefined;
    let errors: AppError['errors'];
    if (err instanceof AppError) {
      refusal = { status: err.status, message: err.message };
      errors = err.errors;
    } else {
      refusal = frameworkRefusal(err);
      if (!refusal) {
        refusal = databaseRefusal(err);
        if (refusal) req.log.warn({ err }, 'the database refused a value the schemas let through');
      }
    }
    if (!refusal) {
      req.log.error({ err }, 'unhandled error');
      refusal = { status: 500, message: `服务器内部错误，请稍后重试（请求编号 ${req.id}）` };
    }
    req.failureMessage = refusal.message;
    reply
      .status(refusal.status)
      .type('application/json; charset=utf-8')
      .send({
        code: refusal.status,
        resultMsg: refusal.message,
        requestId: req.id,
        ...(errors ? { errors } : {}),
      });
  });

  app.setNotFoundHandler((req, reply) => {
    reply
      .status(404)
      .type('application/json; charset=utf-8')
      .send({
        code: 404,
        resultMsg: `接口不存在：${req.method} ${req.url.split('?')[0].slice(0, 200)}`,
        requestId: req.id,
      });
  });
}
