import { randomInt } from 'node:crypto';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { contactSubjectLabels, type AffiliateBody, type ContactBody } from '@sync/contract/support';
import type { AppDeps, BrandContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { affiliateApplications, brands, supportTickets } from '../../db/schema/index.js';
import { ApiError } from '../../lib/errors.js';
import { escapeHtml } from '../../lib/html.js';

/** Submissions allowed per IP in one window, across every API process (the count lives in the database). */
export const SUPPORT_RATE_LIMIT = 5;
export const SUPPORT_RATE_WINDOW_MS = 10 * 60_000;

// No 0/O, 1/I/L: people read ticket numbers out over the phone.
const TICKET_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const TICKET_LENGTH = 6;

export function ticketPrefix(brandName: string): string {
  const letters = brandName.toUpperCase().replace(/[^A-Z]/g, '');
  return letters.length >= 2 ? letters.slice(0, 2) : 'TK';
}

export function newTicketNumber(prefix: string): string {
  let code = '';
  for (let i = 0; i < TICKET_LENGTH; i += 1) code += TICKET_ALPHABET[randomInt(TICKET_ALPHABET.length)];
  return `${prefix}-${code}`;
}

export interface Submitter {
  ip: string;
  userId?: string;
}

export type SupportForm = { kind: 'contact'; body: ContactBody } | { kind: 'affiliate'; body: AffiliateBody };

/**
 * Stores one contact or affiliate request and answers its ticket number. The per-IP count and the insert
 * run under one advisory lock per IP, so five parallel posts from one address cannot all slip past the check.
 */
export async function submitSupportForm(deps: AppDeps, brand: BrandContext, form: SupportForm, who: Submitter) {
  const now = deps.clock.now();
  const ticket = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`support:${who.ip}`}))`);
    const [recent] = await tx
      .select({ n: count() })
      .from(supportTickets)
      .where(and(eq(supportTickets.ip, who.ip), gt(supportTickets.createDate, new Date(now.getTime() - SUPPORT_RATE_WINDOW_MS))));
    if ((recent?.n ?? 0) >= SUPPORT_RATE_LIMIT) {
      throw new ApiError(429, 'too-many-requests', 'Too many requests. Please try again in a few minutes.');
    }
    const prefix = ticketPrefix(await brandName(tx, brand.id));
    const row =
      form.kind === 'contact'
        ? { name: form.body.name, email: form.body.email, subject: form.body.subject, message: form.body.message }
        : { name: form.body.fullName, email: form.body.email, subject: 'affiliate-application', message: form.body.otherText ?? '' };
    const inserted = await insertTicket(tx, prefix, {
      ...row,
      kind: form.kind,
      brandId: brand.id,
      userId: who.userId ?? null,
      ip: who.ip,
      createDate: now,
    });
    if (form.kind === 'affiliate') {
      const b = form.body;
      await tx.insert(affiliateApplications).values({
        ticketId: inserted.id,
        fullName: b.fullName,
        email: b.email,
        company: b.company,
        messenger: b.messenger,
        messengerId: b.messengerId,
        country: b.country,
        yearsOfExperience: b.yearsOfExperience,
        geos: splitGeos(b.geos),
        trafficSources: b.trafficSources,
        otherVerticals: [...new Set(b.otherVerticals)],
        otherText: b.otherText ?? '',
        createDate: now,
      });
    }
    return inserted.ticketNumber;
  });
  await sendAcknowledgement(deps, brand, form, ticket);
  return { ticketNumber: ticket };
}

type TicketInsert = typeof supportTickets.$inferInsert;

async function insertTicket(tx: Executor, prefix: string, values: Omit<TicketInsert, 'ticketNumber'>) {
  // 31^6 codes per prefix make a clash rare; the unique index settles the ones that happen.
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const [row] = await tx
      .insert(supportTickets)
      .values({ ...values, ticketNumber: newTicketNumber(prefix) })
      .onConflictDoNothing({ target: supportTickets.ticketNumber })
      .returning({ id: supportTickets.id, ticketNumber: supportTickets.ticketNumber });
    if (row) return row;
  }
  throw new Error('Could not allocate a unique ticket number');
}

/** "DE, AT; CH" -> ['DE', 'AT', 'CH']: the form takes free text, the table keeps a list. */
export function splitGeos(geos: string): string[] {
  return [...new Set(geos.split(/[,;\n]+/).map((g) => g.trim()).filter(Boolean))].slice(0, 100);
}

async function brandName(exec: Executor, brandId: string) {
  const [row] = await exec.select({ brand: brands.brand }).from(brands).where(eq(brands.id, brandId)).limit(1);
  return row?.brand ?? '';
}

/**
 * Tells the sender their ticket number. The mail deliberately repeats nothing the visitor typed (not even
 * the name): anyone can enter someone else's address, and the form must not relay their words to it.
 */
async function sendAcknowledgement(deps: AppDeps, brand: BrandContext, form: SupportForm, ticket: string) {
  const mail = deps.providers.mail;
  const [row] = await deps.db.select({ name: brands.brand, support: brands.customerSupport }).from(brands).where(eq(brands.id, brand.id)).limit(1);
  const name = row?.name ?? brand.domain;
  const what = form.kind === 'contact' ? `your request about "${contactSubjectLabels[form.body.subject]}"` : 'your affiliate application';
  const when = form.kind === 'contact' ? '24 hours' : '48 hours';
  const text = [
    'Hello,',
    '',
    `We received ${what}. Your ticket number is ${ticket}.`,
    `Our team will reply within ${when}. Please quote the ticket number if you write to us again${row?.support.email ? ` at ${row.support.email}` : ''}.`,
    '',
    `The ${name} team`,
  ].join('\n');
  const html = text
    .split('\n')
    .map((line) => (line ? `<p>${escapeHtml(line)}</p>` : ''))
    .join('');
  try {
    await mail.send({ to: form.body.email, subject: `${name}: we received your request (${ticket})`, text, html });
  } catch (err) {
    // The ticket is stored; a mail that fails must not turn the visitor's success into an error.
    console.error(`[support] acknowledgement for ${ticket} failed:`, err instanceof Error ? err.message : err);
  }
}

