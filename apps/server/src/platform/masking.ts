import { maskIdNumber, maskPhone, type RevealField, type RevealKind } from '@ec/contract';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from './access.ts';
import type { Queryable } from './db/client.ts';
import { badRequest, notFound } from './errors.ts';

/**
 * The one masking policy for phone and ID numbers (doc 000 §3, "display masks"): every call that
 * returns a person's or an organisation's phone or ID number passes it through here.
 *
 * - A person's own numbers are shown in full to that person only.
 * - An organisation's contact numbers (a company's contact or safety director phone) are shown in
 *   full to the accounts of that organisation.
 * - Everyone else sees them masked, the platform administrator included. Whoever really needs a
 *   full number asks for it through the reveal call (`POST /pc/common/reveal`), which needs the
 *   permission `system:sensitive:reveal`, respects data scope and writes an operation-log entry.
 */
export type Holder =
  /** A person: the account the number belongs to (null: nobody signs in as it). */
  | { userId: number | null | undefined }
  /** An organisation: the company whose contact number it is. */
  | { companyId: number | null | undefined }
  /** An organisation: a regulator's department (机构), whose members' accounts name it. */
  | { officeId: number | null | undefined };

/** Who looks: the signed-in user, with its department where the caller has loaded it. */
export type Viewer = Pick<AuthUser, 'id' | 'companyId'> & { officeId?: number | null };

/** Whether the viewer sees the holder's numbers in full. */
export function seesInFull(viewer: Viewer, holder: Holder): boolean {
  if ('userId' in holder) return holder.userId != null && holder.userId === viewer.id;
  if ('companyId' in holder) return holder.companyId != null && holder.companyId === viewer.companyId;
  return holder.officeId != null && holder.officeId === viewer.officeId;
}

/** A phone as the viewer may see it; null when there is none. */
export function shownPhone(viewer: Viewer, holder: Holder, value: string | null | undefined) {
  if (!value) return null;
  return seesInFull(viewer, holder) ? value : maskPhone(value);
}

/** A phone masked whoever looks (where no viewer is at hand); null when there is none. */
export const maskedPhone = (value: string | null | undefined) => (value ? maskPhone(value) : null);

/**
 * A list's search on a number it shows masked: the whole number or nothing, spaces and dashes
 * ignored on both sides (a landline is kept as 0771-5551234, a mobile as 13807710001). A partial match
 * would answer "does the hidden number contain these digits?" and give the masked digits away one
 * query at a time, around the audited reveal call.
 */
export const sameNumber = (column: AnyColumn, searched: string): SQL =>
  sql`${numberKey(column)} = ${searchedNumber(searched)}`;

/**
 * A stored number as sameNumber compares it: without its dashes and spaces. A large table keeps it in
 * a generated column with a btree index (`.generatedAlwaysAs(numberKey(column))`) and searches with
 * sameDigits, which the index serves; the function around the column in sameNumber serves none.
 */
export const numberKey = (column: AnyColumn): SQL => sql`replace(replace(${column}, '-', ''), ' ', '')`;

/** sameNumber on such a generated column (`numberKey` of the number): the same matches, indexed. */
export const sameDigits = (keyColumn: AnyColumn, searched: string): SQL =>
  sql`${keyColumn} = ${searchedNumber(searched)}`;

/** The searched number as both compare it: without its dashes and spaces. */
const searchedNumber = (searched: string) => searched.replace(/[\s-]/g, '');

/** An ID number as the viewer may see it; null when there is none. */
export function shownIdNumber(viewer: Viewer, holder: Holder, value: string | null | undefined) {
  if (!value) return null;
  return seesInFull(viewer, holder) ? value : maskIdNumber(value);
}

const PHONE_KEY = /phone|mobile|^tel/i;
const ID_KEY = /idnumber|idcard/i;
const MOBILE = /^1\d{10}$/;

/**
 * Logged request parameters as the operation-log viewer shows them: every phone and ID number
 * masked, whoever looks (the log keeps what was sent; its readers are not the people in it).
 */
export function maskNumbersIn(value: unknown, key = ''): unknown {
  if (typeof value === 'string') {
    if (ID_KEY.test(key)) return maskIdNumber(value);
    if (PHONE_KEY.test(key) || (key === 'username' && MOBILE.test(value))) return maskPhone(value);
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => maskNumbersIn(v, key));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskNumbersIn(v, k)]));
  }
  return value;
}

/** A logged user name: a sign-in with a phone logs the phone, shown masked. */
export const maskedUsername = (username: string | null) =>
  username && MOBILE.test(username) ? maskPhone(username) : username;

/** Whether a value is one of our masks (edit forms send back what they were shown). */
export const isMasked = (value: string | null | undefined) => !!value && value.includes('*');

/**
 * The value to store from an edit form: a form that was shown a masked number sends that mask back
 * unchanged, which keeps the stored number; any other value replaces it (undefined: not sent).
 * A mask that is not the stored number's is refused.
 */
export function unmasked(
  sent: string | null | undefined,
  stored: string | null | undefined,
  mask: (v: string) => string,
  field: { name: string; label: string },
): string | null | undefined {
  if (!isMasked(sent)) return sent;
  if (stored && mask(stored) === sent) return stored;
  throw badRequest(`${field.label}：请输入完整的号码（带 * 的是隐藏后的号码）`, [
    { field: field.name, message: '请输入完整的号码' },
  ]);
}

// ---------------------------------------------------------------- reveal

/**
 * Reads one number of one record in full, inside the viewer's data scope: undefined when the record
 * does not exist or is outside the scope (404), null when it has no such number. Each module
 * registers the numbers of its own records; the reveal call (system module) looks them up here.
 */
export type Revealer = (db: Queryable, viewer: AuthUser, id: number) => Promise<string | null | undefined>;

const revealers = new Map<string, Revealer>();

export function registerRevealer(kind: RevealKind, field: RevealField, revealer: Revealer) {
  revealers.set(`${kind}.${field}`, revealer);
}

/** The full number behind a mask, or 404 outside the viewer's data scope. */
export async function revealNumber(
  db: Queryable,
  viewer: AuthUser,
  kind: RevealKind,
  field: RevealField,
  id: number,
): Promise<string | null> {
  const revealer = revealers.get(`${kind}.${field}`);
  if (!revealer)
    throw badRequest('该记录没有这个号码字段', [{ field: 'field', message: '不支持查看该字段' }]);
  const value = await revealer(db, viewer, id);
  if (value === undefined) throw notFound('记录不存在或无权访问');
  return value;
}
