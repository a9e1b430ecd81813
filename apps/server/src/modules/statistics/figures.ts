import {
  statsAnalysisCalls as A,
  type Call,
  type CallOutput,
  type CallParsedInput,
  statsDesignedCalls as D,
  statsRateCalls as R,
  statsScreenCalls as S,
} from '@ec/contract';
import type { AuthUser } from '../../platform/access.ts';
import {
  faultsBy,
  faultTypeAnalysis,
  hitchTypes,
  rescueTimeAnalysis,
  seatDisposal,
  timeAnalysis,
} from './analysis.ts';
import { companyDashboard, regulatorDashboard, screenSummary, useUnitDashboard } from './live.ts';
import type { Filters, ReadSide } from './query.ts';
import {
  areaOccasions,
  basicByArea,
  brandRates,
  inspectionByArea,
  liftRates,
  monthlyOnTime,
  orderStates,
  rateBy,
  useUnitRates,
  workerRates,
} from './rates.ts';
import {
  businessScale,
  companyDetail,
  emergencyDealTime,
  hitchCauses,
  liftStates,
  liftsBy,
  nearlyFourMonths,
  nearlyThirty,
  regulation,
} from './screen.ts';

/** A statistics call and the figure that answers it, computed on a read side for a user. */
export interface Figure {
  call: Call;
  answer(side: ReadSide, user: AuthUser, input: unknown): Promise<unknown>;
}

function figureOf<C extends Call>(
  call: C,
  answer: (side: ReadSide, user: AuthUser, f: CallParsedInput<C>) => Promise<CallOutput<C>>,
): Figure {
  return { call, answer: answer as Figure['answer'] };
}

/**
 * Every remembered statistics call with its figure, listed once: routes.ts binds them to the HTTP
 * calls, and tools/bench/stats-explain.ts times the same figures statement by statement.
 */
export const figures: Figure[] = [
  figureOf(S.nearlyThirtyDealAndSave, (side, user, f) => nearlyThirty(side, user, f as Filters)),
  figureOf(S.companyDetail, (side, user, f) => companyDetail(side, user, f as Filters)),
  figureOf(S.businessScale, (side, user, f) => businessScale(side, user, f as Filters)),
  figureOf(S.emergencyDealTime, (side, user, f) => emergencyDealTime(side, user, f as Filters)),
  figureOf(S.nearlyFourMonthsDeal, (side, user, f) => nearlyFourMonths(side, user, f as Filters)),
  figureOf(S.elevatorHitchType, (side, user, f) => hitchCauses(side, user, f as Filters)),
  figureOf(S.countElevatorGroupbyArea, (side, user, f) => liftsBy(side, user, f as Filters, 'area')),
  figureOf(S.elevatorLocationDistribution, (side, user, f) => liftsBy(side, user, f as Filters, 'occasion')),
  figureOf(S.elevatorBusinessScale, (side, user, f) => liftStates(side, user, f as Filters)),
  figureOf(S.regulation, (side, user, f) => regulation(side, user, f as Filters)),
  figureOf(S.elevatorProportion, (side, user, f) => liftsBy(side, user, f as Filters, 'type')),

  figureOf(A.timeAnalysis, (side, user, f) => timeAnalysis(side, user, f as Filters)),
  figureOf(A.maintenanceCompayFaultAnalysis, (side, user, f) =>
    faultsBy(side, user, f as Filters, 'maintenance'),
  ),
  figureOf(A.buildingCompayFaultAnalysis, (side, user, f) => faultsBy(side, user, f as Filters, 'use')),
  figureOf(A.manufacturingUnitFaultAnalysis, (side, user, f) =>
    faultsBy(side, user, f as Filters, 'manufacturer'),
  ),
  figureOf(A.yearsAnalysis, (side, user, f) => faultsBy(side, user, f as Filters, 'age')),
  figureOf(A.rescueTimeAnalysis, (side, user, f) => rescueTimeAnalysis(side, user, f as Filters)),
  figureOf(A.areaAnalysis, (side, user, f) => faultsBy(side, user, f as Filters, 'area')),
  figureOf(A.useOccasionAnalysis, (side, user, f) => faultsBy(side, user, f as Filters, 'occasion')),
  figureOf(A.faultTypeAnalysis, (side, user, f) => faultTypeAnalysis(side, user, f as Filters)),
  figureOf(A.seatDisposal, (side, user, f) => seatDisposal(side, user, f as Filters)),
  figureOf(A.getHitchType, (side, user, f) => hitchTypes(side, user, f as Filters)),

  figureOf(R.areaRateQuery, (side, user, f) => rateBy(side, user, f as never, 'area')),
  figureOf(R.maintenanceRateQuery, (side, user, f) => rateBy(side, user, f as never, 'maintenance')),
  figureOf(R.elevatorRateQuery, (side, user, f) => liftRates(side, user, f as never)),
  figureOf(R.elevatorBrandRateQuery, (side, user, f) => brandRates(side, user, f as never)),
  figureOf(R.maintenanceUserRateQuery, (side, user, f) => workerRates(side, user, f as never)),
  figureOf(R.elevatorMaintenanceRateQuery, (side, user, f) => monthlyOnTime(side, user, f as never)),
  figureOf(R.elevatorMaintenanceInfoQuery, (side, user, f) => orderStates(side, user, f as never)),
  figureOf(R.elevatorBasicInfoQuery, (side, user, f) => basicByArea(side, user, f as never)),
  figureOf(R.elevatorUserData, (side, user, f) => useUnitRates(side, user, f as never)),
  figureOf(R.elevatorAreaCountData, (side, user, f) => inspectionByArea(side, user, f as never)),
  figureOf(R.elevatorGroupByArea, (side, user, f) => areaOccasions(side, user, f as never)),

  figureOf(D.screenSummary, (side, user, f) => screenSummary(side, user, f as Filters)),
  figureOf(D.regulatorDashboard, (side, user, f) => regulatorDashboard(side, user, f as Filters)),
  figureOf(D.companyDashboard, (side, user) => companyDashboard(side, user)),
  figureOf(D.useUnitDashboard, (side, user) => useUnitDashboard(side, user)),
];
