import { costCalls as C, inspectionItemCalls as I } from '@ec/contract';
import { implement } from '../../../platform/http/implement.ts';
import { addCost, costDetail, deleteCosts, listCosts, quote, quoteLifts, updateCost } from './costs.ts';
import {
  addItem,
  deleteItems,
  itemDetail,
  listItems,
  loadStandard,
  removeVariety,
  setVarieties,
  updateItem,
  varietyTree,
} from './items.ts';

const tx = { tx: true };

/** The item catalogue and the tariff: thin bindings over the scoped services. */
export const catalogRoutes = [
  implement(I.query, (f, { user, db }) => listItems(db, user, f)),
  implement(I.add, (f, { user, db }) => addItem(db, user, f), tx),
  implement(I.update, (f, { user, db }) => updateItem(db, user, f), tx),
  implement(I.get, ({ id }, { user, db }) => itemDetail(db, user, id)),
  implement(I.delete, ({ ids }, { user, db }) => deleteItems(db, user, ids), tx),
  implement(
    I.settingElevatorType,
    ({ ids, varieties }, { user, db }) => setVarieties(db, user, ids, varieties),
    tx,
  ),
  implement(I.elevatorTypeList, ({ orgId }, { user, db }) => varietyTree(db, user, orgId)),
  implement(
    I.removeVariety,
    ({ itemIds, variety }, { user, db }) => removeVariety(db, user, itemIds, variety),
    tx,
  ),
  implement(I.loadStandard, (_, { user, db }) => loadStandard(db, user), tx),
  implement(C.query, (f, { user, db }) => listCosts(db, user, f)),
  implement(C.get, ({ id }, { user, db }) => costDetail(db, user, id)),
  implement(C.add, (f, { user, db }) => addCost(db, user, f), tx),
  implement(C.update, (f, { user, db }) => updateCost(db, user, f), tx),
  implement(C.delete, ({ ids }, { user, db }) => deleteCosts(db, user, ids), tx),
  implement(C.quote, (f, { user, db }) => quote(db, user, f)),
  implement(C.lifts, (f, { user, db }) => quoteLifts(db, user, f)),
];
