import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { savedCards } from '../../db/schema/index.js';
import type { CardDetails } from '../../providers/payments/processor.js';

/**
 * A card the member asked to save is kept only once its charge succeeds. Until the confirmation it waits in
 * saved_cards with this delete date: every reader of saved cards asks for `delete_date is null`, so it is
 * nobody's saved card yet, while the charge can still reach its token (a charge resent after a stop).
 */
export const AWAITING_CHARGE = new Date(0);

/**
 * The card to keep for a charge the member asked to save it with: the member's live card with the same brand,
 * last four digits and expiry when there is one (one row per card, though each checkout tokenizes afresh),
 * else a new row waiting for the charge's confirmation.
 */
export async function keepCardForCharge(tx: Executor, userId: string, token: string, card: CardDetails, now: Date): Promise<string> {
  const [same] = await tx
    .select({ id: savedCards.id })
    .from(savedCards)
    .where(
      and(
        eq(savedCards.userId, userId),
        eq(savedCards.brand, card.brand),
        eq(savedCards.last4, card.last4),
        eq(savedCards.expMonth, card.expMonth),
        eq(savedCards.expYear, card.expYear),
        isNull(savedCards.deleteDate),
      ),
    )
    .limit(1);
  if (same) return same.id;
  const [kept] = await tx
    .insert(savedCards)
    .values({ userId, providerToken: token, brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear, createDate: now, deleteDate: AWAITING_CHARGE })
    .returning({ id: savedCards.id });
  return kept!.id;
}

/** The charge's outcome decides a waiting card: saved for good on success, gone on failure. Others are left alone. */
export async function settleKeptCard(tx: Executor, savedCardId: string | null, success: boolean): Promise<void> {
  if (!savedCardId) return;
  const waiting = and(eq(savedCards.id, savedCardId), eq(savedCards.deleteDate, AWAITING_CHARGE));
  if (success) await tx.update(savedCards).set({ deleteDate: null }).where(waiting);
  else await tx.delete(savedCards).where(waiting);
}
