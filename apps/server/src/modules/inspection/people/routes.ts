import { inspectorCalls as C, departmentCalls as D, shanghaiToday } from '@ec/contract';
import { keysetBatches, streamXlsx } from '../../../platform/excel.ts';
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
import {
  addInspector,
  deleteInspectors,
  inspectorBatch,
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
  implement(C.export, (f, { user, reply, db }) =>
    streamXlsx(reply, {
      fileName: `检验人员_${shanghaiToday()}.xlsx`,
      sheetName: '检验人员',
      columns: [
        { header: '姓名', width: 12, value: (r) => r.name },
        { header: '性别', width: 6, value: (r) => r.genderLabel ?? '' },
        { header: '身份证号', width: 22, value: (r) => r.idNumber ?? '' },
        { header: '手机号码', width: 14, value: (r) => r.phone ?? '' },
        { header: '证书编号', width: 22, value: (r) => r.certNo },
        { header: '资格项目', width: 18, value: (r) => r.categoryLabel },
        { header: '发证机关', width: 24, value: (r) => r.issuingAuthority ?? '' },
        { header: '发证日期', width: 12, value: (r) => r.issueDate ?? '' },
        { header: '有效期至', width: 12, value: (r) => r.validUntil },
        { header: '证书状态', width: 10, value: (r) => r.certStateLabel },
        { header: '部门', width: 16, value: (r) => r.departmentName ?? '' },
        { header: '审核状态', width: 10, value: (r) => r.auditStateLabel },
        { header: '检验机构', width: 30, value: (r) => r.orgName },
      ],
      batches: keysetBatches((after, size) => inspectorBatch(db, user, f, after, size)),
    }),
  ),
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
