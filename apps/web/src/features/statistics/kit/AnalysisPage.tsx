import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { type Call, type CallOutput, type StatsFilters, type StatsMeta, shanghaiToday } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Row, Space, Table, Tag, Typography } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useLocation, useNavigate } from 'react-router';
import { titleOf } from '../../../app/route-table.ts';
import { type ChartClick, EChart } from '../../../components/chart/EChart.tsx';
import { call } from '../../../lib/api.ts';
import { type Drill, DrillDrawer } from './DrillDrawer.tsx';
import { type DrillName, drillFor } from './drills.ts';
import { FilterBar } from './FilterBar.tsx';
import {
  type FilterValues,
  filtersFromSearch,
  filtersToSearch,
  formatCell,
  type Narrowing,
  periodText,
  type StatColumn,
  tableMatrix,
  toFilterValues,
  toStatsQuery,
} from './query.ts';
import { downloadXlsx } from './xlsx.ts';
import './print.css';

/** A chart of a page: its option, the rows behind its items (in order), what a click on one narrows. */
export interface ChartSpec {
  title: string;
  option: EChartsCoreOption;
  rows?: KeyedRow[];
  /** The clicked row's narrowing (null: the item opens nothing, e.g. 未填). */
  drill?: (row: KeyedRow) => Narrowing | null;
  /** The drill-down of this chart's figure, when not the page's (e.g. 困人 cases beside orders). */
  drills?: DrillName;
  span?: number;
  height?: number;
}

/** A row of a table as the kit handles it: a key for the drill-down and React. */
export interface KeyedRow {
  key: string;
  label: string;
}

export interface TableSpec<R extends KeyedRow> {
  columns: StatColumn<R>[];
  rows: R[];
  /** The total row (of every row, not just the page). */
  sum?: R | null;
  /** What a click on a row's first cell narrows the filters by (null: none). */
  drill?: (row: R) => Narrowing | null;
}

/** One analysis page: the call, what its answer draws, where a click leads. */
export interface AnalysisConfig<C extends Call> {
  call: C;
  /** The POST rate queries take paging: the page asks for up to this many rows at once. */
  limit?: number;
  /** Figures of "now" (the registry) take no period. */
  period?: boolean;
  /** The drill-down a click opens (kit/drills.ts: the list, what it adds to its query, up to today). */
  drills?: DrillName;
  /** A clicked row that is one record opens it instead (e.g. a lift's detail). */
  openRow?: (key: string) => string | null;
  view: (data: CallOutput<C>) => {
    charts: ChartSpec[];
    table: TableSpec<KeyedRow & Record<string, unknown>>;
  };
  /** A line under the title: what the figures count (docs/statistics.md). */
  note?: string;
}

function Freshness({ meta }: { meta: StatsMeta | undefined }) {
  if (!meta) return null;
  return (
    <Space size={8} wrap>
      <Typography.Text type="secondary" data-testid="stats-period">
        统计期间：{periodText(meta)}
      </Typography.Text>
      <Typography.Text type="secondary">数据截至 {meta.asOf.replace('T', ' ').slice(0, 19)}</Typography.Text>
      {meta.behind && (
        <Tag color="orange" data-testid="stats-behind">
          数据滞后约 {Math.round(meta.staleSeconds / 60)} 分钟
          {meta.source === 'replica' && meta.replicaLagSeconds !== null
            ? `（只读副本延迟 ${meta.replicaLagSeconds} 秒）`
            : ''}
        </Tag>
      )}
    </Space>
  );
}

/** Rows a page of the table shows on screen (on paper: every row). */
export const TABLE_PAGE = 50;

/**
 * True while the page is being printed (the browser's print dialog, 打印 or Ctrl+P): the table then
 * renders every row, as the paper has no pagination. The change is rendered at once (flushSync), before
 * the browser lays the page out for print.
 */
export function usePrinting(): [boolean, (on: boolean) => void] {
  const [printing, setPrinting] = useState(false);
  const set = (on: boolean) => flushSync(() => setPrinting(on));
  useEffect(() => {
    const on = () => flushSync(() => setPrinting(true));
    const off = () => flushSync(() => setPrinting(false));
    window.addEventListener('beforeprint', on);
    window.addEventListener('afterprint', off);
    const media = typeof window.matchMedia === 'function' ? window.matchMedia('print') : null;
    const change = (e: { matches: boolean }) => flushSync(() => setPrinting(e.matches));
    media?.addEventListener?.('change', change);
    return () => {
      window.removeEventListener('beforeprint', on);
      window.removeEventListener('afterprint', off);
      media?.removeEventListener?.('change', change);
    };
  }, []);
  return [printing, set];
}

/**
 * The page every analysis route is: the shared filters (kept in the URL), the charts, the table of
 * the same numbers with its .xlsx export (exactly the table's cells), a print layout, and the
 * drill-down from a bar, a slice or a row into the list behind it with the same filters.
 */
export function AnalysisPage<C extends Call>({ config }: { config: AnalysisConfig<C> }) {
  const location = useLocation();
  const navigate = useNavigate();
  const path = useRef(location.pathname).current;
  const title = titleOf(path) || '统计分析';
  const [values, setValues] = useState<FilterValues>(() =>
    toFilterValues(filtersFromSearch(location.search)),
  );
  const filters: StatsFilters = useMemo(() => toStatsQuery(values), [values]);
  const [drill, setDrill] = useState<Drill | null>(null);
  const [printing, setPrinting] = usePrinting();

  const change = (v: FilterValues) => {
    setValues(v);
    // The URL keeps the filters (a reload, a shared link), while this page is the one shown.
    if (window.location.hash.startsWith(`#${path}`))
      navigate({ pathname: path, search: filtersToSearch(toStatsQuery(v)) }, { replace: true });
  };

  const input = config.limit ? { ...filters, page: 1, limit: config.limit } : filters;
  const answer = useQuery({
    queryKey: ['stats', config.call.path, input],
    queryFn: ({ signal }) => call(config.call, input as never, { signal }),
  });
  const view = useMemo(
    () => (answer.data ? config.view(answer.data as CallOutput<C>) : null),
    [answer.data, config],
  );
  const meta = (answer.data as { meta?: StatsMeta } | undefined)?.meta;

  const open = (narrow: Narrowing | null, label: string, key: string, chart?: ChartSpec) => {
    if (config.openRow) {
      const url = config.openRow(key);
      if (url) navigate(url);
      return;
    }
    // A chart naming its own drill-down opens it, else the page's.
    const name = chart?.drills ?? config.drills;
    if (!narrow || !name) return;
    setDrill({ ...drillFor(name, filters, narrow, meta), title: `${title} · ${label}` });
  };

  const exportRows = () => {
    if (!view) return;
    const { columns, rows, sum } = view.table;
    const stamp = meta ? `${meta.from}_${meta.to}` : shanghaiToday();
    downloadXlsx(`${title}_${stamp}`, title, tableMatrix(columns, rows, sum));
  };

  const drillable = !!config.drills || !!config.openRow;
  return (
    <div className="stats-page" data-testid="stats-page">
      <Card className="no-print-border">
        <div className="stats-print-title">
          <Typography.Title level={4} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          {config.note && <Typography.Text type="secondary">{config.note}</Typography.Text>}
        </div>
        <div className="no-print" style={{ marginTop: 12 }}>
          <FilterBar value={values} onChange={change} period={config.period !== false} />
        </div>
        <Space style={{ marginTop: 12, width: '100%', justifyContent: 'space-between' }} wrap>
          <Freshness meta={meta} />
          <Space className="no-print">
            <Button
              icon={<DownloadOutlined />}
              onClick={exportRows}
              disabled={!view}
              data-testid="stats-export"
            >
              导出 Excel
            </Button>
            <Button
              icon={<PrinterOutlined />}
              onClick={() => {
                // Every row on paper, even where the browser sends no beforeprint.
                setPrinting(true);
                window.print();
              }}
            >
              打印
            </Button>
          </Space>
        </Space>
      </Card>
      {answer.isError && <Alert type="error" showIcon style={{ marginTop: 12 }} message="统计数据加载失败" />}
      {view && (
        <>
          <Row gutter={[12, 12]} style={{ marginTop: 12 }} className="stats-charts">
            {view.charts.map((c) => (
              <Col key={c.title} xs={24} xl={c.span ?? (view.charts.length > 1 ? 12 : 24)}>
                <Card size="small" title={c.title} className="stats-chart-card">
                  <EChart
                    option={c.option}
                    height={c.height ?? 320}
                    label={c.title}
                    testId={`stats-chart-${c.title}`}
                    onClick={
                      (c.drill || config.openRow) && c.rows
                        ? (item: ChartClick) => {
                            const row = c.rows?.[item.dataIndex];
                            if (row) open(c.drill?.(row) ?? null, row.label, row.key, c);
                          }
                        : undefined
                    }
                  />
                </Card>
              </Col>
            ))}
          </Row>
          <Card size="small" style={{ marginTop: 12 }} title="数据明细" className="stats-table-card">
            {view.table.rows.length === 0 ? (
              <Empty description="该期间没有数据" />
            ) : (
              <Table
                size="small"
                rowKey="key"
                data-testid="stats-table"
                dataSource={view.table.rows}
                pagination={
                  !printing && view.table.rows.length > TABLE_PAGE
                    ? { pageSize: TABLE_PAGE, showSizeChanger: false }
                    : false
                }
                scroll={{ x: 'max-content' }}
                columns={view.table.columns.map((c, i) => ({
                  title: c.title,
                  key: c.key,
                  align: i === 0 ? ('left' as const) : ('right' as const),
                  render: (_: unknown, r: KeyedRow & Record<string, unknown>) => {
                    const text = formatCell(c.value(r), c.format);
                    const narrow = i === 0 && drillable ? (view.table.drill?.(r) ?? null) : null;
                    return narrow || (i === 0 && config.openRow?.(r.key)) ? (
                      <Typography.Link onClick={() => open(narrow, r.label, r.key)}>{text}</Typography.Link>
                    ) : (
                      text
                    );
                  },
                }))}
                summary={
                  view.table.sum
                    ? () => {
                        const sum = view.table.sum as KeyedRow & Record<string, unknown>;
                        return (
                          <Table.Summary.Row data-testid="stats-sum">
                            {view.table.columns.map((c, i) => (
                              <Table.Summary.Cell key={c.key} index={i} align={i === 0 ? 'left' : 'right'}>
                                {i === 0 ? '合计' : formatCell(c.value(sum), c.format)}
                              </Table.Summary.Cell>
                            ))}
                          </Table.Summary.Row>
                        );
                      }
                    : undefined
                }
              />
            )}
          </Card>
        </>
      )}
      <DrillDrawer drill={drill} onClose={() => setDrill(null)} />
    </div>
  );
}

/** A table of typed rows as the page takes it (the kit reads rows only through the columns). */
export const tableOf = <R extends KeyedRow>(spec: TableSpec<R>) =>
  spec as unknown as TableSpec<KeyedRow & Record<string, unknown>>;

/** The same, for a chart's rows and drill. */
export const chartOf = <R extends KeyedRow>(
  spec: Omit<ChartSpec, 'rows' | 'drill'> & { rows?: R[]; drill?: (row: R) => Narrowing | null },
) => spec as unknown as ChartSpec;
