import type { FeaturePages } from '../../app/page-loader.ts';
import { STATS_PATHS as P } from '../../lib/routes.ts';

type AnalysisModule = typeof import('./pages/analysis.tsx');
/** The analysis pages share one chunk (the kit and their configurations). */
const analysis = (name: keyof AnalysisModule) => () =>
  import('./pages/analysis.tsx').then((m) => ({ default: m[name] }));

/** The statistics pages (issue 18), joined into app/pages.tsx. */
export const statisticsPages: FeaturePages = [
  [P.timeAnalysis, analysis('TimeAnalysisPage')],
  [P.companyAnalysis, analysis('CompanyAnalysisPage')],
  [P.userCompanyAnalysis, analysis('UserCompanyAnalysisPage')],
  [P.manufacturingUnit, analysis('ManufacturingUnitPage')],
  [P.userTimeAnalysis, analysis('UserTimeAnalysisPage')],
  [P.arriveTime, analysis('ArriveTimePage')],
  [P.rescueTime, analysis('RescueTimePage')],
  [P.areaStatistics, analysis('AreaStatisticsPage')],
  [P.userPlaceStatistics, analysis('UserPlaceStatisticsPage')],
  [P.analysisReason, analysis('AnalysisReasonPage')],
  [P.disposalStatistics, analysis('DisposalStatisticsPage')],
  [P.basicStatistics, analysis('BasicStatisticsPage')],
  [P.maintenanceStatistics, analysis('MaintenanceStatisticsPage')],
  [P.maintenanceRate, analysis('MaintenanceRatePage')],
  [P.safetyInspectionStatistics, analysis('SafetyInspectionStatisticsPage')],
  [P.personnelAnalysis, analysis('PersonnelAnalysisPage')],
  [P.elevatorAnalysis, analysis('ElevatorDecisionPage')],
  [P.maintenanceUnit, analysis('MaintenanceUnitDecisionPage')],
  [P.brandElevator, analysis('BrandElevatorPage')],
  [P.regionalElevator, analysis('RegionalElevatorPage')],
  [[P.dateKanban, P.tongji], () => import('./pages/DataScreenPage.tsx')],
  [P.mapKanban, () => import('./pages/MapKanbanPage.tsx')],
];
