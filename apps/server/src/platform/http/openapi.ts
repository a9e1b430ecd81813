import {
  API_KEY_HEADER,
  API_KEY_ONLY,
  API_PREFIX,
  allCalls,
  type Call,
  PUBLIC,
  SIGNED_IN,
} from '@ec/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

function schemaOf(type: z.ZodType, io: 'input' | 'output') {
  try {
    return z.toJSONSchema(type, { io, unrepresentable: 'any' });
  } catch {
    return {};
  }
}

/**
 * Who may call: a session (bearer), a partner's API key in X-Api-Key (calls with an `apiKeyScope`),
 * or anyone (`{}`, a public call).
 */
function securityOf(call: Call): Record<string, string[]>[] {
  const key = call.apiKeyScope ? [{ apiKey: [call.apiKeyScope] }] : [];
  if (call.permission === API_KEY_ONLY) return key;
  if (call.permission === PUBLIC) return key.length ? [{}, ...key] : [];
  return [{ bearer: [] }, ...key];
}

/** The OpenAPI 3.1 document of every declared call, generated from the contract. */
export function openApiDocument(calls: Call[] = allCalls) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const call of calls) {
    const url = API_PREFIX + call.path;
    const input = schemaOf(call.input, 'input') as {
      properties?: Record<string, unknown>;
      required?: string[];
    };
    const pathParams = [...call.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const inQuery = call.method === 'GET' || call.method === 'DELETE' || call.encoding === 'multipart';
    const parameters = Object.entries(input.properties ?? {})
      .filter(([name]) => inQuery || pathParams.includes(name))
      .map(([name, schema]) => ({
        name,
        in: pathParams.includes(name) ? 'path' : 'query',
        required: pathParams.includes(name) || (input.required ?? []).includes(name),
        schema,
      }));
    const operation: Record<string, unknown> = {
      summary: call.summary,
      tags: [call.domain],
      'x-permission': call.permission,
      ...(call.apiKeyScope ? { 'x-api-key-scope': call.apiKeyScope } : {}),
      security: securityOf(call),
      parameters,
      responses: {
        200:
          call.result === 'file'
            ? { description: '文件', content: { 'application/octet-stream': {} } }
            : {
                description: call.permission === SIGNED_IN ? '成功（需登录）' : '成功',
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: {
                        code: { const: 200 },
                        resultMsg: { type: 'string' },
                        data: schemaOf(call.output, 'output'),
                      },
                    },
                  },
                },
              },
        default: { description: '拒绝：{code, resultMsg, requestId}' },
      },
    };
    if (!inQuery) {
      const media =
        call.encoding === 'form'
          ? 'application/x-www-form-urlencoded'
          : call.encoding === 'multipart'
            ? 'multipart/form-data'
            : 'application/json';
      operation.requestBody = { required: true, content: { [media]: { schema: input } } };
    }
    paths[url.replace(/\{(\w+)\}/g, '{$1}')] ??= {};
    paths[url][call.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { title: '电梯云监管平台 API', version: '1.0.0' },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        apiKey: {
          type: 'apiKey',
          in: 'header',
          name: API_KEY_HEADER,
          description:
            '合作方系统的 API 密钥（运维中心 → API 密钥签发）；x-api-key-scope 为接口所需的权限范围',
        },
      },
    },
    paths,
  };
}

export function registerOpenApi(app: FastifyInstance) {
  let cached: unknown;
  app.get(`${API_PREFIX}/docs`, async () => {
    cached ??= openApiDocument();
    return cached;
  });
}
