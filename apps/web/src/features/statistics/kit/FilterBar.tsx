import { enterpriseCalls } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { AreaCascader } from '../../../components/AreaCascader.tsx';
import { usePermission } from '../../../lib/access.ts';
import { call } from '../../../lib/api.ts';
import { shanghaiDay } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import type { FilterValues } from './query.ts';

/** Maintenance companies to filter by (the enterprise register, for whoever may list it). */
function useMaintenanceCompanies(enabled: boolean) {
  return useQuery({
    queryKey: ['stats', 'maintenance-companies'],
    enabled,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) => {
      const page = await call(
        enterpriseCalls.query,
        { page: 1, limit: 500, kind: 'maintenance' },
        { signal, silent: true },
      );
      return page.records.map((c) => ({ label: c.name, value: c.id }));
    },
  });
}

/**
 * The filters of every statistics page: district, period (the last 12 months, a month or dates),
 * use occasion, lift type, maintenance company. A change applies at once.
 */
export function FilterBar({
  value,
  onChange,
  period = true,
  company = true,
}: {
  value: FilterValues;
  onChange: (v: FilterValues) => void;
  /** Figures of "now" (the registry) take no period. */
  period?: boolean;
  company?: boolean;
}) {
  const { dicts, user } = useSession();
  const canListCompanies = usePermission('system:enterprise:list');
  const showCompany = company && user?.dataScope !== 'company' && user?.dataScope !== 'self';
  const companies = useMaintenanceCompanies(showCompany && canListCompanies);
  const occasions = dicts.find((d) => d.code === 'use_occasion')?.childs ?? [];
  const set = (patch: Partial<FilterValues>) => onChange({ ...value, ...patch });
  const kind = value.periodKind ?? 'last12';
  return (
    <Form layout="inline" className="stats-filters" data-testid="stats-filters" style={{ rowGap: 8 }}>
      <Form.Item label="区域">
        <AreaCascader
          value={value.area}
          onChange={(v) => set({ area: (v as string[] | undefined) ?? undefined })}
          style={{ width: 200 }}
          allowClear
          data-testid="stats-filter-area"
        />
      </Form.Item>
      {period && (
        <Form.Item label="统计期间">
          <Space.Compact>
            <Select
              value={kind}
              style={{ width: 110 }}
              onChange={(k) =>
                set({
                  periodKind: k === 'last12' ? undefined : (k as 'month' | 'range'),
                  month: undefined,
                  range: undefined,
                })
              }
              options={[
                { value: 'last12', label: '近 12 个月' },
                { value: 'month', label: '按月' },
                { value: 'range', label: '按日期' },
              ]}
              data-testid="stats-filter-period"
            />
            {kind === 'month' && (
              <DatePicker
                picker="month"
                value={value.month ? dayjs(`${value.month}-01`) : null}
                onChange={(d) => set({ month: d ? d.format('YYYY-MM') : undefined })}
                disabledDate={(d) => d.isAfter(shanghaiDay(), 'month')}
              />
            )}
            {kind === 'range' && (
              <DatePicker.RangePicker
                value={value.range ? [dayjs(value.range[0]), dayjs(value.range[1])] : null}
                onChange={(r) =>
                  set({
                    range:
                      r?.[0] && r[1] ? [r[0].format('YYYY-MM-DD'), r[1].format('YYYY-MM-DD')] : undefined,
                  })
                }
                disabledDate={(d) => d.isAfter(shanghaiDay(), 'day')}
              />
            )}
          </Space.Compact>
        </Form.Item>
      )}
      <Form.Item label="使用场所">
        <Select
          allowClear
          placeholder="全部"
          style={{ width: 130 }}
          value={value.useOccasion}
          onChange={(v) => set({ useOccasion: v })}
          options={occasions.map((o) => ({ value: o.value, label: o.value }))}
        />
      </Form.Item>
      <Form.Item label="电梯类型">
        <Select
          allowClear
          placeholder="全部"
          style={{ width: 100 }}
          value={value.type}
          onChange={(v) => set({ type: v })}
          options={[
            { value: 1, label: '直梯' },
            { value: 2, label: '扶梯' },
          ]}
        />
      </Form.Item>
      {showCompany && canListCompanies && (
        <Form.Item label="维保单位">
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder="全部"
            style={{ width: 220 }}
            loading={companies.isLoading}
            value={value.maintenanceCompanyId}
            onChange={(v) => set({ maintenanceCompanyId: v })}
            options={companies.data ?? []}
          />
        </Form.Item>
      )}
    </Form>
  );
}
