import { Link } from '@tanstack/react-router';
import { addTexts, t } from '@sync/texts';
import { enMember } from '@sync/locales/en-member';
import type { CartItem } from '@web/lib/cart';
import { money } from '@web/lib/price-plans';
import { Icon } from '@web/ui/icons';
import { subscriptionNotice } from '@web/ui/price-cards';

addTexts(enMember);

/** The checkout's one-item order: what it is, the total with its VAT, and the purchase rules that apply to it. */
export function OrderSummary({ item, symbol, vat }: { item: CartItem; symbol: string; vat: number }) {
  return (
    <section className="pay-summary panel" aria-labelledby="pay-summary-title">
      <h2 id="pay-summary-title" className="pay-summary__title">
        {t('member.pay.your-order')}
      </h2>
      <div className="pay-summary__line">
        <span className="pay-summary__item">
          <Icon name={item.kind === 'membership' ? 'crown' : 'coin'} size={22} />
          <span>
            <strong>{item.label}</strong>
            {item.kind === 'membership' && item.credits > 0 && <span className="muted pay-summary__sub">{t('member.pay.complimentary-credits', { credits: item.credits })}</span>}
            {item.kind === 'credits' && <span className="muted pay-summary__sub">{t('member.pay.one-credit-one-message')}</span>}
          </span>
        </span>
        <span className="pay-summary__price">{money(item.price, symbol)}</span>
      </div>
      <div className="pay-summary__total">
        <span>{t('member.pay.total')}</span>
        <strong>
          {money(item.price, symbol)} <span className="pay-summary__currency">{item.currency}</span>
        </strong>
      </div>
      {vat > 0 && <p className="muted pay-summary__vat">{t('member.pay.includes-vat', { vat: money(vat, symbol) })}</p>}
      {item.kind === 'membership' && <p className="pay-summary__notice">{subscriptionNotice({ price: item.price, currency: item.currency, days: item.days }, symbol)}</p>}
      {item.kind === 'membership' && <p className="muted pay-summary__rule">{t('payment.one-membership')}</p>}
      {item.firstPurchaseOnly && <p className="muted pay-summary__rule">{t('payment.first-purchase-notice')}</p>}
      <Link to={item.kind === 'membership' ? '/upgrade/premium' : '/upgrade/credits'} className="pay-summary__change">
        {t('member.pay.change')}
      </Link>
    </section>
  );
}
