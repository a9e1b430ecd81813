import { maintenanceUnitCalls, paramCalls } from '@ec/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { act, type ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byText, click, getByText, mount, unmountAll, until } from '../test/dom.tsx';

const callMock = vi.fn();
vi.mock('../lib/api.ts', () => ({ call: (...args: unknown[]) => callMock(...args) }));

const { ContractTable } = await import('./ContractTable.tsx');
const { URL_FILTERS } = await import('./url-filters.ts');
type Ctx = import('./ContractTable.tsx').TableContext<Row>;

interface Row {
  id: number;
  name: string;
}

function table(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return mount(
    <QueryClientProvider client={client}>
      <ConfigProvider locale={zhCN}>
        <App>{node}</App>
      </ConfigProvider>
    </QueryClientProvider>,
  );
}

/** The location a list under test is at, and a link that opens its page again. */
let shownUrl = '';
function Url() {
  const location = useLocation();
  shownUrl = `${location.pathname}${location.search}`;
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate('/list?kind=1&maintenanceCompanyId=7')}>
      再次打开
    </button>
  );
}

beforeEach(() => {
  callMock.mockReset();
  callMock.mockResolvedValue({
    records: [
      { id: 3, name: '甲参数' },
      { id: 5, name: '乙参数' },
    ],
    total: 2,
  });
});
afterEach(unmountAll);

describe('ContractTable', () => {
  it('asks its call for page 1 of 10 with the fixed input, and shows the rows and the total', async () => {
    await table(
      <ContractTable<Row>
        call={paramCalls.query}
        params={{ name: '固定' }}
        queryKey={['test']}
        columns={[{ title: '名称', dataIndex: 'name' }]}
        search={false}
      />,
    );
    await until(() => getByText('乙参数'));
    expect(byText('甲参数')).toHaveLength(1);
    expect(byText('共 2 条')).toHaveLength(1);
    expect(callMock).toHaveBeenCalledWith(
      paramCalls.query,
      { name: '固定', page: 1, limit: 10 },
      expect.objectContaining({ silent: false }),
    );
  });

  it('查询 asks the server again with unchanged filters, and marks the call in flight and its answer', async () => {
    let answer: (page: unknown) => void = () => {};
    await table(
      <ContractTable<Row>
        call={paramCalls.query}
        queryKey={['test']}
        columns={[{ title: '名称', dataIndex: 'name' }]}
        testId="list"
      />,
    );
    await until(() => getByText('乙参数'));
    const list = document.querySelector('[data-testid="list"]') as HTMLElement;
    expect(list.dataset.listState).toBe('idle');
    const first = Number(list.dataset.listAnswered);
    expect(first).toBeGreaterThan(0);
    callMock.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    await click(getByText('查 询'));
    await until(() => expect(list.dataset.listState).toBe('loading'));
    expect(callMock).toHaveBeenCalledTimes(2);
    await act(async () => answer({ records: [{ id: 7, name: '丙参数' }], total: 1 }));
    await until(() => getByText('丙参数'));
    expect(list.dataset.listState).toBe('idle');
    expect(Number(list.dataset.listAnswered)).toBeGreaterThanOrEqual(first);
  });

  it('gives the batch bar the selected ids, and warns instead when nothing is selected', async () => {
    const seen: (number[] | null)[] = [];
    await table(
      <ContractTable<Row>
        call={paramCalls.query}
        queryKey={['test']}
        columns={[{ title: '名称', dataIndex: 'name' }]}
        search={false}
        selectable
        headerTitle={(ctx: Ctx) => (
          <button type="button" onClick={() => seen.push(ctx.requireIds())}>
            批量
          </button>
        )}
      />,
    );
    await until(() => getByText('乙参数'));
    await click(getByText('批量'));
    await until(() => getByText('请先选择要操作的数据'));
    const row = getByText('乙参数').closest('tr');
    await click(row!.querySelector('input[type="checkbox"]')!);
    await click(getByText('批量'));
    expect(seen).toEqual([null, [5]]);
  });

  describe('filters from the URL', () => {
    const KINDS = { 1: '困人', 2: '故障' };
    const columns = [
      { title: '名称', dataIndex: 'name', hideInSearch: true },
      { title: '类型', dataIndex: 'kind', valueType: 'select' as const, valueEnum: { 1: '困人', 2: '故障' } },
    ];
    const urlFilters = [
      URL_FILTERS.select('kind', '类型', KINDS),
      URL_FILTERS.month(),
      URL_FILTERS.maintenanceCompany(),
    ];
    /** The list's input of its last call (the company names' call left out). */
    const lastInput = () =>
      callMock.mock.calls.filter(([c]) => c === paramCalls.query).at(-1)?.[1] as Record<string, unknown>;
    const listAt = (url: string) =>
      table(
        <MemoryRouter initialEntries={[url]}>
          <Url />
          <ContractTable<Row>
            call={paramCalls.query}
            queryKey={['test']}
            columns={columns}
            urlFilters={urlFilters}
            testId="list"
          />
        </MemoryRouter>,
      );

    beforeEach(() => {
      callMock.mockImplementation(async (c: unknown) =>
        c === maintenanceUnitCalls.selectAllSimpleMaintenanceList
          ? [{ id: 12, name: '甲维保公司' }]
          : { records: [{ id: 3, name: '甲参数' }], total: 1 },
      );
    });

    it('fills the form with its fields, sends the others and shows them above the list; drops malformed ones', async () => {
      await listAt('/list?kind=2&month=2026-13&maintenanceCompanyId=12&areaCode=450103');
      await until(() => getByText('甲参数'));
      // From the first call on: the form's kind, the pinned company; no malformed month, no undeclared area.
      const lists = callMock.mock.calls.filter(([c]) => c === paramCalls.query);
      expect(lists.map(([, input]) => input)).toEqual([
        { kind: '2', maintenanceCompanyId: 12, page: 1, limit: 10 },
      ]);
      // The form shows 故障 (the select's option), and opened expanded.
      expect(document.querySelector('.ant-pro-query-filter .ant-select-selection-item')?.textContent).toBe(
        '故障',
      );
      // The notice names the company.
      const notice = document.querySelector('[data-testid="url-filters"]');
      expect(notice?.textContent).toContain('按统计图表筛选');
      await until(() => expect(notice?.textContent).toContain('维保单位：甲维保公司'));
      expect(notice?.textContent).not.toContain('月份');
    });

    it("清除 drops the pinned filters from the list and the URL, keeping the form's", async () => {
      await listAt('/list?kind=1&maintenanceCompanyId=12');
      await until(() => getByText('甲参数'));
      await click(getByText('清除'));
      await until(() => expect(lastInput()).toEqual({ kind: '1', page: 1, limit: 10 }));
      expect(document.querySelector('[data-testid="url-filters"]')).toBeNull();
      expect(shownUrl).toBe('/list?kind=1');
    });

    it('重置 empties the form a link filled, and the list with it', async () => {
      await listAt('/list?kind=1');
      await until(() => getByText('甲参数'));
      expect(lastInput()).toEqual({ kind: '1', page: 1, limit: 10 });
      await click(getByText('重置'));
      await until(() => expect(lastInput()).toEqual({ page: 1, limit: 10 }));
      expect(document.querySelector('.ant-pro-query-filter .ant-select-selection-item')).toBeNull();
    });

    it('a later link to the page (kept alive) applies its filters anew', async () => {
      await listAt('/list?kind=2');
      await until(() => getByText('甲参数'));
      await click(getByText('再次打开'));
      await until(() =>
        expect(lastInput()).toEqual({ kind: '1', maintenanceCompanyId: 7, page: 1, limit: 10 }),
      );
      expect(document.querySelector('.ant-pro-query-filter .ant-select-selection-item')?.textContent).toBe(
        '困人',
      );
      await until(() =>
        expect(document.querySelector('[data-testid="url-filters"]')?.textContent).toContain('编号 7'),
      );
    });

    it('without URL filters it reads no URL (a list outside a router)', async () => {
      await table(<ContractTable<Row> call={paramCalls.query} queryKey={['test']} columns={columns} />);
      await until(() => getByText('甲参数'));
      expect(lastInput()).toEqual({ page: 1, limit: 10 });
    });
  });
});
