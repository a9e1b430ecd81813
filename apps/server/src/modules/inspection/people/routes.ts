import { inspectorCalls as C, departmentCalls as D } from '@ec/contract';
import { exportList } from '../../../platform/exports.ts';
import { implement } from '../../../platform/http/implement.ts';
import { auditRoutes } from '../../../platform/workflow/audit-desk.ts';
import { inspectorDesk } from './audit.ts';
import {
  addDepartment,
  deleteDepartments,
  departmentDetail,
  distribute,
  listDepartments,
  removeFromDepartment,
  updateDepartment,
} from './departments.ts';
import { inspectorExport } from './exports.ts';
import {
  addInspector,
  deleteInspectors,
  inspectorDetail,
  listInspectors,
  passedInspectors,
  updateInspector,
} from './inspectors.ts';

const tx = { tx: true };

/** Inspectors, their audit and departments: thin bindings over the scoped services. */
export const peopleRoutes = [
  implement(C.query, (f, { user, db }) => listInspectors(db, user, f)),
  implement(C.add, (f, { user, db, platform }) => addInspector(db, platform.storage, user, f), tx),
  implement(C.update, (f, { user, db, platform }) => updateInspector(db, platform.storage, user, f), tx),
  implement(C.delete, ({ ids }, { user, db }) => deleteInspectors(db, user, ids), tx),
  implement(C.list, (f, { user, db }) => passedInspectors(db, user, f)),
  implement(C.export, (f, ctx) => exportList(ctx, inspectorExport, f)),
  implement(C.get, ({ id }, { user, db }) => inspectorDetail(db, user, id)),
  ...auditRoutes(inspectorDesk, {
    list: C.auditList,
    detail: C.auditGet,
    pass: C.auditPass,
    reject: C.auditReject,
    delete: C.auditDelete,
  }),
  implement(D.query, (f, { user, db }) => listDepartments(db, user, f)),
  implement(D.add, (f, { user, db }) => addDepartment(db, user, f), tx),
  implement(D.update, (f, { user, db }) => updateDepartment(db, user, f), tx),
  implement(D.delete, ({ ids }, { user, db }) => deleteDepartments(db, user, ids), tx),
  implement(D.get, ({ id }, { user, db }) => departmentDetail(db, user, id)),
  implement(D.distribution, (f, { user, db }) => distribute(db, user, f), tx),
  implement(D.remove, (f, { user, db }) => removeFromDepartment(db, user, f), tx),
];
