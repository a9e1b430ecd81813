import { RESCUE_PERMISSIONS as P } from '@ec/contract';
import { DAILY } from '../../../platform/jobs.ts';
import type { RescuePart } from '../part.ts';
import { unbindExpiredCodes } from './expiry.ts';
import { codeRoutes } from './routes.ts';
import { seedCodes } from './seed.ts';
import { seedSignboardParams } from './signboard.ts';

const list = { name: '查询应急码', perms: P.codeList };
const edit = { name: '生成与作废应急码', perms: P.codeEdit };
const claim = { name: '认领与绑定应急码', perms: P.codeClaim };

/**
 * Emergency codes (应急码): the city's pool, claims, bindings, signboards, and the public report
 * page their QR codes open. Who sees what is the data scope (codes/scope.ts); who may act, the button.
 */
export const codePart: RescuePart = {
  routes: codeRoutes,
  startSeeders: [seedSignboardParams],
  demoSeeders: [(tx) => seedCodes(tx)],
  menuButtons: {
    '/emergencyCode/signboard': [list],
    '/emergencyCode/temporaryCode': [list, edit, claim],
    '/emergencyCode/claimRecord': [list],
    '/emergencyCode/bindRecord': [list, claim],
    '/emergencyCode/claimCode': [list, edit, claim],
  },
  jobs: [
    {
      // Temporary codes past their last day come off their lifts (a 解绑 record each, by 系统).
      name: 'rescue-code-expiry',
      label: '临时应急码过期解绑',
      everyMs: DAILY,
      run: (db) => unbindExpiredCodes(db).then(() => undefined),
    },
  ],
};
