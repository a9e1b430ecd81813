import {
  statsAnalysisCalls as A,
  AGE_BANDS,
  type FaultOutput,
  type FaultRow,
  statsRateCalls as R,
  type RateRow,
  type RescueTimeAnalysis,
  type RescueTimeRow,
} from '@ec/contract';
import { elevatorDetailUrl } from '../../../lib/routes.ts';
import { type AnalysisConfig, AnalysisPage, chartOf, tableOf } from '../kit/AnalysisPage.tsx';
import { barOption, pieOption } from '../kit/charts.ts';
import { type DrillName, STATS_DRILLS } from '../kit/drills.ts';
import type { Narrowing, StatColumn } from '../kit/query.ts';

/*
 * The analysis pages (电梯分析 /elevatorAnalysis, 数据统计 and 决策分析 under /wisdom): each a
 * configuration of the kit over its contract call. Drill-downs open the list whose total is the
 * clicked figure: 困人 cases by district or month, lifts in use by company / use unit / use occasion
 * or district, maintenance orders by district, company or month (应维保: up to today).
 * stats-drill.test.ts (server) checks each of them against its list.
 */

const name = <R extends { label: string }>(title = '名称'): StatColumn<R> => ({
  key: 'label',
  title,
  value: (r) => r.label,
  format: 'text',
});
const num = <R,>(
  key: keyof R & string,
  title: string,
  format: StatColumn<R>['format'] = 'int',
): StatColumn<R> => ({
  key,
  title,
  value: (r) => r[key] as number | null,
  format,
});
/** A key that names a record (not 0 / '' = 无 / 未填). */
const real = (key: string) => key !== '' && key !== '0';

const FAULT_COLUMNS = (first: string): StatColumn<FaultRow>[] => [
  name(first),
  num('lifts', '在用电梯（台）'),
  num('trappedCases', '困人（次）'),
  num('faults', '故障报修（次）'),
  num('trappedPer100', '困人率（次/百台·月）', 'per100'),
  num('faultPer100', '故障率（次/百台·月）', 'per100'),
];

function faultView(first: string, drill?: (r: FaultRow) => Narrowing | null, top = 20) {
  return (d: FaultOutput) => {
    const rows = d.rows;
    const shown = rows.slice(0, top);
    return {
      charts: [
        chartOf({
          title: `困人与故障（前 ${Math.min(top, rows.length)} 名）`,
          rows: shown,
          drill,
          option: barOption(
            shown.map((r) => r.label || '未填'),
            [
              { name: '困人', values: shown.map((r) => r.trappedCases) },
              { name: '故障报修', values: shown.map((r) => r.faults) },
              { name: '困人率', values: shown.map((r) => r.trappedPer100), kind: 'line', right: true },
            ],
          ),
          span: 24,
          height: 360,
        }),
      ],
      table: tableOf({ columns: FAULT_COLUMNS(first), rows, drill }),
    };
  };
}

const RESCUE_COLUMNS: StatColumn<RescueTimeRow>[] = [
  name('区域'),
  num('cases', '困人（次）'),
  num('arrived', '已到达'),
  num('within30', '30 分钟内到达'),
  num('within30Rate', '30 分钟到达率', 'rate'),
  num('avgArrivalMinutes', '平均到达用时', 'minutes'),
  num('avgRescueMinutes', '平均救援用时', 'minutes'),
  num('freed', '解救人数'),
];

const byArea = (r: { key: string }): Narrowing | null => (real(r.key) ? { areaCode: r.key } : null);

function rescueView(focus: 'arrive' | 'rescue') {
  return (d: RescueTimeAnalysis) => ({
    charts: [
      chartOf({
        title: '到达用时分布',
        rows: d.buckets,
        option: pieOption(d.buckets.map((b) => ({ name: b.label, value: b.value }))),
      }),
      chartOf({
        title: focus === 'arrive' ? '各区域到达用时与 30 分钟到达率' : '各区域救援用时与解救人数',
        rows: d.rows,
        drill: byArea,
        option: barOption(
          d.rows.map((r) => r.label),
          focus === 'arrive'
            ? [
                { name: '平均到达用时（分钟）', values: d.rows.map((r) => r.avgArrivalMinutes) },
                {
                  name: '30 分钟到达率',
                  values: d.rows.map((r) => r.within30Rate),
                  kind: 'line',
                  rate: true,
                },
              ]
            : [
                { name: '平均救援用时（分钟）', values: d.rows.map((r) => r.avgRescueMinutes) },
                { name: '解救人数', values: d.rows.map((r) => r.freed), kind: 'line', right: true },
              ],
        ),
      }),
    ],
    table: tableOf({
      columns: RESCUE_COLUMNS,
      rows: d.rows,
      sum: { ...d.total, key: 'sum', label: '合计' },
      drill: byArea,
    }),
  });
}

const RATE_COLUMNS = (first: string): StatColumn<RateRow>[] => [
  name(first),
  num('lifts', '电梯（台）'),
  num('due', '应维保（次）'),
  num('onTime', '按时完成'),
  num('onTimeRate', '按时维保率', 'rate'),
  num('overdueLifts', '超期电梯'),
  num('overdueRate', '超期率', 'rate'),
  num('trappedCases', '困人（次）'),
  num('trappedPer100', '困人率（次/百台·月）', 'per100'),
  num('within30Rate', '30 分钟到达率', 'rate'),
  num('avgArrivalMinutes', '平均到达用时', 'minutes'),
];

type Page<R> = { records: R[]; sum: R };

function rateView(first: string, trapped: DrillName, drill?: (r: RateRow) => Narrowing | null) {
  return (d: Page<RateRow>) => {
    const shown = d.records.slice(0, 20);
    return {
      charts: [
        chartOf({
          title: '按时维保率与超期率',
          rows: shown,
          drill,
          option: barOption(
            shown.map((r) => r.label),
            [
              { name: '应维保', values: shown.map((r) => r.due) },
              { name: '按时完成', values: shown.map((r) => r.onTime) },
              { name: '按时维保率', values: shown.map((r) => r.onTimeRate), kind: 'line', rate: true },
            ],
          ),
        }),
        chartOf({
          title: '困人与到达',
          rows: shown,
          drill,
          // 困人 is a count of cases: a click lists them, not the orders.
          drills: trapped,
          option: barOption(
            shown.map((r) => r.label),
            [
              { name: '困人', values: shown.map((r) => r.trappedCases) },
              { name: '30 分钟到达率', values: shown.map((r) => r.within30Rate), kind: 'line', rate: true },
            ],
          ),
        }),
      ],
      table: tableOf({ columns: RATE_COLUMNS(first), rows: d.records, sum: d.sum, drill }),
    };
  };
}

const make = <C extends Parameters<typeof AnalysisPage>[0]['config']['call']>(config: AnalysisConfig<C>) => {
  // A page drills into the figure of its own call (the drill's agreement is probed on that call).
  if (config.drills && STATS_DRILLS[config.drills].call.path !== config.call.path)
    throw new Error(`${config.call.path}: drill ${config.drills} is of another call`);
  // biome-ignore lint/correctness/noComponentHookFactories: called once per page, at module level
  return function StatsPage() {
    return <AnalysisPage config={config} />;
  };
};

// ——— 电梯分析 (/elevatorAnalysis) ———

export const TimeAnalysisPage = make({
  call: A.timeAnalysis,
  note: '困人工单按报警时间（北京时间）的小时、星期与月份分布',
  drills: 'timeAnalysisMonths',
  view: (d) => {
    const months = d.months;
    const rows = [
      ...d.hours.map((r) => ({ ...r, key: `hour:${r.key}`, group: '小时' })),
      ...d.weekdays.map((r) => ({ ...r, key: `weekday:${r.key}`, group: '星期' })),
      ...months.map((r) => ({ ...r, key: `month:${r.key}`, group: '月份' })),
    ];
    const byMonth = (r: { key: string }): Narrowing | null => {
      const m = r.key.replace(/^month:/, '');
      return /^\d{4}-\d{2}$/.test(m) ? { month: m } : null;
    };
    return {
      charts: [
        chartOf({
          title: '困人时段（按小时）',
          rows: d.hours,
          option: barOption(
            d.hours.map((h) => h.label),
            [{ name: '困人', values: d.hours.map((h) => h.value) }],
          ),
          span: 24,
        }),
        chartOf({
          title: '按星期',
          rows: d.weekdays,
          option: barOption(
            d.weekdays.map((h) => h.label),
            [{ name: '困人', values: d.weekdays.map((h) => h.value) }],
          ),
        }),
        chartOf({
          title: '按月份',
          rows: months,
          drill: byMonth,
          option: barOption(
            months.map((h) => h.label),
            [{ name: '困人', values: months.map((h) => h.value), kind: 'line' }],
          ),
        }),
      ],
      table: tableOf({
        columns: [
          { key: 'group', title: '分组', value: (r) => r.group, format: 'text' },
          name('时段'),
          num('value', '困人（次）'),
        ],
        rows,
        sum: { key: 'sum', label: '', group: '合计', value: d.total },
        drill: byMonth,
      }),
    };
  },
});

export const CompanyAnalysisPage = make({
  call: A.maintenanceCompayFaultAnalysis,
  note: '按维保单位：在用电梯、期间内困人与故障报修、每百台每月的困人率与故障率（前 50 名）',
  drills: 'maintenanceCompanyLifts',
  view: faultView('维保单位', (r) => (real(r.key) ? { maintenanceCompanyId: Number(r.key) } : null)),
});

export const UserCompanyAnalysisPage = make({
  call: A.buildingCompayFaultAnalysis,
  note: '按使用单位：在用电梯、期间内困人与故障报修、每百台每月的困人率与故障率（前 50 名）',
  drills: 'useCompanyLifts',
  view: faultView('使用单位', (r) => (real(r.key) ? { useCompanyId: Number(r.key) } : null)),
});

export const ManufacturingUnitPage = make({
  call: A.manufacturingUnitFaultAnalysis,
  note: '按制造单位（登记所填）：每百台每月的困人率与故障率',
  view: faultView('制造单位'),
});

export const UserTimeAnalysisPage = make({
  call: A.yearsAnalysis,
  note: `按梯龄（当年减出厂年份，无则安装年份）：${AGE_BANDS.map((b) => b.label).join('、')}`,
  view: faultView('梯龄'),
});

export const ArriveTimePage = make({
  call: A.rescueTimeAnalysis,
  note: '困人工单从报警到到达现场的用时；30 分钟到达率 = 30 分钟内到达 / 已到达',
  drills: 'rescueTimeAreaCases',
  view: rescueView('arrive'),
});

export const RescueTimePage = make({
  call: A.rescueTimeAnalysis,
  note: '困人工单从到达现场到解救完成的用时，解救人数',
  drills: 'rescueTimeAreaCases',
  view: rescueView('rescue'),
});

export const AreaStatisticsPage = make({
  call: A.areaAnalysis,
  note: '各区域困人率：期间内困人次数 / 在用电梯台数 / 月数 × 100；点击区域查看困人工单',
  drills: 'areaTrappedCases',
  view: faultView('区域', byArea),
});

export const UserPlaceStatisticsPage = make({
  call: A.useOccasionAnalysis,
  note: '按使用场所：在用电梯、困人与故障；点击场所查看该场所的电梯',
  drills: 'useOccasionLifts',
  view: faultView('使用场所', (r) => (r.key !== '' ? { useOccasion: r.key } : null)),
});

export const AnalysisReasonPage = make({
  call: A.faultTypeAnalysis,
  note: '困人工单关闭时填写的原因（DOMAIN §4.3）及其细项',
  view: (d) => {
    const rows = d.rows.flatMap((c) => [
      {
        key: c.key,
        label: c.label,
        cause: c.label,
        detail: '（小计）',
        value: c.value,
        share: d.total ? c.value / d.total : null,
      },
      ...c.details.map((x) => ({
        key: `${c.key}:${x.key}`,
        label: x.label,
        cause: c.label,
        detail: x.label,
        value: x.value,
        share: d.total ? x.value / d.total : null,
      })),
    ]);
    return {
      charts: [
        chartOf({
          title: '困人原因占比',
          rows: d.rows,
          option: pieOption(d.rows.map((r) => ({ name: r.label, value: r.value }))),
        }),
        chartOf({
          title: '困人原因',
          rows: d.rows,
          option: barOption(
            d.rows.map((r) => r.label),
            [{ name: '困人', values: d.rows.map((r) => r.value) }],
            { horizontal: true },
          ),
        }),
      ],
      table: tableOf({
        columns: [
          { key: 'cause', title: '原因', value: (r) => r.cause, format: 'text' },
          { key: 'detail', title: '细项', value: (r) => r.detail, format: 'text' },
          num('value', '困人（次）'),
          num('share', '占比', 'rate'),
        ],
        rows,
        sum: { key: 'sum', label: '', cause: '合计', detail: '', value: d.total, share: d.total ? 1 : null },
      }),
    };
  },
});

export const DisposalStatisticsPage = make({
  call: A.seatDisposal,
  note: '96333 坐席受理的工单：按坐席、类型与来源；点击类型查看工单',
  drills: 'seatDisposalKinds',
  view: (d) => ({
    charts: [
      chartOf({
        title: '工单类型',
        rows: d.kinds,
        drill: (r) => (Number(r.key) >= 1 ? { kind: Number(r.key) } : null),
        option: pieOption(d.kinds.map((r) => ({ name: r.label, value: r.value }))),
      }),
      chartOf({
        title: '工单来源',
        rows: d.sources,
        option: pieOption(d.sources.map((r) => ({ name: r.label, value: r.value }))),
      }),
    ],
    table: tableOf({
      columns: [
        name('坐席'),
        num('cases', '工单（个）'),
        num('trappedCases', '困人'),
        num('faults', '故障报修'),
        num('enquiries', '咨询'),
        num('complaints', '投诉'),
        num('falseAlarms', '误报'),
        num('avgDispatchMinutes', '平均派遣用时', 'minutes'),
      ],
      rows: d.rows,
    }),
  }),
});

// ——— 数据统计 (/wisdom/dataStatistics) ———

export const BasicStatisticsPage = make({
  call: R.elevatorBasicInfoQuery,
  limit: 500,
  period: false,
  note: '登记的电梯按区域：在用、停用、报废，直梯与扶梯，维保覆盖，公众聚集场所；点击区域查看在用电梯',
  drills: 'basicInfoAreaLifts',
  view: (d) => ({
    charts: [
      chartOf({
        title: '各区域电梯',
        rows: d.records,
        drill: byArea,
        option: barOption(
          d.records.map((r) => r.label),
          [
            { name: '在用', values: d.records.map((r) => r.inUse), stack: 's' },
            { name: '停用', values: d.records.map((r) => r.stopped), stack: 's' },
            { name: '报废', values: d.records.map((r) => r.scrapped), stack: 's' },
          ],
        ),
      }),
      chartOf({
        title: '在用电梯类型',
        option: pieOption([
          { name: '直梯', value: d.sum.vertical },
          { name: '扶梯', value: d.sum.escalator },
        ]),
      }),
    ],
    table: tableOf({
      columns: [
        name('区域'),
        num('total', '登记（台）'),
        num('inUse', '在用'),
        num('stopped', '停用'),
        num('scrapped', '报废'),
        num('vertical', '直梯'),
        num('escalator', '扶梯'),
        num('maintained', '有维保单位'),
        num('publicPlaces', '公众聚集场所'),
      ],
      rows: d.records,
      sum: d.sum,
      drill: byArea,
    }),
  }),
});

export const MaintenanceStatisticsPage = make({
  call: R.elevatorMaintenanceInfoQuery,
  limit: 500,
  note: '期间内计划的维保工单按区域与状态；点击区域查看工单',
  drills: 'maintenanceInfoAreaOrders',
  view: (d) => ({
    charts: [
      chartOf({
        title: '各区域维保工单',
        rows: d.records,
        drill: byArea,
        span: 24,
        option: barOption(
          d.records.map((r) => r.label),
          [
            { name: '计划', values: d.records.map((r) => r.planned) },
            { name: '已完成', values: d.records.map((r) => r.completed) },
            { name: '过期未做', values: d.records.map((r) => r.late) },
            { name: '超期电梯', values: d.records.map((r) => r.overdueLifts), kind: 'line', right: true },
          ],
        ),
      }),
    ],
    table: tableOf({
      columns: [
        name('区域'),
        num('planned', '计划（个）'),
        num('late', '过期未做'),
        num('awaitingConfirm', '待确认'),
        num('completed', '已完成'),
        num('approved', '审核通过'),
        num('rejected', '驳回'),
        num('overdueLifts', '超期电梯'),
      ],
      rows: d.records,
      sum: d.sum,
      drill: byArea,
    }),
  }),
});

export const MaintenanceRatePage = make({
  call: R.elevatorMaintenanceRateQuery,
  limit: 500,
  note: '按时维保率 = 按计划日期按时完成的半月维保 / 应维保次数（按月）；点击月份查看工单',
  drills: 'maintenanceRateMonthDue',
  view: (d) => {
    const byMonth = (r: { key: string }): Narrowing | null =>
      /^\d{4}-\d{2}$/.test(r.key) ? { month: r.key } : null;
    return {
      charts: [
        chartOf({
          title: '按时维保率（按月）',
          rows: d.records,
          drill: byMonth,
          span: 24,
          option: barOption(
            d.records.map((r) => r.label),
            [
              { name: '应维保', values: d.records.map((r) => r.due) },
              { name: '按时完成', values: d.records.map((r) => r.onTime) },
              { name: '按时维保率', values: d.records.map((r) => r.onTimeRate), kind: 'line', rate: true },
            ],
          ),
        }),
      ],
      table: tableOf({
        columns: [
          name('月份'),
          num('lifts', '电梯（台）'),
          num('due', '应维保（次）'),
          num('completed', '已完成'),
          num('onTime', '按时完成'),
          num('onTimeRate', '按时维保率', 'rate'),
          num('overdueLifts', '超期电梯'),
          num('overdueRate', '超期率', 'rate'),
        ],
        rows: d.records,
        sum: d.sum,
        drill: byMonth,
      }),
    };
  },
});

export const SafetyInspectionStatisticsPage = make({
  call: R.elevatorAreaCountData,
  limit: 500,
  note: '定期检验按区域：超期未检、30 天内到期、期间内检验与合格率；点击区域查看超期未检的电梯',
  drills: 'inspectionAreaOverdue',
  view: (d) => ({
    charts: [
      chartOf({
        title: '各区域超期未检与即将到期',
        rows: d.records,
        drill: byArea,
        span: 24,
        option: barOption(
          d.records.map((r) => r.label),
          [
            { name: '超期未检', values: d.records.map((r) => r.overdue) },
            { name: '30 天内到期', values: d.records.map((r) => r.dueSoon) },
            { name: '检验合格率', values: d.records.map((r) => r.passRate), kind: 'line', rate: true },
          ],
        ),
      }),
    ],
    table: tableOf({
      columns: [
        name('区域'),
        num('lifts', '在用电梯（台）'),
        num('overdue', '超期未检'),
        num('dueSoon', '30 天内到期'),
        num('inspected', '期间内检验'),
        num('passed', '合格'),
        num('passRate', '检验合格率', 'rate'),
      ],
      rows: d.records,
      sum: d.sum,
      drill: byArea,
    }),
  }),
});

// ——— 决策分析 (/wisdom/decisionAnalysis) ———

export const PersonnelAnalysisPage = make({
  call: R.maintenanceUserRateQuery,
  limit: 500,
  note: '维保人员期间内签署的维保：完成、按时、平均作业时长',
  view: (d) => {
    const shown = d.records.slice(0, 20);
    return {
      charts: [
        chartOf({
          title: '维保人员作业（前 20 名）',
          rows: shown,
          span: 24,
          option: barOption(
            shown.map((r) => r.label),
            [
              { name: '维保（次）', values: shown.map((r) => r.orders) },
              { name: '按时完成', values: shown.map((r) => r.onTime) },
              {
                name: '平均作业时长（分钟）',
                values: shown.map((r) => r.avgDurationMinutes),
                kind: 'line',
                right: true,
              },
            ],
          ),
        }),
      ],
      table: tableOf({
        columns: [
          name('维保人员'),
          { key: 'companyName', title: '维保单位', value: (r) => r.companyName ?? '', format: 'text' },
          num('orders', '维保（次）'),
          num('completed', '已完成'),
          num('onTime', '按时完成'),
          num('onTimeRate', '按时维保率', 'rate'),
          num('avgDurationMinutes', '平均作业时长', 'minutes'),
        ],
        rows: d.records,
        sum: d.sum,
      }),
    };
  },
});

export const ElevatorDecisionPage = make({
  call: R.elevatorRateQuery,
  limit: 100,
  note: '困人最多的电梯（前 100 台）；点击电梯打开其详情',
  openRow: (key) => (/^\d+$/.test(key) ? elevatorDetailUrl(Number(key)) : null),
  view: (d) => {
    const shown = d.records.slice(0, 20);
    return {
      charts: [
        chartOf({
          title: '困人最多的电梯（前 20 台）',
          rows: shown,
          span: 24,
          height: 420,
          option: barOption(
            shown.map((r) => r.registerCode),
            [
              { name: '困人', values: shown.map((r) => r.trappedCases) },
              { name: '故障报修', values: shown.map((r) => r.faults) },
            ],
            { horizontal: true },
          ),
        }),
      ],
      table: tableOf({
        columns: [
          { key: 'registerCode', title: '注册代码', value: (r) => r.registerCode, format: 'text' },
          { key: 'address', title: '地址', value: (r) => r.address, format: 'text' },
          { key: 'areaName', title: '区域', value: (r) => r.areaName ?? '', format: 'text' },
          {
            key: 'maintenanceCompanyName',
            title: '维保单位',
            value: (r) => r.maintenanceCompanyName ?? '',
            format: 'text',
          },
          num('trappedCases', '困人（次）'),
          num('faults', '故障报修'),
          num('onTimeRate', '按时维保率', 'rate'),
          num('avgArrivalMinutes', '平均到达用时', 'minutes'),
        ],
        rows: d.records,
      }),
    };
  },
});

export const MaintenanceUnitDecisionPage = make({
  call: R.maintenanceRateQuery,
  limit: 500,
  note: '维保单位综合指标：按时维保率、超期率、困人率、30 分钟到达率；点击单位查看其应维保工单',
  drills: 'maintenanceUnitDue',
  view: rateView('维保单位', 'maintenanceUnitTrapped', (r) =>
    real(r.key) ? { maintenanceCompanyId: Number(r.key) } : null,
  ),
});

export const BrandElevatorPage = make({
  call: R.elevatorBrandRateQuery,
  limit: 500,
  note: '按品牌（登记所填）：每百台每月的困人率与故障率',
  view: (d) => faultView('品牌')({ meta: d.meta, months: 0, rows: d.records }),
});

export const RegionalElevatorPage = make({
  call: R.areaRateQuery,
  limit: 500,
  note: '各区域综合指标；点击区域查看期间内的应维保工单',
  drills: 'areaRateDue',
  view: rateView('区域', 'areaRateTrapped', byArea),
});
