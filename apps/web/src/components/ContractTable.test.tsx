import { paramCalls } from '@ec/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byText, click, getByText, mount, unmountAll, until } from '../test/dom.tsx';

const callMock = vi.fn();
vi.mock('../lib/api.ts', () => ({ call: (...args: unknown[]) => callMock(...args) }));

const { ContractTable } = await import('./ContractTable.tsx');
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
});
