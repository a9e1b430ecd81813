import type { EChartsCoreOption } from 'echarts/core';

/** ECharts options for the statistics pages (bar, line, pie), print-friendly (no animation, light). */

export interface Series {
  name: string;
  values: (number | null)[];
  /** 'line' over bars (e.g. a rate on the right axis). */
  kind?: 'bar' | 'line';
  /** A ratio (0.93): on the second (right) axis, shown in %. */
  rate?: boolean;
  /** On the second (right) axis as it is (e.g. per 100 lifts, minutes). */
  right?: boolean;
  stack?: string;
}

const PALETTE = ['#1677ff', '#fa8c16', '#52c41a', '#eb2f96', '#722ed1', '#13c2c2', '#faad14', '#8c8c8c'];

export function barOption(
  labels: string[],
  series: Series[],
  { horizontal = false, dark = false }: { horizontal?: boolean; dark?: boolean } = {},
): EChartsCoreOption {
  const text = dark ? '#cbd5e1' : '#595959';
  const hasRate = series.some((s) => s.rate);
  const hasRight = series.some((s) => s.rate || s.right);
  const category = {
    type: 'category',
    data: labels,
    axisLabel: { color: text, interval: 0, rotate: !horizontal && labels.length > 8 ? 35 : 0, fontSize: 11 },
  };
  const value = [
    {
      type: 'value',
      axisLabel: { color: text },
      splitLine: { lineStyle: { color: dark ? '#1e3a5f' : '#f0f0f0' } },
    },
    ...(hasRight
      ? [
          {
            type: 'value',
            axisLabel: { color: text, formatter: hasRate ? '{value}%' : '{value}' },
            splitLine: { show: false },
          },
        ]
      : []),
  ];
  return {
    color: PALETTE,
    tooltip: { trigger: 'axis' },
    legend: series.length > 1 ? { top: 0, textStyle: { color: text } } : undefined,
    grid: { left: 8, right: 16, top: series.length > 1 ? 32 : 16, bottom: 8, containLabel: true },
    xAxis: horizontal ? value[0] : category,
    yAxis: horizontal ? { ...category, inverse: true } : value,
    series: series.map((s) => ({
      name: s.name,
      type: s.kind ?? 'bar',
      yAxisIndex: !horizontal && (s.rate || s.right) ? 1 : 0,
      stack: s.stack,
      data: s.rate ? s.values.map((v) => (v === null ? null : Math.round(v * 1000) / 10)) : s.values,
      barMaxWidth: 28,
      smooth: s.kind === 'line',
    })),
  };
}

export function pieOption(
  items: { name: string; value: number }[],
  { dark = false } = {},
): EChartsCoreOption {
  return {
    color: PALETTE,
    tooltip: { trigger: 'item', formatter: '{b}：{c}（{d}%）' },
    legend: { type: 'scroll', bottom: 0, textStyle: { color: dark ? '#cbd5e1' : '#595959' } },
    series: [
      {
        type: 'pie',
        radius: ['38%', '66%'],
        center: ['50%', '45%'],
        data: items,
        label: { formatter: '{b}\n{d}%', color: dark ? '#e2e8f0' : '#434343' },
      },
    ],
  };
}
