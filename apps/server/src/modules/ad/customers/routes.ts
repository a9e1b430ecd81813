import {
  type AdIntentionRow,
  areaLabel,
  adCustomCalls as C,
  gxgdOrderCalls as G,
  adIntentionCalls as I,
  shanghaiToday,
} from '@ec/contract';
import { type ExcelColumn, keysetBatches, streamXlsx } from '../../../platform/excel.ts';
import { type Handler, implement } from '../../../platform/http/implement.ts';
import {
  acceptLead,
  addCustom,
  customOptions,
  deleteCustoms,
  followLead,
  intentionBatch,
  intentionDetail,
  listCustoms,
  listIntentions,
  saveLead,
  updateCustom,
} from './service.ts';

const tx = { tx: true };

const leadColumns: ExcelColumn<AdIntentionRow>[] = [
  { header: '意向编号', width: 14, value: (r) => r.intentionNo },
  { header: '客户名称', width: 24, value: (r) => r.customerName },
  { header: '联系人', width: 10, value: (r) => r.contactName ?? '' },
  { header: '联系电话', width: 14, value: (r) => r.contactPhone ?? '' },
  { header: '区域', width: 10, value: (r) => (r.areaCode ? (areaLabel(r.areaCode) ?? r.areaCode) : '') },
  { header: '需求', width: 36, value: (r) => r.demand ?? '' },
  { header: '预算（元）', width: 12, value: (r) => r.budget ?? '' },
  { header: '点位数量', width: 10, value: (r) => r.pointCount ?? '' },
  { header: '开始日期', width: 12, value: (r) => r.startDate ?? '' },
  { header: '结束日期', width: 12, value: (r) => r.endDate ?? '' },
  { header: '状态', width: 8, value: (r) => r.statusLabel },
  { header: '跟进记录', width: 30, value: (r) => r.followNote ?? '' },
  { header: '录入时间', width: 18, value: (r) => r.createTime },
];

const exportLeads =
  (name: string): Handler<typeof I.exportExcel> =>
  (f, { user, reply, db }) =>
    streamXlsx(reply, {
      fileName: `${name}_${shanghaiToday()}.xlsx`,
      sheetName: name,
      columns: leadColumns,
      batches: keysetBatches((after, size) => intentionBatch(db, user, f, after, size)),
    });

/** Customers and leads: thin bindings over the services (service.ts). */
export const customerRoutes = [
  implement(C.list, (f, { user, db }) => listCustoms(db, user, f)),
  implement(C.all, ({ keyword }, { user, db }) => customOptions(db, user, keyword)),
  implement(C.add, (input, { user, db }) => addCustom(db, user, input), tx),
  implement(C.update, (input, { user, db }) => updateCustom(db, user, input), tx),
  implement(C.delete, ({ ids }, { user, db }) => deleteCustoms(db, user, ids), tx),
  implement(I.getGxgdIntentionList, (f, { user, db }) => listIntentions(db, user, f)),
  implement(I.exportExcel, exportLeads('广电意向客户')),
  implement(I.accepted, (input, { user, db }) => acceptLead(db, user, input), tx),
  implement(I.save, (input, { user, db }) => followLead(db, user, input), tx),
  implement(G.queryPage, (f, { user, db }) => listIntentions(db, user, f)),
  implement(G.save, (input, { user, db }) => saveLead(db, user, input), tx),
  implement(G.exportExcel, exportLeads('广电渠道意向单')),
  implement(G.findById, ({ id }, { user, db }) => intentionDetail(db, user, id)),
];
