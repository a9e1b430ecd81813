import { rescueCaseCalls } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { call } from '../../lib/api.ts';
import { useSearchKeyword } from '../../lib/search-keyword.ts';
import { callCentreKeys } from './queries.ts';

/**
 * 关联工单: a case chosen by the number the agent sees (JY…), searched in the cases the agent may
 * read (orderList's keyword: case number, codes, caller's number or address), newest first; the
 * form keeps the case's id. Before typing it offers the open cases.
 */
export function CasePicker({
  value,
  onChange,
  id,
}: {
  value?: number | null;
  onChange?: (id: number | null) => void;
  id?: string;
}) {
  const [keyword, setTyped] = useSearchKeyword();
  const cases = useQuery({
    queryKey: callCentreKeys.cases(keyword),
    queryFn: ({ signal }) =>
      call(
        rescueCaseCalls.orderList,
        keyword ? { keyword, page: 1, limit: 20 } : { open: 'true', page: 1, limit: 20 },
        { signal, silent: true },
      ),
  });
  return (
    <Select<number>
      id={id}
      data-testid="call-case"
      showSearch
      allowClear
      filterOption={false}
      value={value ?? undefined}
      onSearch={setTyped}
      onChange={(v) => onChange?.(v ?? null)}
      loading={cases.isFetching}
      placeholder="输入工单编号（JY…）、来电号码或地址搜索"
      notFoundContent={cases.isFetching ? '搜索中…' : keyword ? '没有匹配的工单' : '暂无未关闭的工单'}
      options={(cases.data?.records ?? []).map((c) => ({
        value: c.id,
        label: `${c.caseNo} · ${c.kindLabel} · ${c.address ?? '未定位电梯'}`,
      }))}
    />
  );
}
