import { adCustomCalls as C, gxgdOrderCalls as G, adIntentionCalls as I } from '@ec/contract';
import { exportList } from '../../../platform/exports.ts';
import { implement } from '../../../platform/http/implement.ts';
import { gxgdOrderExport, intentionExport } from './exports.ts';
import {
  acceptLead,
  addCustom,
  customOptions,
  deleteCustoms,
  followLead,
  intentionDetail,
  listCustoms,
  listIntentions,
  saveLead,
  updateCustom,
} from './service.ts';

const tx = { tx: true };

/** Customers and leads: thin bindings over the services (service.ts). */
export const customerRoutes = [
  implement(C.list, (f, { user, db }) => listCustoms(db, user, f)),
  implement(C.all, ({ keyword }, { user, db }) => customOptions(db, user, keyword)),
  implement(C.add, (input, { user, db }) => addCustom(db, user, input), tx),
  implement(C.update, (input, { user, db }) => updateCustom(db, user, input), tx),
  implement(C.delete, ({ ids }, { user, db }) => deleteCustoms(db, user, ids), tx),
  implement(I.getGxgdIntentionList, (f, { user, db }) => listIntentions(db, user, f)),
  implement(I.exportExcel, (f, ctx) => exportList(ctx, intentionExport, f)),
  implement(I.accepted, (input, { user, db }) => acceptLead(db, user, input), tx),
  implement(I.save, (input, { user, db }) => followLead(db, user, input), tx),
  implement(G.queryPage, (f, { user, db }) => listIntentions(db, user, f)),
  implement(G.save, (input, { user, db }) => saveLead(db, user, input), tx),
  implement(G.exportExcel, (f, ctx) => exportList(ctx, gxgdOrderExport, f)),
  implement(G.findById, ({ id }, { user, db }) => intentionDetail(db, user, id)),
];
