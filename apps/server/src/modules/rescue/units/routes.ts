import { rescueUnitCalls as C } from '@ec/contract';
import { implement } from '../../../platform/http/implement.ts';
import { addDuty, deleteDuty, dutyWeek, setDuty } from './duty.ts';
import { deleteGrids, gridBoard, gridDetail, gridOf, listGrids, saveGrid } from './grids.ts';
import {
  deleteStaff,
  deleteTeams,
  listStaff,
  listTeams,
  saveStaff,
  saveTeam,
  unitAccounts,
} from './teams.ts';
import { listUnits, saveUnit, unitDetail } from './units.ts';

const tx = { tx: true };

/** Rescue units, teams, staff, rosters and grids: thin bindings over the scoped services. */
export const unitRoutes = [
  implement(C.unitList, (f, { user, db }) => listUnits(db, user, f)),
  implement(C.unitDetail, ({ id }, { user, db }) => unitDetail(db, user, id)),
  implement(C.unitSave, (f, { user, db }) => saveUnit(db, user, f), tx),
  implement(C.teamList, (f, { user, db }) => listTeams(db, user, f)),
  implement(C.teamSave, (f, { user, db }) => saveTeam(db, user, f), tx),
  implement(C.teamDelete, ({ ids }, { user, db }) => deleteTeams(db, user, ids), tx),
  implement(C.staffList, (f, { user, db }) => listStaff(db, user, f)),
  implement(C.staffSave, (f, { user, db }) => saveStaff(db, user, f), tx),
  implement(C.staffDelete, ({ ids }, { user, db }) => deleteStaff(db, user, ids), tx),
  implement(C.staffAccounts, ({ unitId }, { user, db }) => unitAccounts(db, user, unitId)),
  implement(C.dutyWeek, ({ unitId, weekStart }, { user, db }) => dutyWeek(db, user, unitId, weekStart)),
  implement(C.dutyAdd, (f, { user, db }) => addDuty(db, user, f), tx),
  implement(C.dutySet, (f, { user, db }) => setDuty(db, user, f), tx),
  implement(C.dutyDelete, ({ ids }, { user, db }) => deleteDuty(db, user, ids), tx),
  implement(C.gridList, (f, { user, db }) => listGrids(db, user, f)),
  implement(C.gridDetail, ({ id }, { user, db }) => gridDetail(db, user, id)),
  implement(C.gridSave, (f, { user, db }) => saveGrid(db, user, f), tx),
  implement(C.gridDelete, ({ ids }, { user, db }) => deleteGrids(db, user, ids), tx),
  implement(C.gridOf, (f, { user, db }) => gridOf(db, user, f)),
  implement(C.board, (f, { user, db }) => gridBoard(db, user, f)),
];
