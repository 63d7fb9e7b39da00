import type { ReactNode } from 'react';
import { addTexts, t, type TextKey } from '@sync/texts';
import { enUi } from '@sync/locales/en-ui';
import { money, type CreditPackagePlan, type MembershipFrequency, type MembershipPlan } from '@web/lib/price-plans';
import { Icon } from './icons';
import { RichText } from './rich-text';
import './price-cards.css';

addTexts(enUi);

/**
 * The product presentation shared by the public /prices page and /upgrade: the same cards, tags and
 * wording; each page supplies its own call to action.
 */

const frequencyLabel: Record<Exclude<MembershipFrequency, 'other'>, TextKey> = {
  monthly: 'ui.price.monthly',
  quarterly: 'ui.price.quarterly',
  'bi-annual': 'ui.price.bi-annual',
};

/** docs/product.md#data membership features, in the language shown. */
export function membershipFeatures(): string[] {
  return [t('ui.price.feature-images'), t('ui.price.feature-boost'), t('ui.price.feature-inbox-filter'), t('ui.price.feature-favorites')];
}

export function membershipName(plan: Pick<MembershipPlan, 'frequency' | 'days'>): string {
  return plan.frequency === 'other' ? t('ui.price.every-days', { days: plan.days }) : t(frequencyLabel[plan.frequency]);
}

export function OfferTags({ tags, firstPurchaseOnly }: { tags: readonly string[]; firstPurchaseOnly?: boolean }) {
  const labels: TextKey[] = [
    ...(tags.includes('mostPopular') ? (['ui.price.most-popular'] as const) : []),
    ...(tags.includes('limitedOffer') ? (['ui.price.limited-offer'] as const) : []),
    ...(firstPurchaseOnly ? (['ui.price.first-purchase'] as const) : []),
  ];
  if (labels.length === 0) return null;
  return (
    <ul className="pr-tags" aria-label={t('ui.price.offer')}>
      {labels.map((label) => (
        <li key={label} className={`pr-tag${label === 'ui.price.most-popular' ? ' pr-tag--popular' : ''}`}>
          {t(label)}
        </li>
      ))}
    </ul>
  );
}

export function CreditPackageCard({ plan, symbol, action, selected }: { plan: CreditPackagePlan; symbol: string; action: ReactNode; selected?: boolean }) {
  const popular = plan.tags.includes('mostPopular');
  return (
    <li className={`pr-card${popular ? ' pr-card--featured' : ''}${selected ? ' pr-card--selected' : ''}`}>
      <OfferTags tags={plan.tags} firstPurchaseOnly={plan.firstPurchaseOnly} />
      <p className="pr-card__amount">
        <RichText id="ui.price.credits" values={{ credits: plan.credits }} components={{ 0: <span className="pr-card__big" /> }} />
      </p>
      <p className="pr-card__price">{money(plan.price, symbol)}</p>
      {plan.pricePerMessage !== null && <p className="pr-card__per">{t('ui.price.per-message', { price: money(plan.pricePerMessage, symbol) })}</p>}
      {action}
    </li>
  );
}

export function MembershipCard({ plan, symbol, action, selected }: { plan: MembershipPlan; symbol: string; action: ReactNode; selected?: boolean }) {
  const featured = plan.tags.includes('mostPopular');
  const name = membershipName(plan);
  return (
    <li className={`pr-card pr-card--vip${featured ? ' pr-card--featured' : ''}${selected ? ' pr-card--selected' : ''}`}>
      <OfferTags tags={plan.tags} />
      <h3 className="pr-card__name">
        <Icon name="crown" size={20} /> {name}
      </h3>
      <p className="pr-card__price">{money(plan.price, symbol)}</p>
      <p className="pr-card__per">
        {plan.frequency === 'monthly'
          ? t('ui.price.billed-every', { days: plan.days })
          : t('ui.price.per-month-billed-every', { price: money(plan.pricePerMonth, symbol), days: plan.days })}
      </p>
      <ul className="pr-card__features">
        {plan.credits > 0 && (
          <li>
            <Icon name="check" size={18} /> {t(plan.frequency === 'monthly' ? 'ui.price.credits-every-month' : 'ui.price.credits-every-renewal', { credits: plan.credits })}
          </li>
        )}
        {membershipFeatures().map((f) => (
          <li key={f}>
            <Icon name="check" size={18} /> {f}
          </li>
        ))}
      </ul>
      {action}
    </li>
  );
}

/** docs/product.md#data: the subscription notice states currency, amount and the charge interval in days. */
export function subscriptionNotice(plan: Pick<MembershipPlan, 'price' | 'currency' | 'days'>, symbol: string): string {
  return t('ui.price.subscription-notice', { price: money(plan.price, symbol), currency: plan.currency, days: plan.days });
}

/** docs/product.md#overview, docs/product.md#credits: one credit sends one message (in the language shown). */
export function oneMessagePerCredit(): string {
  return t('ui.price.one-message-per-credit');
}
