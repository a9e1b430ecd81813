import { authCalls, fileCalls, paramCalls } from '@ec/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call, download, setUnauthorizedHandler, upload } from './api.ts';
import { removeToken, setToken } from './cookies.ts';
import { registerMessage } from './feedback.ts';

const shown: string[] = [];
const fetchMock = vi.fn<typeof fetch>();

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  shown.length = 0;
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  registerMessage({
    error: ((text: string) => {
      shown.push(String(text));
    }) as never,
    success: (() => undefined) as never,
    warning: (() => undefined) as never,
  });
  removeToken();
});
afterEach(() => vi.unstubAllGlobals());

const lastRequest = () => {
  const [url, init] = fetchMock.mock.calls.at(-1)!;
  return { url: String(url), init: init! };
};

describe('request building', () => {
  it('GET puts input in the query string with the prefix, bearer token and user-type 1', async () => {
    setToken('tok-1');
    fetchMock.mockResolvedValue(json(200, { code: 200, resultMsg: 'success', data: '5' }));
    await expect(call(paramCalls.getValue, { configKey: 'tempFileSize' })).resolves.toBe('5');
    const { url, init } = lastRequest();
    expect(url).toBe('/monitor/api/pc/sysParam/getValue?configKey=tempFileSize');
    expect(init.method).toBe('GET');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok-1', 'user-type': '1' });
    expect(init.body).toBeUndefined();
  });

  it('sends no Authorization header without a token', async () => {
    fetchMock.mockResolvedValue(json(200, { code: 200, resultMsg: 'success', data: [] }));
    await call(authCalls.getMenuList);
    expect(lastRequest().init.headers).not.toHaveProperty('Authorization');
  });

  it('form-encodes the login call', async () => {
    fetchMock.mockResolvedValue(json(200, { code: 200, resultMsg: 'success', data: { access_token: 'x' } }));
    await call(authCalls.login, { grant_type: 'password', username: 'admin', password: 'a'.repeat(64) });
    const { url, init } = lastRequest();
    expect(url).toBe('/monitor/api/oauth/token');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(init.body).toBe(`grant_type=password&username=admin&password=${'a'.repeat(64)}`);
  });

  it('sends JSON bodies for POST and joins id lists for DELETE', async () => {
    fetchMock.mockImplementation(async () => json(200, { code: 200, resultMsg: 'success', data: null }));
    await call(authCalls.editPhone, { phone: '13800000000', smsCode: '123456' });
    expect(JSON.parse(String(lastRequest().init.body))).toEqual({ phone: '13800000000', smsCode: '123456' });
    await call(paramCalls.delete, { ids: [1, 2, 3] });
    expect(lastRequest().url).toBe('/monitor/api/pc/sysParam/delete?ids=1%2C2%2C3');
  });

  it('uploads files as multipart field `file`', async () => {
    fetchMock.mockResolvedValue(json(200, { code: 200, resultMsg: 'success', data: { id: 'f' } }));
    await upload(fileCalls.upload, new File(['x'], 'a.png', { type: 'image/png' }));
    const body = lastRequest().init.body as FormData;
    expect((body.get('file') as File).name).toBe('a.png');
  });
});

describe('error handling', () => {
  it('shows resultMsg of a refused call for 3 s and rejects with ApiError', async () => {
    fetchMock.mockResolvedValue(json(400, { code: 400, resultMsg: '用户名或密码错误', requestId: 'r1' }));
    const err = await call(authCalls.getMenuList).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(400);
    expect(shown).toEqual(['用户名或密码错误']);
  });

  it('falls back to description, then message, then the status text', async () => {
    fetchMock.mockResolvedValueOnce(json(500, { description: '描述' }));
    await call(authCalls.getMenuList).catch(() => undefined);
    fetchMock.mockResolvedValueOnce(json(500, { message: '消息' }));
    await call(authCalls.getMenuList).catch(() => undefined);
    fetchMock.mockResolvedValueOnce(new Response('oops', { status: 502 }));
    await call(authCalls.getMenuList).catch(() => undefined);
    expect(shown).toEqual(['描述', '消息', 'Request failed with status code 502']);
  });

  it('swallows body codes 510 and 511 without a message', async () => {
    // Each call must be refused (a silent ApiError), not resolved: a resolved call would also show nothing.
    fetchMock.mockResolvedValueOnce(json(200, { code: 510, resultMsg: 'ignored' }));
    await expect(call(authCalls.getMenuList)).rejects.toMatchObject({
      name: 'ApiError',
      code: 510,
      silent: true,
    });
    fetchMock.mockResolvedValueOnce(json(200, { code: 511, resultMsg: 'ignored' }));
    await expect(call(authCalls.getMenuList)).rejects.toMatchObject({
      name: 'ApiError',
      code: 511,
      silent: true,
    });
    expect(shown).toEqual([]);
  });

  it('does not show a message when the caller asks for silence', async () => {
    fetchMock.mockResolvedValueOnce(json(409, { code: 409, resultMsg: '冲突' }));
    const err = await call(authCalls.getMenuList, {}, { silent: true }).then(
      () => 'resolved',
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(409);
    expect((err as ApiError).message).toBe('冲突');
    expect(shown).toEqual([]);
    // The same refusal without silence is shown, so the empty list above is the option's doing.
    fetchMock.mockResolvedValueOnce(json(409, { code: 409, resultMsg: '冲突' }));
    await expect(call(authCalls.getMenuList)).rejects.toBeInstanceOf(ApiError);
    expect(shown).toEqual(['冲突']);
  });

  it('sends a 401 to the unauthorized handler', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    fetchMock.mockResolvedValue(json(401, { code: 401, resultMsg: '登录已过期，请重新登录' }));
    await call(authCalls.getUserInfo).catch(() => undefined);
    expect(handler).toHaveBeenCalledOnce();
    expect(shown).toEqual(['登录已过期，请重新登录']);
  });

  it('rejects silently with the abort when the caller aborts while the body is read', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(async () => {
      controller.abort();
      return new Response('{"code":200,"da', { status: 200 });
    });
    await expect(
      call(paramCalls.getValue, { configKey: 'x' }, { signal: controller.signal }),
    ).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(shown).toEqual([]);
  });

  it('reports a network failure in Chinese', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await call(authCalls.getMenuList).catch(() => undefined);
    expect(shown).toEqual(['网络异常，请检查网络连接']);
  });

  it('times out after the given time', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    await call(authCalls.getMenuList, {}, { timeoutMs: 20 }).catch(() => undefined);
    expect(shown[0]).toMatch(/请求超时/);
  });
});

describe('downloads', () => {
  it('reads resultMsg from an error body', async () => {
    fetchMock.mockResolvedValue(json(404, { code: 404, resultMsg: '文件不存在' }));
    await download(fileCalls.showFile, { id: '00000000-0000-4000-8000-000000000000' }).catch(() => undefined);
    expect(shown).toEqual(['文件不存在']);
  });

  it('returns the blob with the server file name and reports progress', async () => {
    fetchMock.mockResolvedValue(
      new Response('abcdef', {
        status: 200,
        headers: {
          'content-type': 'application/pdf',
          'content-length': '6',
          'content-disposition': "attachment; filename*=UTF-8''%E6%8A%A5%E5%91%8A.pdf",
        },
      }),
    );
    const progress: number[] = [];
    const file = await download(
      fileCalls.showFile,
      { id: '00000000-0000-4000-8000-000000000000' },
      { onProgress: (n) => progress.push(n) },
    );
    expect(file.fileName).toBe('报告.pdf');
    expect(file.blob.size).toBe(6);
    expect(progress.at(-1)).toBe(6);
  });
});
