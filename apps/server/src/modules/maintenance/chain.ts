/**
 * Tamper evidence of confirmed maintenance records (DOMAIN.md §2.5: "data cannot be altered after
 * saving"). When the use unit confirms an order, its content — items, parts, photos' hashes, times,
 * workers, signatures' hashes, the confirmation — is hashed, and the hash is chained to the lift's
 * previous confirmed record: chain = sha256(previous chain ‖ content). Verifying recomputes both
 * from what is stored now; a record edited in the database afterwards no longer matches.
 */
import { createHash } from 'node:crypto';
import type { ChainVerdict } from '@ec/contract';
import { and, asc, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { sysFile } from '../../platform/db/tables.ts';
import { conflict } from '../../platform/errors.ts';
import { photosOf } from './orders/read.ts';
import { maintenanceOrder } from './tables.ts';

type Order = typeof maintenanceOrder.$inferSelect;
const GENESIS = '0'.repeat(64);
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** JSON with keys in a fixed order, so that the same content always hashes the same. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v ?? null);
}

async function fileHashes(db: Queryable, ids: (string | null)[]) {
  const wanted = ids.filter((x): x is string => !!x);
  if (wanted.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: sysFile.id, sha256: sysFile.sha256 })
    .from(sysFile)
    .where(inArray(sysFile.id, wanted));
  return new Map(rows.map((r) => [r.id, r.sha256]));
}

/** The hash of what a confirmed record says, given its photos and its signature files' hashes. */
export function hashContent(
  o: Order,
  photos: { label: string; sha256: string }[],
  files: Map<string, string>,
): string {
  return sha256(
    canonical({
      orderNo: o.orderNo,
      elevatorId: o.elevatorId,
      maintenanceCompanyId: o.maintenanceCompanyId,
      kind: o.kind,
      planDate: o.planDate,
      workerIds: o.workerIds,
      workers: o.workers,
      signInAt: iso(o.signInAt),
      signInLat: o.signInLat,
      signInLng: o.signInLng,
      signInDistanceM: o.signInDistanceM,
      signOutAt: iso(o.signOutAt),
      // Recorded since sign-out is a step of its own (migration 0068); absent from older records'
      // content, whose hashes stay as they were.
      ...(o.signOutLat !== null || o.signOutLng !== null || o.signOutDistanceM !== null
        ? { signOutLat: o.signOutLat, signOutLng: o.signOutLng, signOutDistanceM: o.signOutDistanceM }
        : {}),
      ...(o.submittedAt !== null && o.submittedAt.getTime() !== o.signOutAt?.getTime()
        ? { submittedAt: iso(o.submittedAt) }
        : {}),
      contentId: o.contentId,
      contentVersion: o.contentVersion,
      items: o.items,
      parts: o.parts,
      photos: photos.map((p) => ({ label: p.label, sha256: p.sha256 })),
      remark: o.remark,
      workerSignature: o.workerSignatureFileId ? (files.get(o.workerSignatureFileId) ?? 'missing') : null,
      confirmedByUserId: o.confirmedByUserId,
      confirmedBy: o.confirmedBy,
      confirmedAt: iso(o.confirmedAt),
      confirmSignature: o.confirmSignatureFileId ? (files.get(o.confirmSignatureFileId) ?? 'missing') : null,
      confirmRemark: o.confirmRemark,
      correctsOrderId: o.correctsOrderId,
    }),
  );
}

/** The hash of a stored record, read with its photos and signature files. */
export async function contentHashOf(db: Queryable, o: Order): Promise<string> {
  const photos = await photosOf(db, o.id);
  const files = await fileHashes(db, [o.workerSignatureFileId, o.confirmSignatureFileId]);
  return hashContent(o, photos, files);
}

export const linkHash = (previous: string | null, content: string) =>
  sha256(`${previous ?? GENESIS}${content}`);

/** The advisory lock that orders the confirmations of one lift (held to the end of the transaction). */
export const lockLiftChain = (db: Queryable, elevatorId: number) =>
  db.execute(sql`select pg_advisory_xact_lock(7013, ${elevatorId})`);

/**
 * Appends a just-confirmed order to its lift's chain, in the confirming transaction (after
 * `lockLiftChain`). The unique (elevator_id, chain_seq) index refuses a fork should two ever race.
 */
export async function appendToChain(db: Queryable, o: Order) {
  const [prev] = await db
    .select({ chainHash: maintenanceOrder.chainHash, chainSeq: maintenanceOrder.chainSeq })
    .from(maintenanceOrder)
    .where(and(eq(maintenanceOrder.elevatorId, o.elevatorId), isNotNull(maintenanceOrder.chainSeq)))
    .orderBy(desc(maintenanceOrder.chainSeq))
    .limit(1);
  const contentHash = await contentHashOf(db, o);
  const chainHash = linkHash(prev?.chainHash ?? null, contentHash);
  const updated = await db
    .update(maintenanceOrder)
    .set({ contentHash, chainHash, chainSeq: (prev?.chainSeq ?? 0) + 1 })
    .where(and(eq(maintenanceOrder.id, o.id), sql`${maintenanceOrder.chainSeq} is null`))
    .returning({ id: maintenanceOrder.id });
  if (updated.length === 0) throw conflict('该工单已确认');
  return { contentHash, chainHash };
}

/** Recomputes the lift's chain up to (and including) the given order, or its whole chain. */
export async function verifyChain(
  db: Queryable,
  elevatorId: number,
  uptoSeq: number | null,
): Promise<ChainVerdict> {
  const rows = await db
    .select()
    .from(maintenanceOrder)
    .where(
      and(
        eq(maintenanceOrder.elevatorId, elevatorId),
        isNotNull(maintenanceOrder.chainSeq),
        uptoSeq === null ? undefined : lte(maintenanceOrder.chainSeq, uptoSeq),
      ),
    )
    .orderBy(asc(maintenanceOrder.chainSeq));
  let previous: string | null = null;
  for (const [k, o] of rows.entries()) {
    const broken = (reason: string): ChainVerdict => ({
      intact: false,
      checked: k + 1,
      brokenOrderId: o.id,
      brokenOrderNo: o.orderNo,
      reason,
    });
    if (o.chainSeq !== k + 1) return broken('记录链缺少一环（有已确认记录被删除）');
    if ((await contentHashOf(db, o)) !== o.contentHash) return broken('记录内容与确认时不一致，已被修改');
    if (linkHash(previous, o.contentHash ?? '') !== o.chainHash) return broken('记录链的链接值不一致');
    previous = o.chainHash;
  }
  return { intact: true, checked: rows.length, brokenOrderId: null, brokenOrderNo: null, reason: null };
}
