import { STATS_PERMISSIONS as P } from '@ec/contract';
import { attachReplica, openReplica } from '../../platform/db/replica.ts';
import { defineModule } from '../../platform/module.ts';
import { refreshStats, rollupJob } from './rollup.ts';
import { statisticsRoutes } from './routes.ts';

const analysis = { name: '查看统计分析', perms: P.analysis };
const screen = { name: '查看数据大屏与地图', perms: P.screen };
const dashboard = { name: '查看首页统计', perms: P.dashboard };

const ANALYSIS_PAGES = [
  '/elevatorAnalysis/timeAnalysis',
  '/elevatorAnalysis/companyAnalysis',
  '/elevatorAnalysis/userCompanyAnalysis',
  '/elevatorAnalysis/manufacturingUnit',
  '/elevatorAnalysis/userTimeAnalysis',
  '/elevatorAnalysis/arriveTime',
  '/elevatorAnalysis/rescueTime',
  '/elevatorAnalysis/areaStatistics',
  '/elevatorAnalysis/userPlaceStatistics',
  '/elevatorAnalysis/analysisReason',
  '/elevatorAnalysis/disposalStatistics',
  '/wisdom/dataStatistics/basicStatistics',
  '/wisdom/dataStatistics/maintenanceStatistics',
  '/wisdom/dataStatistics/maintenanceRate',
  '/wisdom/dataStatistics/safetyInspectionStatistics',
  '/wisdom/decisionAnalysis/personnelAnalysis',
  '/wisdom/decisionAnalysis/elevatorAnalysis',
  '/wisdom/decisionAnalysis/maintenanceUnit',
  '/wisdom/decisionAnalysis/brandElevator',
  '/wisdom/decisionAnalysis/regionalElevator',
];

/**
 * 统计分析 (issue 18): the rollups of the registry, rescue and maintenance data (sources/, kept by
 * the job stats.rollup every 30 s), the 33 /pc/data calls, the data screen, the map and the home
 * pages' figures. Definitions in docs/statistics.md.
 */
export const statisticsModule = defineModule({
  name: 'statistics',
  routes: statisticsRoutes,
  // Last in the module list: the rollups of everything the other modules seeded.
  demoSeeders: [
    async (tx) => {
      await refreshStats(tx, { full: true });
    },
  ],
  menuButtons: {
    '/dashboard': [dashboard],
    '/dashboardMain': [dashboard],
    '/tongji': [screen],
    '/wisdom/dateKanban': [screen],
    '/wisdom/mapKanban': [screen],
    ...Object.fromEntries(ANALYSIS_PAGES.map((p) => [p, [analysis]])),
  },
  jobs: [rollupJob],
  // DATABASE_READ_URL: the statistics calls read the replica (platform/db/replica.ts).
  start: async (platform) => {
    const url = platform.config.databaseReadUrl;
    if (!url) return async () => {};
    return attachReplica(platform, openReplica(url));
  },
});
