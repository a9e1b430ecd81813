import { ProTable } from '@ant-design/pro-components';
import { type ClaimRecord, type ClaimType, claimCalls, elevatorCalls, messages } from '@ec/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { type Key, type ReactNode, useState } from 'react';
import { RowAction } from '../../components/RowAction.tsx';
import { fitColumns } from '../../components/table-layout.ts';
import { call } from '../../lib/api.ts';
import { claimRecordColumns } from './columns.tsx';
import { type ClaimQuery, formatTotal, selectedIds, toClaimQuery } from './model.ts';
import { elevatorKeys } from './queries.ts';

export interface ClaimTableContext {
  selected: number[];
  requireSelection: () => number[] | null;
  clearSelection: () => void;
}

/**
 * Claim records: all of them (queryHistoryList, filters state / type / code) or the ones awaiting
 * review (queryClaimElevatorList). Paging and filters drive a TanStack query.
 */
export function ClaimRecordTable({
  source,
  claimType,
  withType = false,
  searchState = false,
  selectable,
  batchBar,
  actions,
  testId,
}: {
  source: 'history' | 'pending';
  /** A fixed claim type (company pages); without it a type filter is offered when `withType`. */
  claimType?: ClaimType;
  withType?: boolean;
  searchState?: boolean;
  /** Which rows may be selected; no selection column without it. */
  selectable?: (row: ClaimRecord) => boolean;
  batchBar?: (ctx: ClaimTableContext) => ReactNode;
  actions?: { width: number; render: (row: ClaimRecord) => ReactNode[] };
  testId?: string;
}) {
  const { message } = App.useApp();
  const [query, setQuery] = useState<ClaimQuery>({});
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);

  const input = { ...query, ...(claimType ? { claimType } : {}), ...paging };
  const list = useQuery({
    queryKey: elevatorKeys.claims(source, input),
    queryFn: ({ signal }) =>
      source === 'pending'
        ? call(elevatorCalls.queryClaimElevatorList, input, { signal })
        : call(claimCalls.queryHistoryList, input, { signal }),
    placeholderData: keepPreviousData,
  });

  const ctx: ClaimTableContext = {
    selected: selectedIds(selectedKeys) ?? [],
    requireSelection: () => {
      const ids = selectedIds(selectedKeys);
      if (!ids) message.warning(messages.noSelection);
      return ids;
    },
    clearSelection: () => setSelectedKeys([]),
  };

  const fitted = fitColumns(claimRecordColumns({ withType: withType && !claimType, searchState, actions }), {
    selectable: !!selectable,
  });
  return (
    <div data-testid={testId}>
      <ProTable<ClaimRecord>
        rowKey="id"
        columns={fitted.columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        scroll={{ x: fitted.scrollX }}
        search={{ labelWidth: 'auto', span: { xs: 24, sm: 12, md: 8, lg: 8, xl: 6, xxl: 6 } }}
        onSubmit={(values) => {
          setQuery(toClaimQuery(values as Record<string, unknown>));
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
          showTotal: (total) => formatTotal(total, false),
          onChange: (page, limit) => setPaging({ page: limit === paging.limit ? page : 1, limit }),
        }}
        rowSelection={
          selectable
            ? {
                selectedRowKeys: selectedKeys,
                preserveSelectedRowKeys: true,
                onChange: setSelectedKeys,
                getCheckboxProps: (row) => ({ disabled: !selectable(row) }),
              }
            : false
        }
        tableAlertRender={({ selectedRowKeys, onCleanSelected }) => (
          <span>
            已选择 {selectedRowKeys.length} 条记录
            <RowAction style={{ marginInlineStart: 12 }} onClick={onCleanSelected}>
              取消选择
            </RowAction>
          </span>
        )}
        tableAlertOptionRender={false}
        headerTitle={batchBar?.(ctx)}
        toolBarRender={() => []}
        options={{ reload: () => void list.refetch(), density: true, setting: true, fullScreen: false }}
        locale={{
          emptyText: list.isError
            ? '加载失败，请点击刷新重试'
            : source === 'pending'
              ? '暂无待审核的认领'
              : '暂无认领记录',
        }}
      />
    </div>
  );
}
