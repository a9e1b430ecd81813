import { formatDateTime, rescueCaseCalls, shanghaiToday } from '@ec/contract';
import { streamXlsx } from '../../../platform/excel.ts';
import { implement } from '../../../platform/http/implement.ts';
import { hitchTypes } from '../repairs/hitch-types.ts';
import {
  accept,
  addNote,
  alarm,
  arrive,
  callerInFull,
  close,
  dispatch,
  fireBrigade,
  free,
  locate,
  saveCase,
} from './flow.ts';
import { locateForCallCentre } from './locate.ts';
import { board, caseBatches, caseDetail, caseInScope, caseSteps, listCases, myCases } from './read.ts';

const tx = { tx: true };
const C = rescueCaseCalls;

export const caseRoutes = [
  implement(C.orderList, (f, { user, db }) => listCases(db, user, f)),
  implement(C.exportCases, (f, { user, reply, db }) =>
    streamXlsx(reply, {
      fileName: `处置工单_${shanghaiToday()}.xlsx`,
      sheetName: '处置工单',
      columns: [
        { header: '工单编号', width: 22, value: (r) => r.caseNo },
        { header: '接警时间', width: 20, value: (r) => formatDateTime(r.alarmAt) },
        { header: '类型', width: 10, value: (r) => r.kindLabel },
        { header: '来源', width: 10, value: (r) => r.sourceLabel },
        { header: '状态', width: 10, value: (r) => r.statusLabel },
        { header: '注册代码', width: 24, value: (r) => r.registerCode ?? '' },
        { header: '救援识别码', width: 12, value: (r) => r.rescueCode ?? '' },
        { header: '地址', width: 36, value: (r) => r.address ?? '' },
        { header: '区域', width: 10, value: (r) => r.areaName ?? '' },
        { header: '被困人数', width: 10, value: (r) => r.trapped },
        { header: '解救人数', width: 10, value: (r) => r.freed ?? '' },
        { header: '响应级别', width: 22, value: (r) => r.levelLabel },
        { header: '施救单位', width: 28, value: (r) => r.assigneeName ?? '' },
        { header: '维保单位', width: 28, value: (r) => r.maintenanceCompanyName ?? '' },
        { header: '使用单位', width: 28, value: (r) => r.useCompanyName ?? '' },
        {
          header: '派遣时间',
          width: 20,
          value: (r) => (r.dispatchedAt ? formatDateTime(r.dispatchedAt) : ''),
        },
        { header: '接单时间', width: 20, value: (r) => (r.acceptedAt ? formatDateTime(r.acceptedAt) : '') },
        { header: '到达时间', width: 20, value: (r) => (r.arrivedAt ? formatDateTime(r.arrivedAt) : '') },
        { header: '解困时间', width: 20, value: (r) => (r.freedAt ? formatDateTime(r.freedAt) : '') },
        { header: '关闭时间', width: 20, value: (r) => (r.closedAt ? formatDateTime(r.closedAt) : '') },
        { header: '到达用时（分钟）', width: 14, value: (r) => r.arrivalMinutes ?? '' },
        { header: '现场救援用时（分钟）', width: 16, value: (r) => r.rescueMinutes ?? '' },
        {
          header: '是否超时',
          width: 10,
          value: (r) => (r.overtime === null ? '' : r.overtime ? '是' : '否'),
        },
        { header: '困人原因', width: 16, value: (r) => r.causeLabel ?? '' },
        { header: '接警坐席', width: 12, value: (r) => r.agentName ?? '' },
      ],
      batches: caseBatches(db, user, f),
    }),
  ),
  implement(C.detail, async ({ id }, { user, db }) => {
    await caseInScope(db, user, id);
    return caseDetail(db, id, callerInFull(user));
  }),
  implement(C.orderRecordList, async ({ id }, { user, db }) => {
    await caseInScope(db, user, id);
    return caseSteps(db, id);
  }),
  implement(C.elevatorList, ({ keyword, limit }, { db }) => locateForCallCentre(db, keyword, limit)),
  implement(C.hitchTypeList, (_input, { db }) => hitchTypes(db)),
  implement(C.board, ({ areaCode }, { user, db }) => board(db, user, areaCode)),
  implement(C.myCases, ({ all }, { user, db }) => myCases(db, user, all === 'true')),
  implement(C.saveOrder, (input, { user, db }) => saveCase(db, user, input), tx),
  implement(C.alarm, (input, { db }) => alarm(db, input), tx),
  implement(C.locate, (input, { user, db }) => locate(db, user, input), tx),
  implement(C.dispatch, (input, { user, db }) => dispatch(db, user, input), tx),
  implement(C.fireBrigade, (input, { user, db }) => fireBrigade(db, user, input), tx),
  implement(C.accept, (input, { user, db }) => accept(db, user, input), tx),
  implement(C.arrive, (input, { user, db }) => arrive(db, user, input), tx),
  implement(C.free, (input, { user, db }) => free(db, user, input), tx),
  implement(C.close, (input, { user, db }) => close(db, user, input), tx),
  implement(C.addNote, (input, { user, db }) => addNote(db, user, input), tx),
];
