import { FullscreenExitOutlined } from '@ant-design/icons';
import {
  type CountRow,
  RESCUE_CASE_TOPIC,
  statsDesignedCalls as S,
  statsScreenCalls as SC,
  type StatsFilters,
} from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { type ReactNode, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { EChart } from '../../../components/chart/EChart.tsx';
import { call } from '../../../lib/api.ts';
import { useLiveRefresh } from '../../../lib/live.ts';
import { DASHBOARD_PATH, elevatorDetailUrl } from '../../../lib/routes.ts';
import { barOption, pieOption } from '../kit/charts.ts';
import { type Drill, DrillDrawer } from '../kit/DrillDrawer.tsx';
import { drillFor } from '../kit/drills.ts';
import { LIFT_STATE_COLOUR, LiftMap } from '../kit/LiftMap.tsx';
import css from './screen.module.css';

/** The screen is drawn at 1920 × 1080 and scaled to the window (a 4K wall doubles it, a laptop shrinks it). */
export const DESIGN = { width: 1920, height: 1080 };
export const screenScale = (w: number, h: number) => Math.min(w / DESIGN.width, h / DESIGN.height);

/** The live block refreshes on every case event and at least every 30 s (≤ 1 min stale). */
const POLL_MS = 30_000;
const NO_FILTERS: StatsFilters = {};

function useScreen<T>(key: string, load: (signal: AbortSignal) => Promise<T>, poll = 5 * 60_000) {
  return useQuery({
    queryKey: ['stats', 'screen', key],
    queryFn: ({ signal }) => load(signal),
    refetchInterval: poll,
  });
}

function Panel({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className={css.panel} data-testid={testId}>
      <h3 className={css.panelTitle}>{title}</h3>
      <div className={css.panelBody}>{children}</div>
    </section>
  );
}

function Figure({
  label,
  value,
  unit,
  alert,
}: {
  label: string;
  value: number | string | undefined;
  unit?: string;
  alert?: boolean;
}) {
  return (
    <div className={css.figure}>
      <div className={alert ? css.figureAlert : css.figureValue}>
        {value ?? '—'}
        {unit && <small>{unit}</small>}
      </div>
      <div className={css.figureLabel}>{label}</div>
    </div>
  );
}

const pie = (rows: CountRow[] | undefined, colours?: Record<string, string>) => {
  const option = pieOption(
    (rows ?? []).map((r) => ({ name: r.label, value: r.value })),
    { dark: true },
  );
  if (colours && rows) (option as { color?: string[] }).color = rows.map((r) => colours[r.key] ?? '#1677ff');
  return option;
};

/**
 * 数据看板 / 数据大屏 (dateKanban, tongji): the wall screen. Covers the window (no scrollbar at
 * 1920 × 1080 or 3840 × 2160; scaled down on a laptop); today's cases, open rescues, overdue
 * maintenance and lifts by state refresh live (case events, and a 30 s poll); the map's district
 * click lists its lifts, a lift opens its detail.
 */
export default function DataScreenPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const path = useRef(location.pathname).current;
  const active = location.pathname === path;
  const [scale, setScale] = useState(() => screenScale(window.innerWidth, window.innerHeight));
  const [drill, setDrill] = useState<Drill | null>(null);
  const [now, setNow] = useState(() => new Date());

  useEffect(() => {
    const fit = () => setScale(screenScale(window.innerWidth, window.innerHeight));
    window.addEventListener('resize', fit);
    const tick = setInterval(() => setNow(new Date()), 1000);
    return () => {
      window.removeEventListener('resize', fit);
      clearInterval(tick);
    };
  }, []);

  // While shown, the page under the screen does not scroll.
  useEffect(() => {
    if (!active) return;
    const html = document.documentElement;
    const before = html.style.overflow;
    html.style.overflow = 'hidden';
    return () => {
      html.style.overflow = before;
    };
  }, [active]);

  // The slot under the screen reaches the window's bottom and no further: the document is no taller
  // than the window (a wall display shows no scrollbar; the console's header and tags are above it).
  const slot = useRef<HTMLDivElement>(null);
  const [slotHeight, setSlotHeight] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (!active) return;
    const fitSlot = () => {
      const el = slot.current;
      if (!el) return;
      const over = document.documentElement.scrollHeight - window.innerHeight;
      if (over > 0) setSlotHeight(Math.max(0, el.offsetHeight - over));
      else if (over < 0 && slotHeight !== null) setSlotHeight(el.offsetHeight - over);
    };
    fitSlot();
    window.addEventListener('resize', fitSlot);
    return () => window.removeEventListener('resize', fitSlot);
  }, [active, slotHeight]);

  useLiveRefresh([RESCUE_CASE_TOPIC], ['stats', 'screen', 'summary']);
  const summary = useScreen(
    'summary',
    (signal) => call(S.screenSummary, {}, { signal, silent: true }),
    POLL_MS,
  );
  const thirty = useScreen('thirty', (signal) =>
    call(SC.nearlyThirtyDealAndSave, NO_FILTERS, { signal, silent: true }),
  );
  const four = useScreen('four', (signal) =>
    call(SC.nearlyFourMonthsDeal, NO_FILTERS, { signal, silent: true }),
  );
  const causes = useScreen('causes', (signal) =>
    call(SC.elevatorHitchType, NO_FILTERS, { signal, silent: true }),
  );
  const areas = useScreen('areas', (signal) =>
    call(SC.countElevatorGroupbyArea, NO_FILTERS, { signal, silent: true }),
  );
  const timing = useScreen('timing', (signal) =>
    call(SC.emergencyDealTime, NO_FILTERS, { signal, silent: true }),
  );
  const places = useScreen('places', (signal) =>
    call(SC.elevatorLocationDistribution, NO_FILTERS, { signal, silent: true }),
  );

  const s = summary.data;
  const thirtyOption = useMemo(() => {
    const p = thirty.data?.points ?? [];
    return barOption(
      p.map((x) => x.label),
      [
        { name: '工单', values: p.map((x) => x.cases) },
        { name: '困人', values: p.map((x) => x.trappedCases), kind: 'line' },
      ],
      { dark: true },
    );
  }, [thirty.data]);
  const fourOption = useMemo(() => {
    const p = four.data?.points ?? [];
    return barOption(
      p.map((x) => x.label),
      [
        { name: '困人', values: p.map((x) => x.trappedCases) },
        { name: '解救人数', values: p.map((x) => x.freed) },
      ],
      { dark: true },
    );
  }, [four.data]);
  const areaOption = useMemo(() => {
    const r = areas.data?.rows ?? [];
    return barOption(
      r.map((x) => x.label),
      [{ name: '在用电梯', values: r.map((x) => x.value) }],
      { dark: true },
    );
  }, [areas.data]);
  const stateOption = useMemo(
    () => pie(s?.liftsByState, Object.fromEntries(Object.entries(LIFT_STATE_COLOUR).map(([k, v]) => [k, v]))),
    [s?.liftsByState],
  );
  const causeOption = useMemo(() => pie(causes.data?.rows), [causes.data]);
  const placeOption = useMemo(
    () => pie(areas.data ? places.data?.rows : undefined),
    [places.data, areas.data],
  );
  const t = timing.data;
  const fmt = (v: number | null | undefined, digits = 1) =>
    v === null || v === undefined ? '—' : v.toFixed(digits);

  return (
    // The slot keeps the console's content area the screen's size under the overlay (it does not
    // collapse to nothing behind a fixed element).
    <div
      className={css.slot}
      ref={slot}
      style={slotHeight === null ? undefined : { minHeight: 0, height: slotHeight }}
    >
      <div
        className={css.viewport}
        data-testid="data-screen"
        style={{ display: active ? undefined : 'none' }}
      >
        <div
          className={css.screen}
          style={{ width: DESIGN.width, height: DESIGN.height, transform: `scale(${scale})` }}
          data-scale={scale.toFixed(3)}
        >
          <header className={css.header}>
            <h1>南宁市电梯安全监管数据大屏</h1>
            <span className={css.clock}>
              {now.toLocaleString('zh-CN', { hour12: false, timeZone: 'Asia/Shanghai' })}
              {s?.meta.behind ? `（数据滞后约 ${Math.round(s.meta.staleSeconds / 60)} 分钟）` : ''}
            </span>
            <Button
              size="small"
              ghost
              icon={<FullscreenExitOutlined />}
              className={css.exit}
              onClick={() => navigate(DASHBOARD_PATH)}
            >
              退出大屏
            </Button>
          </header>
          <div className={css.grid}>
            <div className={css.column}>
              <Panel title="今日概况" testId="screen-today">
                <div className={css.figures}>
                  <Figure label="今日工单" value={s?.todayCases} unit="个" />
                  <Figure
                    label="今日困人"
                    value={s?.todayTrapped}
                    unit="次"
                    alert={(s?.todayTrapped ?? 0) > 0}
                  />
                  <Figure label="今日解救" value={s?.todayFreed} unit="人" />
                  <Figure
                    label="在途救援"
                    value={s?.openRescues}
                    unit="个"
                    alert={(s?.openRescues ?? 0) > 0}
                  />
                  <Figure
                    label="维保超期"
                    value={s?.overdueMaintenance}
                    unit="台"
                    alert={(s?.overdueMaintenance ?? 0) > 0}
                  />
                  <Figure
                    label="检验超期"
                    value={s?.overdueInspection}
                    unit="台"
                    alert={(s?.overdueInspection ?? 0) > 0}
                  />
                </div>
              </Panel>
              <Panel title={`电梯状态（在用 ${s?.lifts ?? '—'} 台）`}>
                <EChart option={stateOption} height={230} label="电梯状态" />
              </Panel>
              <Panel title="电梯场所分布">
                <EChart option={placeOption} height={230} label="电梯场所分布" />
              </Panel>
            </div>
            <div className={css.centre}>
              <Panel title="电梯分布（点击区域列出电梯）" testId="screen-map">
                <LiftMap
                  filters={{}}
                  dark
                  height={470}
                  refetchMs={POLL_MS}
                  selectedDistrict={drill?.query.areaCode as string | undefined}
                  onLiftClick={(id) => navigate(elevatorDetailUrl(id))}
                  onDistrictClick={(d) =>
                    setDrill({
                      ...drillFor('screenDistrictLifts', {}, { areaCode: d.adcode }),
                      title: `${d.name}的电梯`,
                    })
                  }
                />
              </Panel>
              <Panel title="近 30 天处置">
                <EChart option={thirtyOption} height={200} label="近 30 天处置" />
              </Panel>
            </div>
            <div className={css.column}>
              <Panel title="应急处置用时（近 12 个月）">
                <div className={css.figures}>
                  <Figure label="平均到达" value={fmt(t?.avgArrivalMinutes)} unit="分钟" />
                  <Figure label="平均救援" value={fmt(t?.avgRescueMinutes)} unit="分钟" />
                  <Figure
                    label="30 分钟到达率"
                    value={t?.within30Rate == null ? '—' : (t.within30Rate * 100).toFixed(1)}
                    unit="%"
                  />
                </div>
              </Panel>
              <Panel title="在途困人工单" testId="screen-open-cases">
                <ul className={css.cases}>
                  {(s?.openCases ?? []).slice(0, 6).map((c) => (
                    <li key={c.id}>
                      <span className={css.caseStatus}>{c.statusLabel}</span>
                      <span className={css.caseAddress}>
                        {c.areaName ?? ''} {c.address ?? ''}
                      </span>
                      <span className={c.waitedMinutes >= 30 ? css.figureAlert : undefined}>
                        {Math.round(c.waitedMinutes)} 分钟
                      </span>
                    </li>
                  ))}
                  {s && s.openCases.length === 0 && <li className={css.empty}>当前无在途困人工单</li>}
                </ul>
              </Panel>
              <Panel title="困人原因">
                <EChart option={causeOption} height={210} label="困人原因" />
              </Panel>
            </div>
          </div>
          <div className={css.bottom}>
            <Panel title="各区域在用电梯">
              <EChart option={areaOption} height={150} label="各区域在用电梯" />
            </Panel>
            <Panel title="近四个月困人与解救">
              <EChart option={fourOption} height={150} label="近四个月困人与解救" />
            </Panel>
          </div>
        </div>
        <DrillDrawer drill={drill} onClose={() => setDrill(null)} />
      </div>
    </div>
  );
}
