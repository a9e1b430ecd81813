/**
 * The calls of the maintenance incentive, bound to its service.
 */
import { incentiveCalls } from '@ec/contract';
import { implement } from '../../../platform/http/implement.ts';
import { listIncentives, listRatings, rate } from './service.ts';

export const incentiveRoutes = [
  implement(incentiveCalls.queryList, (f, { user, db }) => listIncentives(db, user, f)),
  implement(incentiveCalls.detail, (f, { user, db }) => listRatings(db, user, f)),
  implement(incentiveCalls.save, (input, { user, db }) => rate(db, user, input), { tx: true }),
];
