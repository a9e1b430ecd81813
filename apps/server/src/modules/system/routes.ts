import {
  agreementCalls,
  commonCalls,
  dictAdminCalls,
  dictCalls,
  logoCalls,
  menuCalls,
  officeCalls,
  oplogCalls,
  paramCalls,
  roleCalls,
  userCalls,
} from '@ec/contract';
import { implement } from '../../platform/http/implement.ts';
import { agreementOf, saveAgreement } from './agreement.ts';
import {
  allDictionaries,
  deleteDictTypes,
  deleteDictValues,
  listDictTypes,
  listDictValues,
  saveDictType,
  saveDictValue,
} from './dicts.ts';
import { enterpriseRoutes } from './enterprise.ts';
import { deleteMenus, saveMenu, sortMenus, wholeMenuTree } from './menus.ts';
import { deleteOffices, officeDetailOf, officeTree, saveOffice } from './offices.ts';
import { exportOperations, listOperations, operationDetail } from './oplog.ts';
import { revealRoutes } from './reveal.ts';
import { deleteRoles, listRoles, roleDetailOf, saveRole } from './roles.ts';
import {
  addLogo,
  areaTree,
  deleteParams,
  health,
  listLogos,
  listParams,
  paramValue,
  saveParam,
} from './settings.ts';
import {
  deleteUsers,
  listUsers,
  maintenanceAdmins,
  resetUserPassword,
  saveUser,
  setUserStatus,
  userDetailOf,
} from './users.ts';

/**
 * Every call of the system-settings module. A handler hands its input to the feature's service
 * (settings, agreement, dicts, menus, offices, oplog, roles, users): SQL lives there. Calls that
 * write more than one statement run in one transaction (`{ tx: true }`, `ctx.db`).
 */
export const systemRoutes = [
  // settings
  implement(paramCalls.getValue, ({ configKey }, { db }) => paramValue(db, configKey)),
  implement(commonCalls.clientError, (input, { req, user }) => {
    // The message leads the line; the stack and the page stay in the record's fields.
    req.log.warn({ clientError: input, userId: user?.id ?? null }, `front-end error: ${input.message}`);
    return null;
  }),
  implement(paramCalls.query, (input, { db }) => listParams(db, input)),
  implement(paramCalls.save, (input, { db }) => saveParam(db, input)),
  implement(paramCalls.delete, (input, { db }) => deleteParams(db, input)),
  implement(logoCalls.query, (input, { db }) => listLogos(db, input)),
  implement(logoCalls.add, (input, { db, user }) => addLogo(db, user, input)),
  implement(commonCalls.health, (_input, { platform }) => health(platform)),
  implement(commonCalls.areaTree, (_input, { db }) => areaTree(db)),
  // agreement
  implement(agreementCalls.detail, (input, { db }) => agreementOf(db, input)),
  implement(agreementCalls.save, (input, { db, user }) => saveAgreement(db, user, input)),
  // dicts
  implement(dictCalls.getAllDict, (_input, { db }) => allDictionaries(db)),
  implement(dictAdminCalls.typeQuery, (input, { db }) => listDictTypes(db, input)),
  implement(dictAdminCalls.dataQuery, (input, { db }) => listDictValues(db, input)),
  implement(dictAdminCalls.typeSave, (input, { db }) => saveDictType(db, input)),
  implement(dictAdminCalls.dataSave, (input, { db }) => saveDictValue(db, input)),
  implement(dictAdminCalls.typeDelete, (input, { db }) => deleteDictTypes(db, input)),
  implement(dictAdminCalls.dataDelete, (input, { db }) => deleteDictValues(db, input)),
  // menus
  implement(menuCalls.tree, (_input, { db }) => wholeMenuTree(db)),
  implement(menuCalls.save, (input, { db, user }) => saveMenu(db, user, input), { tx: true }),
  implement(menuCalls.sort, (input, { db, user }) => sortMenus(db, user, input), { tx: true }),
  implement(menuCalls.delete, (input, { db, user }) => deleteMenus(db, user, input), { tx: true }),
  // offices
  implement(officeCalls.detail, ({ id }, { user, db }) => officeDetailOf(db, user, id)),
  implement(officeCalls.tree, (input, { db, user }) => officeTree(db, user, input)),
  implement(officeCalls.save, (input, { db, user }) => saveOffice(db, user, input), { tx: true }),
  implement(officeCalls.delete, (input, { db }) => deleteOffices(db, input), { tx: true }),
  // oplog
  implement(oplogCalls.query, (input, { db, platform }) => listOperations(db, platform.oplog, input)),
  implement(oplogCalls.detail, (input, { db, platform }) => operationDetail(db, platform.oplog, input)),
  implement(oplogCalls.export, (input, ctx) => exportOperations(ctx, input)),
  // roles
  implement(roleCalls.detail, ({ id }, { db }) => roleDetailOf(db, id)),
  implement(roleCalls.query, (input, { db }) => listRoles(db, input)),
  implement(roleCalls.save, (input, { db, user }) => saveRole(db, user, input), { tx: true }),
  implement(roleCalls.delete, (input, { db, user }) => deleteRoles(db, user, input), { tx: true }),
  // users
  implement(userCalls.detail, ({ id }, { user, db }) => userDetailOf(db, user, id)),
  implement(userCalls.query, (input, { db, user }) => listUsers(db, user, input)),
  implement(userCalls.save, (input, { db, user }) => saveUser(db, user, input), { tx: true }),
  implement(userCalls.updateStatus, (input, { db, user }) => setUserStatus(db, user, input), { tx: true }),
  implement(userCalls.resetPassword, (input, { platform, user }) => resetUserPassword(platform, user, input)),
  implement(userCalls.delete, (input, { db, user }) => deleteUsers(db, user, input), { tx: true }),
  implement(userCalls.selectSubMaintenanceAdmin, (input, { db, user }) => maintenanceAdmins(db, user, input)),
  ...enterpriseRoutes,
  ...revealRoutes,
];
