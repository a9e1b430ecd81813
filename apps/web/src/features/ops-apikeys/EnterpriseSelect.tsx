import { enterpriseCalls } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { call } from '../../lib/api.ts';
import { useSearchKeyword } from '../../lib/search-keyword.ts';

/** An organisation picked by name (enterprise list search); empty means a platform-wide key. */
export function EnterpriseSelect({
  value,
  onChange,
}: {
  value?: number | null;
  onChange?: (value: number | null) => void;
}) {
  const [keyword, setTyped] = useSearchKeyword();
  const found = useQuery({
    queryKey: ['ops', 'apiKeys', 'enterprises', keyword],
    queryFn: () =>
      call(enterpriseCalls.query, { page: 1, limit: 20, name: keyword || undefined }, { silent: true }),
    staleTime: 30_000,
  });
  return (
    <Select
      allowClear
      showSearch
      filterOption={false}
      placeholder="不选为平台通用密钥；输入企业名称搜索"
      loading={found.isFetching}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      onSearch={setTyped}
      options={(found.data?.records ?? []).map((e) => ({ value: e.id, label: e.name }))}
      notFoundContent={found.isFetching ? '搜索中…' : '没有匹配的企业'}
    />
  );
}
