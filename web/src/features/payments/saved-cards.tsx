import type { SavedCard } from '@sync/contract/entities';
import { addTexts, t } from '@sync/texts';
import { enMember } from '@sync/locales/en-member';
import type { User } from '@web/lib/user-store';
import { openPopup } from '@web/ui/popups/popup-queue';

addTexts(enMember);

export function savedCardsOf(user: User | null): SavedCard[] {
  const cards = user?.savedCards;
  return Array.isArray(cards) ? (cards as SavedCard[]).filter((c) => typeof c?.cardId === 'string' && typeof c.last4 === 'string') : [];
}

const brandName = (brand?: string) => (brand && brand !== 'unknown' ? brand.charAt(0).toUpperCase() + brand.slice(1) : t('member.pay.card'));
const expiry = (card: SavedCard) => (card.expMonth && card.expYear ? t('member.pay.expires', { date: `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear).slice(-2)}` }) : '');

export function cardLabel(card: SavedCard): string {
  return t('member.pay.card-ending', { brand: brandName(card.brand), last4: card.last4 });
}

export function removeCard(card: SavedCard, onRemoved?: (cardId: string) => void) {
  openPopup('remove-card', { cardId: card.cardId, last4: card.last4, brand: card.brand, onRemoved: () => onRemoved?.(card.cardId) });
}

/** The card's brand badge, masked digits and expiry, as both the checkout choice and the settings list show it. */
export function CardFace({ card }: { card: SavedCard }) {
  return (
    <>
      <span className="pay-method__card" aria-hidden="true">
        {brandName(card.brand)}
      </span>
      <span>
        <span className="pay-method__digits">•••• {card.last4}</span>
        <span className="visually-hidden">{cardLabel(card)}</span>
        {expiry(card) && <span className="muted pay-method__exp">{expiry(card)}</span>}
      </span>
    </>
  );
}

/** Settings: the saved cards with remove. */
export function SavedCardsPanel({ user }: { user: User }) {
  const cards = savedCardsOf(user);
  return (
    <section className="pay-settings__block" aria-labelledby="pay-cards-title">
      <h3 id="pay-cards-title">{t('member.pay.saved-cards')}</h3>
      {cards.length === 0 ? (
        <p className="muted">{t('member.pay.no-saved-cards')}</p>
      ) : (
        <ul className="pay-methods__list">
          {cards.map((card) => (
            <li key={card.cardId} className="pay-method">
              <span className="pay-method__choice">
                <CardFace card={card} />
              </span>
              <button type="button" className="pay-method__remove" onClick={() => removeCard(card)} aria-label={t('member.pay.remove-label', { card: cardLabel(card) })}>
                {t('member.pay.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
