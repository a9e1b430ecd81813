import { statsAnalysisCalls } from '@ec/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { click, getByText, mount, unmountAll, until } from '../../../test/dom.tsx';

/**
 * Printing an analysis page: the table pages 50 rows on screen, and the paper has no pagination, so
 * while the page prints (打印, or the browser's own print) the table holds every row.
 */

const callMock = vi.fn();
vi.mock('../../../lib/api.ts', () => ({ call: (...args: unknown[]) => callMock(...args) }));
vi.mock('../../../components/chart/EChart.tsx', () => ({ EChart: () => null }));

const { AnalysisPage } = await import('./AnalysisPage.tsx');
/** Rows a page of the table shows on screen. */
const TABLE_PAGE = 50;
type Config = Parameters<typeof AnalysisPage>[0]['config'];

const ROWS = 120;
const config = {
  call: statsAnalysisCalls.areaAnalysis,
  view: () => ({
    charts: [],
    table: {
      columns: [
        { key: 'label', title: '区域', value: (r: { label: string }) => r.label, format: 'text' as const },
      ],
      rows: Array.from({ length: ROWS }, (_, i) => ({ key: String(i), label: `区域${i + 1}` })),
    },
  }),
} as unknown as Config;

const shownRows = () =>
  document.querySelectorAll('[data-testid="stats-table"] .ant-table-tbody tr.ant-table-row').length;

async function page() {
  callMock.mockImplementation(async (c: unknown) =>
    c === statsAnalysisCalls.areaAnalysis
      ? { meta: { from: '2025-12-01', to: '2026-11-30', asOf: '2026-11-30T10:00:00', behind: false } }
      : [],
  );
  await mount(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ConfigProvider locale={zhCN}>
        <App>
          <MemoryRouter initialEntries={['/elevatorAnalysis/areaStatistics']}>
            <AnalysisPage config={config} />
          </MemoryRouter>
        </App>
      </ConfigProvider>
    </QueryClientProvider>,
  );
  await until(() => expect(shownRows()).toBe(TABLE_PAGE));
}

afterEach(unmountAll);

// The first render of a page with ECharts and antd in jsdom takes seconds on a loaded machine.
describe('an analysis page in print', { timeout: 20_000 }, () => {
  it('prints every row of the table (the browser’s print: beforeprint … afterprint)', async () => {
    await page();
    expect(document.querySelector('.ant-table-pagination')).not.toBeNull();
    await act(async () => void window.dispatchEvent(new Event('beforeprint')));
    expect(shownRows()).toBe(ROWS);
    expect(getByText(`区域${ROWS}`)).toBeTruthy();
    await act(async () => void window.dispatchEvent(new Event('afterprint')));
    expect(shownRows()).toBe(TABLE_PAGE);
  });

  it('打印 renders every row before it prints', async () => {
    await page();
    let rowsWhenPrinted = 0;
    const print = vi.spyOn(window, 'print').mockImplementation(() => {
      rowsWhenPrinted = shownRows();
    });
    try {
      await click(getByText('打印'));
      expect(print).toHaveBeenCalledOnce();
      expect(rowsWhenPrinted).toBe(ROWS);
    } finally {
      print.mockRestore();
    }
  });
});
