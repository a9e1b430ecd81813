import { adOrderCalls as C } from '@ec/contract';
import type { Tx } from '../../../platform/db/client.ts';
import { implement } from '../../../platform/http/implement.ts';
import {
  addOrder,
  addOrderPoints,
  availablePoints,
  cancelOrder,
  confirmOrder,
  finishOrder,
  listOrders,
  orderDetail,
  quote,
  rejectOrder,
  removeOrderPoints,
  startOrder,
  submitOrder,
  updateOrder,
} from './service.ts';

const tx = { tx: true };
const asTx = (db: unknown) => db as Tx;

/** Orders: thin bindings over the services (service.ts); every write in one transaction. */
export const orderRoutes = [
  implement(C.getOrderList, (f, { user, db }) => listOrders(db, user, f)),
  implement(C.detail, ({ id }, { user, db }) => orderDetail(db, user, id)),
  implement(C.available, (f, { user, db }) => availablePoints(db, user, f)),
  implement(C.quote, (f, { user, db }) => quote(db, user, f)),
  implement(C.add, (input, { user, db }) => addOrder(asTx(db), user, input), tx),
  implement(C.update, (input, { user, db }) => updateOrder(asTx(db), user, input), tx),
  implement(C.addUserOrder, (input, { user, db }) => addOrderPoints(asTx(db), user, input), tx),
  implement(C.delUserOrder, (input, { user, db }) => removeOrderPoints(asTx(db), user, input), tx),
  implement(C.submit, ({ id, version }, { user, db }) => submitOrder(asTx(db), user, id, version), tx),
  implement(C.reject, ({ id, version }, { user, db }) => rejectOrder(asTx(db), user, id, version), tx),
  implement(C.confirm, ({ id, version }, { user, db }) => confirmOrder(asTx(db), user, id, version), tx),
  implement(C.start, ({ id, version }, { user, db }) => startOrder(asTx(db), user, id, version), tx),
  implement(C.finish, ({ id, version }, { user, db }) => finishOrder(asTx(db), user, id, version), tx),
  implement(
    C.cancel,
    ({ id, version, reason }, { user, db }) => cancelOrder(asTx(db), user, id, version, reason),
    tx,
  ),
];
