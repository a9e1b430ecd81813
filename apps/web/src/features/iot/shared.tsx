import { iotDeviceCalls, iotLookupCalls } from '@ec/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Select } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { call } from '../../lib/api.ts';

/** Every IoT query lives under this key: a write refreshes them all. */
export const iotKeys = { all: ['iot'] as const };
export const SEVERITY_COLOR: Record<number, string> = { 1: 'default', 2: 'gold', 3: 'orange', 4: 'red' };
export const STATE_COLOR: Record<number, string> = { 0: 'default', 1: 'success', 2: 'error' };

/** A refusal's message is shown by the client; a write refreshes every IoT query. */
export function useWrite() {
  const client = useQueryClient();
  const { message } = App.useApp();
  return async <T,>(write: () => Promise<T>, done: string): Promise<T | null> => {
    try {
      const out = await write();
      message.success(done);
      return out;
    } catch {
      return null;
    } finally {
      await client.invalidateQueries({ queryKey: iotKeys.all });
    }
  };
}

/**
 * The page's URL query, read while the location is the page's own path (pages stay mounted in other
 * tags and then see another page's location: they keep the query they had), and replaced in place.
 */
export function useOwnSearchParams(): [URLSearchParams, (next: URLSearchParams) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const mine = useRef(location.pathname);
  const last = useRef(location.search);
  if (location.pathname === mine.current) last.current = location.search;
  const search = last.current;
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback(
    (next: URLSearchParams) => {
      const text = next.toString();
      navigate({ pathname: mine.current, search: text ? `?${text}` : '' }, { replace: true });
    },
    [navigate],
  );
  return [params, set];
}

/**
 * The maintenance companies or use units of the lifts with a device the user sees (the IoT lookup,
 * `queryIotSimple`): what the device and alarm lists filter by.
 */
export function CompanySelect({
  kind,
  value,
  onChange,
}: {
  kind: 'maintenance' | 'use';
  value?: number;
  onChange: (id: number | undefined) => void;
}) {
  const options = useQuery({
    queryKey: [...iotKeys.all, 'companies', kind],
    staleTime: 60_000,
    queryFn: ({ signal }) =>
      call(iotLookupCalls.queryIotSimple, { kind, limit: 100 }, { signal, silent: true }),
  });
  const label = kind === 'maintenance' ? '维保单位' : '使用单位';
  return (
    <Select
      allowClear
      showSearch
      optionFilterProp="label"
      aria-label={label}
      placeholder={label}
      style={{ width: 200 }}
      value={value}
      loading={options.isLoading}
      onChange={(v) => onChange(v ?? undefined)}
      options={(options.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
    />
  );
}

/**
 * A lift with a device, searched by register code or address as one types (the device list's
 * keyword); the chosen lift's register code is shown even when it is not among the answers (a link's).
 */
export function LiftSelect({
  value,
  registerCode,
  onChange,
}: {
  value?: number;
  registerCode?: string;
  onChange: (lift: { elevatorId: number; registerCode: string } | undefined) => void;
}) {
  const [keyword, setKeyword] = useState('');
  const lifts = useQuery({
    queryKey: [...iotKeys.all, 'lift-options', keyword],
    staleTime: 30_000,
    queryFn: ({ signal }) =>
      call(
        iotDeviceCalls.list,
        { keyword: keyword || undefined, bound: 'true', page: 1, limit: 20 },
        { signal, silent: true },
      ),
  });
  const options = (lifts.data?.records ?? []).flatMap((d) =>
    d.lift ? [{ value: d.lift.elevatorId, label: d.lift.registerCode, title: d.lift.address }] : [],
  );
  if (value !== undefined && !options.some((o) => o.value === value))
    options.unshift({ value, label: registerCode ?? `电梯 ${value}`, title: '' });
  return (
    <Select
      allowClear
      showSearch
      aria-label="电梯"
      placeholder="电梯注册代码或地址"
      style={{ width: 220 }}
      filterOption={false}
      value={value}
      onSearch={(v) => setKeyword(v.trim())}
      loading={lifts.isFetching}
      notFoundContent={lifts.isFetching ? '搜索中…' : '没有装有设备的电梯'}
      optionRender={(o) => (
        <div>
          <div>{o.data.label}</div>
          {o.data.title && <div style={{ color: '#8c8c8c', fontSize: 12 }}>{o.data.title}</div>}
        </div>
      )}
      onChange={(v, o) => {
        setKeyword('');
        const picked = Array.isArray(o) ? o[0] : o;
        onChange(
          v === undefined || v === null
            ? undefined
            : { elevatorId: v, registerCode: String(picked?.label ?? '') },
        );
      }}
      options={options}
    />
  );
}
