import { type OnlineSession, onlineCalls } from '@ec/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byText, click, getByText, mount, unmountAll, until } from '../../test/dom.tsx';

/**
 * 在线用户: the sessions listed; 强制下线 asks first and ends the session only once confirmed; the
 * administrator's own session cannot be ended here.
 */

const callMock = vi.fn();
vi.mock('../../lib/api.ts', () => ({ call: (...args: unknown[]) => callMock(...args) }));
vi.mock('../../lib/session.ts', async (original) => ({
  ...(await original<typeof import('../../lib/session.ts')>()),
  useSession: () => ({ user: { permissions: ['*:*:*'], roles: ['admin'] } }),
}));

const { default: OnlinePage } = await import('./pages/OnlinePage.tsx');

const session = (over: Partial<OnlineSession>): OnlineSession => ({
  id: 1,
  userId: 1,
  username: 'admin',
  realName: '平台管理员',
  orgName: null,
  ip: '10.0.0.1',
  userAgent: 'Chrome',
  loginTime: '2026-11-29 09:00:00',
  lastSeenTime: '2026-11-29 09:10:00',
  expiresTime: '2026-11-29 11:10:00',
  current: false,
  ...over,
});
const rows = [
  session({ id: 7, username: 'admin', current: true }),
  session({
    id: 9,
    userId: 5,
    username: 'wb_admin1',
    realName: '维保管理员',
    orgName: '南宁维保公司',
    ip: '10.5.5.5',
  }),
];

beforeEach(() => {
  callMock.mockReset();
  callMock.mockImplementation(async (c) =>
    c === onlineCalls.query ? { records: rows, total: rows.length, page: 1, limit: 10 } : null,
  );
});
afterEach(unmountAll);

const page = () =>
  mount(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ConfigProvider locale={zhCN}>
        <App>
          <OnlinePage />
        </App>
      </ConfigProvider>
    </QueryClientProvider>,
  );

describe('在线用户', () => {
  it('lists the sessions and ends one only after the confirmation', async () => {
    await page();
    await until(() => getByText('南宁维保公司'));
    expect(byText('10.5.5.5')).toHaveLength(1);
    expect(byText('当前会话')).toHaveLength(1);
    expect(document.body.textContent).toContain('每 60 秒最多记录一次');

    await click(document.querySelector('[data-testid="force-logout-9"]')!);
    await until(() => getByText('该会话立即失效，对方需重新登录'));
    expect(callMock).not.toHaveBeenCalledWith(onlineCalls.forceLogout, expect.anything());
    const ok = [...document.querySelectorAll('.ant-popconfirm button')].find((b) =>
      b.textContent?.includes('强制下线'),
    )!;
    await click(ok);
    await until(() => expect(callMock).toHaveBeenCalledWith(onlineCalls.forceLogout, { id: 9 }));
    // The own session has no button that could end it.
    expect(document.querySelector('[data-testid="force-logout-7"]')).toBeNull();
    // A first render of ProTable in jsdom takes seconds on a busy machine.
  }, 20_000);
});
