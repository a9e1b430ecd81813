import type { CallParsedInput } from '@ec/contract';
import { AGREEMENT_TITLES, type agreementCalls, formatDateTime } from '@ec/contract';
import { eq } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { AuthUser } from '../../platform/access.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { sysAgreement } from '../../platform/db/tables.ts';

/**
 * What an agreement may contain: text structure and links, nothing that runs or restyles the page.
 * Scripts, styles, event attributes and javascript: links are dropped.
 */
const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'span',
    'div',
    'table',
    'caption',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    // rel is always set by the transform below.
    a: ['href', 'title', 'rel', { name: 'target', multiple: false, values: ['_blank'] }],
    ol: ['start'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

export const sanitizeAgreement = (html: string) => sanitizeHtml(html, SANITIZE_OPTIONS);

const agreementView = (r: typeof sysAgreement.$inferSelect) => ({
  kind: r.kind as keyof typeof AGREEMENT_TITLES,
  title: r.title,
  // Sanitised again on the way out, whatever put the row there.
  content: sanitizeAgreement(r.content),
  updateTime: formatDateTime(r.updatedAt),
});

/** An agreement as pages show it; an unwritten one is empty, under its default title. */
export async function agreementOf(db: Queryable, { kind }: CallParsedInput<typeof agreementCalls.detail>) {
  const [row] = await db.select().from(sysAgreement).where(eq(sysAgreement.kind, kind));
  if (!row) return { kind, title: AGREEMENT_TITLES[kind], content: '', updateTime: null };
  return agreementView(row);
}

/** Writes an agreement, sanitised. */
export async function saveAgreement(
  db: Queryable,
  user: AuthUser,
  { kind, title, content }: CallParsedInput<typeof agreementCalls.save>,
) {
  const values = {
    kind,
    title,
    content: sanitizeAgreement(content),
    updatedBy: user.id,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(sysAgreement)
    .values(values)
    .onConflictDoUpdate({ target: sysAgreement.kind, set: values })
    .returning();
  return agreementView(row);
}
