import type { SavedCard } from '@sync/contract/entities';
import { addTexts, t } from '@sync/texts';
import { enMember } from '@sync/locales/en-member';
import { useController, useFormContext } from 'react-hook-form';
import { NEW_CARD, type CheckoutValues } from './card-form-rules';
import { CardFace, cardLabel, removeCard } from './saved-cards';

addTexts(enMember);

/**
 * Checkout: pay with a saved card (by its last four digits) or a new one; each saved card can be removed.
 * The choice is the form's `method`, so the checkout's rules follow it (a saved card needs only the terms).
 */
export function SavedCardPicker({ cards }: { cards: SavedCard[] }) {
  const { control } = useFormContext<CheckoutValues>();
  const { field } = useController({ control, name: 'method' });
  // A removed card that was chosen hands the choice to the next saved card, or to a new one.
  const onRemoved = (cardId: string) => {
    if (field.value === cardId) field.onChange(cards.find((c) => c.cardId !== cardId)?.cardId ?? NEW_CARD);
  };
  const option = (value: string) => ({
    type: 'radio' as const,
    name: field.name,
    value,
    checked: field.value === value,
    onChange: () => field.onChange(value),
    onBlur: field.onBlur,
  });
  return (
    <fieldset className="pay-methods">
      <legend className="form-field__label">{t('member.pay.pay-with')}</legend>
      <ul className="pay-methods__list">
        {cards.map((card) => (
          <li key={card.cardId} className={`pay-method${field.value === card.cardId ? ' is-selected' : ''}`}>
            <label className="pay-method__choice">
              <input {...option(card.cardId)} />
              <CardFace card={card} />
            </label>
            <button type="button" className="pay-method__remove" onClick={() => removeCard(card, onRemoved)} aria-label={t('member.pay.remove-label', { card: cardLabel(card) })}>
              {t('member.pay.remove')}
            </button>
          </li>
        ))}
        <li className={`pay-method${field.value === NEW_CARD ? ' is-selected' : ''}`}>
          <label className="pay-method__choice">
            <input {...option(NEW_CARD)} />
            <span className="pay-method__card pay-method__card--new" aria-hidden="true">
              +
            </span>
            <span>{t('member.pay.use-new-card')}</span>
          </label>
        </li>
      </ul>
    </fieldset>
  );
}
