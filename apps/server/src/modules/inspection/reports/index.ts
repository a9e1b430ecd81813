import { REPORT_PERMISSIONS as P } from '@ec/contract';
import type { ModulePart } from '../../../platform/module.ts';
import { reportRoutes } from './routes.ts';
import { reportFiles } from './scope.ts';
import { seedReports } from './seed.ts';

const list = { name: '查询检验报告', perms: P.list };
const edit = { name: '录入检验结果、修改与签字', perms: P.edit };
const push = { name: '推送、复检、关闭检验报告', perms: P.push };

/**
 * Inspection reports (检验报告, part 2): the inspector's results, instruments and signature (refused
 * with an instrument past its calibration or an expired certificate), the organisation's push to the
 * use unit and the regulator (the order to 已出报告, the lift's inspection dates or 停用 in the same
 * transaction), re-inspections after 不合格, the PDF, and the original records' versions.
 */
export const reportsPart: ModulePart = {
  routes: reportRoutes,
  demoSeeders: [(tx) => seedReports(tx)],
  menuButtons: {
    '/organization/report': [list, edit, push],
    '/organization/reportfilehis': [list],
  },
  fileReferences: [reportFiles],
};
