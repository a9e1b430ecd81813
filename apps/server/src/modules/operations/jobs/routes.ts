import { jobCalls as J } from '@ec/contract';
import { implement } from '../../../platform/http/implement.ts';
import { listJobs, listRuns, runJobNow } from './service.ts';

export const jobRoutes = [
  implement(J.query, (f, { platform, db }) => listJobs(platform, db, f)),
  implement(J.runs, (f, { platform, db }) => listRuns(platform, db, f)),
  implement(J.run, ({ name }, { platform }) => runJobNow(platform, name)),
];
