import type { SavedCard } from '@sync/contract/entities';
import type { User } from '@web/lib/user-store';
import { openPopup } from '@web/ui/popups/popup-queue';

export function savedCardsOf(user: User | null): SavedCard[] {
  const cards = user?.savedCards;
  return Array.isArray(cards) ? (cards as SavedCard[]).filter((c) => typeof c?.cardId === 'string' && typeof c.last4 === 'string') : [];
}

const brandName = (brand?: string) => (brand && brand !== 'unknown' ? brand.charAt(0).toUpperCase() + brand.slice(1) : 'Card');
const expiry = (card: SavedCard) => (card.expMonth && card.expYear ? `expires ${String(card.expMonth).padStart(2, '0')}/${String(card.expYear).slice(-2)}` : '');

export function cardLabel(card: SavedCard): string {
  return `${brandName(card.brand)} ending in ${card.last4}`;
}

function removeCard(card: SavedCard, onRemoved?: (cardId: string) => void) {
  openPopup('remove-card', { cardId: card.cardId, last4: card.last4, brand: card.brand, onRemoved: () => onRemoved?.(card.cardId) });
}

/** Checkout: pay with a saved card (by its last four digits) or a new one; each saved card can be removed. */
/** The card's brand badge, masked digits and expiry, as both the checkout choice and the settings list show it. */
function CardFace({ card }: { card: SavedCard }) {
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

export function SavedCardsList({
  cards,
  selected,
  onSelect,
  newCardValue,
  onRemoved,
}: {
  cards: SavedCard[];
  selected: string;
  onSelect: (value: string) => void;
  newCardValue: string;
  onRemoved?: (cardId: string) => void;
}) {
  return (
    <fieldset className="pay-methods">
      <legend className="form-field__label">Pay with</legend>
      <ul className="pay-methods__list">
        {cards.map((card) => (
          <li key={card.cardId} className={`pay-method${selected === card.cardId ? ' is-selected' : ''}`}>
            <label className="pay-method__choice">
              <input type="radio" name="pay-method" value={card.cardId} checked={selected === card.cardId} onChange={() => onSelect(card.cardId)} />
              <CardFace card={card} />
            </label>
            <button type="button" className="pay-method__remove" onClick={() => removeCard(card, onRemoved)} aria-label={`Remove ${cardLabel(card)}`}>
              Remove
            </button>
          </li>
        ))}
        <li className={`pay-method${selected === newCardValue ? ' is-selected' : ''}`}>
          <label className="pay-method__choice">
            <input type="radio" name="pay-method" value={newCardValue} checked={selected === newCardValue} onChange={() => onSelect(newCardValue)} />
            <span className="pay-method__card pay-method__card--new" aria-hidden="true">
              +
            </span>
            <span>Use a new card</span>
          </label>
        </li>
      </ul>
    </fieldset>
  );
}

/** Settings: the saved cards with remove. */
export function SavedCardsPanel({ user }: { user: User }) {
  const cards = savedCardsOf(user);
  return (
    <section className="pay-settings__block" aria-labelledby="pay-cards-title">
      <h3 id="pay-cards-title">Saved cards</h3>
      {cards.length === 0 ? (
        <p className="muted">No saved cards. Tick "Save this card" at checkout to pay faster next time.</p>
      ) : (
        <ul className="pay-methods__list">
          {cards.map((card) => (
            <li key={card.cardId} className="pay-method">
              <span className="pay-method__choice">
                <CardFace card={card} />
              </span>
              <button type="button" className="pay-method__remove" onClick={() => removeCard(card)} aria-label={`Remove ${cardLabel(card)}`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
