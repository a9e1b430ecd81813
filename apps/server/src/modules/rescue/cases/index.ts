import { RESCUE_PERMISSIONS as P, RESCUE_CASE_TOPIC } from '@ec/contract';
import type { RescuePart } from '../part.ts';
import { escalateOverdue } from './escalate.ts';
import { caseExport } from './exports.ts';
import { caseRoutes } from './routes.ts';
import { type CaseAudience, seesCase } from './scope.ts';
import { seedCases } from './seed.ts';

const list = { name: '查询处置工单', perms: P.caseList };
const handle = { name: '接警、派遣与关闭', perms: P.caseHandle };
// An agent records the rescuer's arrival and freeing on its behalf (always at level 3).
const onBehalf = { name: '代录到达与解救', perms: P.caseRescue };

/** Cases: the call centre's and the rescuer's calls, the board's live events, the escalation job. */
export const casePart: RescuePart = {
  routes: caseRoutes,
  demoSeeders: [(tx) => seedCases(tx)],
  menuButtons: {
    '/yjcz': [list, handle, onBehalf],
    '/getrecore': [list],
    '/getrecoreDianti': [list, handle],
  },
  jobs: [
    {
      // Dispatches not accepted within the limit (a parameter, default 3 min) go to the next level.
      name: 'rescue-escalate',
      label: '救援派单超时升级',
      everyMs: 15_000,
      run: (db) => escalateOverdue(db).then(() => undefined),
    },
  ],
  exports: [caseExport],
  liveTopics: [
    {
      name: RESCUE_CASE_TOPIC,
      permissions: [P.caseList],
      sees: (user, audience) => seesCase(user, audience as CaseAudience),
    },
  ],
};
