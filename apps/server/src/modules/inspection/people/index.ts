import { INSPECTION_PERMISSIONS as P } from '@ec/contract';
import type { ModulePart } from '../../../platform/module.ts';
import { inspectorExport } from './exports.ts';
import { peopleRoutes } from './routes.ts';
import { seedInspectionPeople } from './seed.ts';
import { signatureFiles } from './signature.ts';

const inspectorList = { name: '查询检验人员', perms: P.inspectorList };
const inspectorEdit = { name: '维护检验人员', perms: P.inspectorEdit };
const inspectorAudit = { name: '审核检验人员', perms: P.inspectorAudit };
const departmentList = { name: '查询部门', perms: P.departmentList };
const departmentEdit = { name: '维护部门与人员分配', perms: P.departmentEdit };

/** Inspectors (检验人员) with their certificates and the organisation's audit of joining inspectors, departments (部门管理) and the distribution of inspectors (人员分配). */
export const peoplePart: ModulePart = {
  routes: peopleRoutes,
  exports: [inspectorExport],
  fileReferences: [signatureFiles],
  demoSeeders: [(tx, _config, storage) => seedInspectionPeople(tx, storage)],
  menuButtons: {
    '/organization/testingPersonnel': [inspectorList, inspectorEdit, departmentList],
    '/organization/personnelDetail': [inspectorList],
    '/organization/auditPersonnel': [inspectorList, inspectorAudit],
    '/organization/auditPersonnelDetail': [inspectorList, inspectorAudit],
    '/organization/department': [departmentList, departmentEdit],
    '/organization/personnelAllotment': [departmentList, departmentEdit, inspectorList],
  },
};
