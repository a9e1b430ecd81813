import type { SessionUser } from '@ec/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { removeToken, setToken } from './cookies.ts';
import { registerMessage } from './feedback.ts';
import { sessionStore } from './session.ts';
import { loadSession } from './session-load.ts';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const user = (mustChangePassword: boolean): SessionUser => ({
  userId: 7,
  username: 'temp_user',
  name: '临时用户',
  avatar: null,
  introduction: null,
  roles: ['admin'],
  roleCode: 'admin',
  roleName: '平台管理员',
  roleType: null,
  dataScope: 'all',
  areaCodes: [],
  permissions: [],
  userType: 'platform',
  companyId: null,
  companyName: null,
  telephone: null,
  validSign: true,
  filingState: 3,
  needIntercept: false,
  mustChangePassword,
});

/** The server as it answers a temporary password: the user info, and 403 for everything else. */
function serverFor(info: SessionUser) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.includes('/pc/sysUser/getUserInfo'))
      return json(200, { code: 200, resultMsg: 'success', data: info });
    if (info.mustChangePassword)
      return json(403, { code: 403, resultMsg: '您正在使用临时密码，请先修改密码后再使用系统' });
    if (url.includes('/pc/sysMenu/getMenuList'))
      return json(200, { code: 200, resultMsg: 'success', data: [] });
    if (url.includes('/pc/sysUser/filingStatus'))
      return json(200, { code: 200, resultMsg: 'success', data: { needIntercept: false, filingState: 3 } });
    return json(200, { code: 200, resultMsg: 'success', data: url.includes('Logo') ? { records: [] } : [] });
  });
}

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  registerMessage({
    error: (() => undefined) as never,
    success: (() => undefined) as never,
    warning: (() => undefined) as never,
  });
  setToken('tok-temp');
  unhandled.length = 0;
  process.on('unhandledRejection', onUnhandled);
});
afterEach(() => {
  process.off('unhandledRejection', onUnhandled);
  vi.unstubAllGlobals();
  removeToken();
});

describe('loading the session', () => {
  it('keeps a user with a temporary password to the user info, without failing on the refused calls', async () => {
    serverFor(user(true));
    const session = await loadSession();
    expect(session.user?.mustChangePassword).toBe(true);
    expect(session.menus).toEqual([]);
    expect(sessionStore.get().user?.username).toBe('temp_user');
    await new Promise((r) => setTimeout(r, 20));
    expect(unhandled).toEqual([]);
  });

  it('loads the full session otherwise', async () => {
    serverFor(user(false));
    const session = await loadSession();
    expect(session.user?.mustChangePassword).toBe(false);
    expect(fetchMock.mock.calls.map(([u]) => String(u)).some((u) => u.includes('getMenuList'))).toBe(true);
  });
});
