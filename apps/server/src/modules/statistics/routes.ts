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
import { implement } from '../../platform/http/implement.ts';
import {
  faultsBy,
  faultTypeAnalysis,
  hitchTypes,
  rescueTimeAnalysis,
  seatDisposal,
  timeAnalysis,
} from './analysis.ts';
import { companyDashboard, mapPoints, regulatorDashboard, screenSummary, useUnitDashboard } from './live.ts';
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
import { readSide } from './read.ts';
import { remembered } from './remembered.ts';
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

/**
 * A statistics call answered by `answer` on the read side (replica or primary), remembered while the
 * rollups stay as they are (remembered.ts).
 */
function figure<C extends Call>(
  call: C,
  answer: (side: ReadSide, user: AuthUser, f: CallParsedInput<C>) => Promise<CallOutput<C>>,
) {
  return implement(call, async (f, ctx) => {
    const side = await readSide(ctx);
    const keep = ctx.platform.config.statsRemembered;
    return remembered(call.path, side, ctx.user, f, keep, (read) => answer(read, ctx.user, f));
  });
}

/**
 * The statistics calls: thin bindings over the figures; the map's points (a large answer, asked per
 * zoom and view) are not remembered.
 */
export const statisticsRoutes = [
  figure(S.nearlyThirtyDealAndSave, (side, user, f) => nearlyThirty(side, user, f as Filters)),
  figure(S.companyDetail, (side, user, f) => companyDetail(side, user, f as Filters)),
  figure(S.businessScale, (side, user, f) => businessScale(side, user, f as Filters)),
  figure(S.emergencyDealTime, (side, user, f) => emergencyDealTime(side, user, f as Filters)),
  figure(S.nearlyFourMonthsDeal, (side, user, f) => nearlyFourMonths(side, user, f as Filters)),
  figure(S.elevatorHitchType, (side, user, f) => hitchCauses(side, user, f as Filters)),
  figure(S.countElevatorGroupbyArea, (side, user, f) => liftsBy(side, user, f as Filters, 'area')),
  figure(S.elevatorLocationDistribution, (side, user, f) => liftsBy(side, user, f as Filters, 'occasion')),
  figure(S.elevatorBusinessScale, (side, user, f) => liftStates(side, user, f as Filters)),
  figure(S.regulation, (side, user, f) => regulation(side, user, f as Filters)),
  figure(S.elevatorProportion, (side, user, f) => liftsBy(side, user, f as Filters, 'type')),

  figure(A.timeAnalysis, (side, user, f) => timeAnalysis(side, user, f as Filters)),
  figure(A.maintenanceCompayFaultAnalysis, (side, user, f) =>
    faultsBy(side, user, f as Filters, 'maintenance'),
  ),
  figure(A.buildingCompayFaultAnalysis, (side, user, f) => faultsBy(side, user, f as Filters, 'use')),
  figure(A.manufacturingUnitFaultAnalysis, (side, user, f) =>
    faultsBy(side, user, f as Filters, 'manufacturer'),
  ),
  figure(A.yearsAnalysis, (side, user, f) => faultsBy(side, user, f as Filters, 'age')),
  figure(A.rescueTimeAnalysis, (side, user, f) => rescueTimeAnalysis(side, user, f as Filters)),
  figure(A.areaAnalysis, (side, user, f) => faultsBy(side, user, f as Filters, 'area')),
  figure(A.useOccasionAnalysis, (side, user, f) => faultsBy(side, user, f as Filters, 'occasion')),
  figure(A.faultTypeAnalysis, (side, user, f) => faultTypeAnalysis(side, user, f as Filters)),
  figure(A.seatDisposal, (side, user, f) => seatDisposal(side, user, f as Filters)),
  figure(A.getHitchType, (side, user, f) => hitchTypes(side, user, f as Filters)),

  figure(R.areaRateQuery, (side, user, f) => rateBy(side, user, f as never, 'area')),
  figure(R.maintenanceRateQuery, (side, user, f) => rateBy(side, user, f as never, 'maintenance')),
  figure(R.elevatorRateQuery, (side, user, f) => liftRates(side, user, f as never)),
  figure(R.elevatorBrandRateQuery, (side, user, f) => brandRates(side, user, f as never)),
  figure(R.maintenanceUserRateQuery, (side, user, f) => workerRates(side, user, f as never)),
  figure(R.elevatorMaintenanceRateQuery, (side, user, f) => monthlyOnTime(side, user, f as never)),
  figure(R.elevatorMaintenanceInfoQuery, (side, user, f) => orderStates(side, user, f as never)),
  figure(R.elevatorBasicInfoQuery, (side, user, f) => basicByArea(side, user, f as never)),
  figure(R.elevatorUserData, (side, user, f) => useUnitRates(side, user, f as never)),
  figure(R.elevatorAreaCountData, (side, user, f) => inspectionByArea(side, user, f as never)),
  figure(R.elevatorGroupByArea, (side, user, f) => areaOccasions(side, user, f as never)),

  figure(D.screenSummary, (side, user, f) => screenSummary(side, user, f as Filters)),
  implement(D.mapPoints, async (f, ctx) => mapPoints(await readSide(ctx), ctx.user, f as never)),
  figure(D.regulatorDashboard, (side, user, f) => regulatorDashboard(side, user, f as Filters)),
  figure(D.companyDashboard, (side, user) => companyDashboard(side, user)),
  figure(D.useUnitDashboard, (side, user) => useUnitDashboard(side, user)),
];
