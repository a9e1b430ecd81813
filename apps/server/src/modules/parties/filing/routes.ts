/**
 * The calls of the account's own filing.
 */
import { filingCalls } from '@ec/contract';
import { implement } from '../../../platform/http/implement.ts';
import { bindCompany, myFiling } from './service.ts';

/** The account's own filing. */
export const filingRoutes = [
  implement(filingCalls.current, (_input, { user, db }) => myFiling(db, user)),
  implement(filingCalls.bindCompany, (input, { user, db }) => bindCompany(db, user, input), { tx: true }),
];
