import { RESCUE_PERMISSIONS } from '@ec/contract';
import type { RescuePart } from '../part.ts';
import { unitRoutes } from './routes.ts';
import { seedRescueUnits } from './seed.ts';

const list = { name: '查询救援单位与网格', perms: RESCUE_PERMISSIONS.unitList };
const edit = { name: '维护救援单位、队伍、人员、值班与网格', perms: RESCUE_PERMISSIONS.unitEdit };

/**
 * Rescue units, teams (jiuYuanDui), staff, duty rosters, grids and the grid board. Its demo data
 * comes before the cases' (they look up the grid of each lift).
 */
export const unitPart: RescuePart = {
  routes: unitRoutes,
  demoSeeders: [(tx) => seedRescueUnits(tx)],
  menuButtons: {
    '/rescue/rescueUnit': [list, edit],
    '/rescue/rescueGrid': [list, edit],
    '/rescue/rescueGridBoard': [list],
    '/jiuYuanDui': [list, edit],
  },
};
