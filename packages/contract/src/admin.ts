/**
 * System settings (/permission pages): users, roles, menus, organisations, dictionaries, the
 * operation log, agreements and the enterprise directory.
 *
 * The declarations live in admin/, one file per page, named as the server's modules/system files
 * are; shared.ts holds the fields they share. This file names what the contract exports from them.
 */

export {
  AGREEMENT_KINDS,
  AGREEMENT_TITLES,
  agreement,
  agreementCalls,
  agreementKind,
} from './admin/agreement.ts';
export { dictAdminCalls, dictData, dictType } from './admin/dicts.ts';
export {
  CREDIT_CODE_INVALID,
  ENTERPRISE_KIND_LABELS,
  ENTERPRISE_KINDS,
  ENTERPRISE_SORT_FIELDS,
  enterpriseCalls,
  enterpriseKind,
  enterpriseRecord,
} from './admin/enterprise.ts';
export type { MenuTreeNode } from './admin/menus.ts';
export { MENU_TYPES, menuCalls, menuTreeNode } from './admin/menus.ts';
export type { OfficeTreeNode } from './admin/offices.ts';
export { officeCalls, officeDetail, officeTreeNode } from './admin/offices.ts';
export { OPLOG_SORT_FIELDS, operationRecord, operationRecordDetail, oplogCalls } from './admin/oplog.ts';
export type { RevealField, RevealKind } from './admin/reveal.ts';
export {
  REVEAL_FIELD_NAMES,
  REVEAL_FIELDS,
  REVEAL_KINDS,
  REVEAL_PERMISSION,
  sensitiveCalls,
} from './admin/reveal.ts';
export { roleCalls, roleDetail, roleRow } from './admin/roles.ts';
export { PERMISSION_RE } from './admin/shared.ts';
export type { UserRow } from './admin/users.ts';
export {
  roleRef,
  subMaintenanceAdmin,
  USER_SORT_FIELDS,
  userCalls,
  userDetail,
  userFields,
  userRow,
} from './admin/users.ts';
