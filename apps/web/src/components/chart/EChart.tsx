import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { type CSSProperties, useEffect, useRef, useState } from 'react';

/** What a click on a bar, a slice or a point gives (ECharts' event, the fields the pages use). */
export interface ChartClick {
  /** The category (x-axis label, slice name). */
  name: string;
  /** Index of the item in its series' data. */
  dataIndex: number;
  seriesIndex: number;
  seriesName?: string;
  value: unknown;
}

type Init = typeof import('./echarts-core.ts').init;
let loading: Promise<Init> | null = null;
/** ECharts' chunk, fetched once by the first chart that mounts. */
const loadECharts = () => {
  loading ??= import('./echarts-core.ts').then((m) => m.init);
  return loading;
};

/**
 * One ECharts chart: loads ECharts on first use (its own chunk: a page without a chart, the sign-in
 * page among them, never fetches it), follows its box's size (ResizeObserver, and the paper's width
 * when printing), replaces its option when it changes, passes clicks on data items to `onClick`
 * (drill-down) and disposes of the instance on unmount.
 */
export function EChart({
  option,
  height = 320,
  onClick,
  style,
  className,
  label,
  testId,
}: {
  option: EChartsCoreOption;
  height?: number | string;
  onClick?: (item: ChartClick) => void;
  style?: CSSProperties;
  className?: string;
  /** Read by screen readers (the chart's title). */
  label?: string;
  testId?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<EChartsType | null>(null);
  const click = useRef(onClick);
  click.current = onClick;

  useEffect(() => {
    let disposed = false;
    let instance: EChartsType | null = null;
    let observer: ResizeObserver | null = null;
    const print = typeof window.matchMedia === 'function' ? window.matchMedia('print') : null;
    const resize = () => instance?.resize();
    void loadECharts().then((init) => {
      if (disposed || !box.current) return;
      instance = init(box.current, undefined, { renderer: 'svg', locale: 'ZH' });
      instance.on('click', (p) => {
        const e = p as unknown as ChartClick;
        click.current?.({
          name: String(e.name ?? ''),
          dataIndex: e.dataIndex,
          seriesIndex: e.seriesIndex,
          seriesName: e.seriesName,
          value: e.value,
        });
      });
      if (typeof ResizeObserver !== 'undefined') {
        observer = new ResizeObserver(resize);
        observer.observe(box.current);
      }
      print?.addEventListener('change', resize);
      window.addEventListener('beforeprint', resize);
      setChart(instance);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      print?.removeEventListener('change', resize);
      window.removeEventListener('beforeprint', resize);
      instance?.dispose();
    };
  }, []);

  useEffect(() => {
    // A new option replaces the old one (notMerge): series that went away do not linger.
    chart?.setOption({ animation: false, ...option }, { notMerge: true });
  }, [chart, option]);

  return (
    <div
      ref={box}
      className={className}
      role="img"
      aria-label={label}
      data-testid={testId}
      data-ready={chart ? 'true' : 'false'}
      style={{ width: '100%', height, breakInside: 'avoid', ...style }}
    />
  );
}
