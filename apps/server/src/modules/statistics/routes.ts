import {
  statsAnalysisCalls as A,
  statsDesignedCalls as D,
  statsRateCalls as R,
  statsScreenCalls as S,
} from '@ec/contract';
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
import type { Filters } from './query.ts';
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

/** The statistics calls: thin bindings that pick the read side (replica or primary). */
export const statisticsRoutes = [
  implement(S.nearlyThirtyDealAndSave, async (f, ctx) =>
    nearlyThirty(await readSide(ctx), ctx.user, f as Filters),
  ),
  implement(S.companyDetail, async (f, ctx) => companyDetail(await readSide(ctx), ctx.user, f as Filters)),
  implement(S.businessScale, async (f, ctx) => businessScale(await readSide(ctx), ctx.user, f as Filters)),
  implement(S.emergencyDealTime, async (f, ctx) =>
    emergencyDealTime(await readSide(ctx), ctx.user, f as Filters),
  ),
  implement(S.nearlyFourMonthsDeal, async (f, ctx) =>
    nearlyFourMonths(await readSide(ctx), ctx.user, f as Filters),
  ),
  implement(S.elevatorHitchType, async (f, ctx) => hitchCauses(await readSide(ctx), ctx.user, f as Filters)),
  implement(S.countElevatorGroupbyArea, async (f, ctx) =>
    liftsBy(await readSide(ctx), ctx.user, f as Filters, 'area'),
  ),
  implement(S.elevatorLocationDistribution, async (f, ctx) =>
    liftsBy(await readSide(ctx), ctx.user, f as Filters, 'occasion'),
  ),
  implement(S.elevatorBusinessScale, async (f, ctx) =>
    liftStates(await readSide(ctx), ctx.user, f as Filters),
  ),
  implement(S.regulation, async (f, ctx) => regulation(await readSide(ctx), ctx.user, f as Filters)),
  implement(S.elevatorProportion, async (f, ctx) =>
    liftsBy(await readSide(ctx), ctx.user, f as Filters, 'type'),
  ),

  implement(A.timeAnalysis, async (f, ctx) => timeAnalysis(await readSide(ctx), ctx.user, f as Filters)),
  implement(A.maintenanceCompayFaultAnalysis, async (f, ctx) =>
    faultsBy(await readSide(ctx), ctx.user, f as Filters, 'maintenance'),
  ),
  implement(A.buildingCompayFaultAnalysis, async (f, ctx) =>
    faultsBy(await readSide(ctx), ctx.user, f as Filters, 'use'),
  ),
  implement(A.manufacturingUnitFaultAnalysis, async (f, ctx) =>
    faultsBy(await readSide(ctx), ctx.user, f as Filters, 'manufacturer'),
  ),
  implement(A.yearsAnalysis, async (f, ctx) => faultsBy(await readSide(ctx), ctx.user, f as Filters, 'age')),
  implement(A.rescueTimeAnalysis, async (f, ctx) =>
    rescueTimeAnalysis(await readSide(ctx), ctx.user, f as Filters),
  ),
  implement(A.areaAnalysis, async (f, ctx) => faultsBy(await readSide(ctx), ctx.user, f as Filters, 'area')),
  implement(A.useOccasionAnalysis, async (f, ctx) =>
    faultsBy(await readSide(ctx), ctx.user, f as Filters, 'occasion'),
  ),
  implement(A.faultTypeAnalysis, async (f, ctx) =>
    faultTypeAnalysis(await readSide(ctx), ctx.user, f as Filters),
  ),
  implement(A.seatDisposal, async (f, ctx) => seatDisposal(await readSide(ctx), ctx.user, f as Filters)),
  implement(A.getHitchType, async (f, ctx) => hitchTypes(await readSide(ctx), ctx.user, f as Filters)),

  implement(R.areaRateQuery, async (f, ctx) => rateBy(await readSide(ctx), ctx.user, f as never, 'area')),
  implement(R.maintenanceRateQuery, async (f, ctx) =>
    rateBy(await readSide(ctx), ctx.user, f as never, 'maintenance'),
  ),
  implement(R.elevatorRateQuery, async (f, ctx) => liftRates(await readSide(ctx), ctx.user, f as never)),
  implement(R.elevatorBrandRateQuery, async (f, ctx) =>
    brandRates(await readSide(ctx), ctx.user, f as never),
  ),
  implement(R.maintenanceUserRateQuery, async (f, ctx) =>
    workerRates(await readSide(ctx), ctx.user, f as never),
  ),
  implement(R.elevatorMaintenanceRateQuery, async (f, ctx) =>
    monthlyOnTime(await readSide(ctx), ctx.user, f as never),
  ),
  implement(R.elevatorMaintenanceInfoQuery, async (f, ctx) =>
    orderStates(await readSide(ctx), ctx.user, f as never),
  ),
  implement(R.elevatorBasicInfoQuery, async (f, ctx) =>
    basicByArea(await readSide(ctx), ctx.user, f as never),
  ),
  implement(R.elevatorUserData, async (f, ctx) => useUnitRates(await readSide(ctx), ctx.user, f as never)),
  implement(R.elevatorAreaCountData, async (f, ctx) =>
    inspectionByArea(await readSide(ctx), ctx.user, f as never),
  ),
  implement(R.elevatorGroupByArea, async (f, ctx) =>
    areaOccasions(await readSide(ctx), ctx.user, f as never),
  ),

  implement(D.screenSummary, async (f, ctx) => screenSummary(await readSide(ctx), ctx.user, f as Filters)),
  implement(D.mapPoints, async (f, ctx) => mapPoints(await readSide(ctx), ctx.user, f as never)),
  implement(D.regulatorDashboard, async (f, ctx) =>
    regulatorDashboard(await readSide(ctx), ctx.user, f as Filters),
  ),
  implement(D.companyDashboard, async (_f, ctx) => companyDashboard(await readSide(ctx), ctx.user)),
  implement(D.useUnitDashboard, async (_f, ctx) => useUnitDashboard(await readSide(ctx), ctx.user)),
];
