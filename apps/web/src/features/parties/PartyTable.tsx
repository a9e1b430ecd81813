import { type ProColumns, ProTable } from '@ant-design/pro-components';
import { type Call, type CallInput, messages } from '@ec/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { type Key, type ReactNode, useState } from 'react';
import { AddButton } from '../../components/AddButton.tsx';
import { fitColumns } from '../../components/table-layout.ts';
import { call } from '../../lib/api.ts';
import { partyKeys } from './queries.ts';

export interface TableContext<Row> {
  selected: Row[];
  /** Selected rows, or null after warning that nothing is selected. */
  requireSelection: () => Row[] | null;
  clearSelection: () => void;
  refetch: () => void;
}

type Values = Record<string, unknown>;

/** Search form values as call input: blanks dropped, area cascader paths reduced to their last code. */
export function toInput(values: Values): Values {
  const out: Values = {};
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined || v === null || v === '') continue;
    if (k === '_timestamp') continue;
    out[k] = Array.isArray(v) ? v[v.length - 1] : typeof v === 'string' ? v.trim() : v;
  }
  return out;
}

/**
 * A list page's table: a ProTable whose search form and paging drive a TanStack query of a
 * contract list call (page, limit and the form's filters, plus fixed `params`).
 */
export function PartyTable<Row extends object, C extends Call = Call>({
  listCall,
  params,
  columns,
  rowKey,
  headerTitle,
  add,
  toolbar,
  selectable = false,
  search = true,
  testId,
  emptyText = '暂无数据',
}: {
  listCall: C;
  params?: Partial<CallInput<C>> & Values;
  columns: ProColumns<Row>[];
  rowKey: keyof Row & string;
  headerTitle?: ReactNode;
  /** The primary 新增… button before the toolbar's own buttons; false or absent for none. */
  add?: { label: string; onClick: () => void } | false;
  toolbar?: (ctx: TableContext<Row>) => ReactNode[];
  selectable?: boolean;
  search?: boolean;
  testId?: string;
  emptyText?: string;
}) {
  const { message } = App.useApp();
  const [query, setQuery] = useState<Values>({});
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const [selected, setSelected] = useState<Row[]>([]);
  const input = { ...query, ...params, ...paging };
  const list = useQuery({
    queryKey: partyKeys.of(listCall.path, input),
    queryFn: ({ signal }) =>
      call(listCall as Call, input as never, { signal }) as Promise<{ records: Row[]; total: number }>,
    placeholderData: keepPreviousData,
  });
  const ctx: TableContext<Row> = {
    selected,
    requireSelection: () => {
      if (selected.length === 0) {
        message.warning(messages.noSelection);
        return null;
      }
      return selected;
    },
    clearSelection: () => {
      setSelectedKeys([]);
      setSelected([]);
    },
    refetch: () => void list.refetch(),
  };
  const fitted = fitColumns(columns, { selectable });
  return (
    <div data-testid={testId}>
      <ProTable<Row, Values>
        rowKey={rowKey}
        columns={fitted.columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        dateFormatter="string"
        scroll={{ x: fitted.scrollX }}
        search={
          search
            ? {
                labelWidth: 'auto',
                defaultCollapsed: true,
                span: { xs: 24, sm: 12, md: 8, lg: 8, xl: 6, xxl: 6 },
              }
            : false
        }
        onSubmit={(values) => {
          setQuery(toInput(values));
          setPaging((p) => ({ ...p, page: 1 }));
        }}
        onReset={() => {
          setQuery({});
          setPaging((p) => ({ ...p, page: 1 }));
        }}
        pagination={{
          current: paging.page,
          pageSize: paging.limit,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => `共 ${total} 条`,
          onChange: (page, limit) => setPaging({ page: limit === paging.limit ? page : 1, limit }),
        }}
        rowSelection={
          selectable
            ? {
                selectedRowKeys: selectedKeys,
                preserveSelectedRowKeys: true,
                onChange: (keys, rows) => {
                  setSelectedKeys(keys);
                  setSelected(rows.filter(Boolean));
                },
              }
            : false
        }
        tableAlertOptionRender={false}
        headerTitle={headerTitle}
        toolBarRender={() => [
          ...(add ? [<AddButton key="add" label={add.label} onClick={add.onClick} />] : []),
          ...(toolbar?.(ctx) ?? []),
        ]}
        options={{ reload: () => void list.refetch(), density: true, setting: true, fullScreen: false }}
        locale={{ emptyText: list.isError ? '加载失败，请点击刷新重试' : emptyText }}
      />
    </div>
  );
}
