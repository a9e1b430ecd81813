import { FILING_STATE } from '@ec/contract';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/client.ts';
import { inspectionInspector as I } from './tables.ts';

/**
 * For the inspection work flow (part 2): which of `ids` are live, passed inspectors of organisation
 * `orgId` (those who may be put on an order or sign a report), with their certificate's last valid
 * day. The caller decides what an expired certificate means for it. For the writes that decide on
 * it (distribution, plan, signature, review): the rows are locked for share until the transaction
 * ends, so an edit or a delete of an inspector waits for the write that read it, and such a write
 * waits for an edit under way and then reads it (inspectors.ts refuses to delete an inspector with
 * open work, which relies on this).
 */
export function passedInspectorsOf(q: Queryable, orgId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return q
    .select({
      id: I.id,
      name: I.name,
      certNo: I.certNo,
      category: I.category,
      validUntil: I.validUntil,
      userId: I.userId,
    })
    .from(I)
    .where(
      and(inArray(I.id, ids), eq(I.orgId, orgId), eq(I.auditState, FILING_STATE.passed), isNull(I.deletedAt)),
    )
    .orderBy(asc(I.id))
    .for('share');
}
export { signaturesOf } from './signature.ts';
