import type { ReactNode } from 'react';
import { money, type CreditPackagePlan, type MembershipFrequency, type MembershipPlan } from '@web/lib/price-plans';
import { Icon } from './icons';
import './price-cards.css';

/**
 * The product presentation shared by the public /prices page and /upgrade: the same cards, tags and
 * wording; each page supplies its own call to action.
 */

const frequencyLabel: Record<Exclude<MembershipFrequency, 'other'>, string> = {
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  'bi-annual': 'Bi-annual',
};

/** docs/product.md#data membership features. */
export const MEMBERSHIP_FEATURES = ['Images and albums', 'Profile boost', 'Inbox filter', 'Add to favorites'] as const;

export function membershipName(plan: Pick<MembershipPlan, 'frequency' | 'days'>): string {
  return plan.frequency === 'other' ? `Every ${plan.days} days` : frequencyLabel[plan.frequency];
}

export function OfferTags({ tags, firstPurchaseOnly }: { tags: readonly string[]; firstPurchaseOnly?: boolean }) {
  const labels = [
    ...(tags.includes('mostPopular') ? ['Most popular'] : []),
    ...(tags.includes('limitedOffer') ? ['Limited offer'] : []),
    ...(firstPurchaseOnly ? ['First purchase'] : []),
  ];
  if (labels.length === 0) return null;
  return (
    <ul className="pr-tags" aria-label="Offer">
      {labels.map((label) => (
        <li key={label} className={`pr-tag${label === 'Most popular' ? ' pr-tag--popular' : ''}`}>
          {label}
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
        <span className="pr-card__big">{plan.credits}</span> credits
      </p>
      <p className="pr-card__price">{money(plan.price, symbol)}</p>
      {plan.pricePerMessage !== null && <p className="pr-card__per">{money(plan.pricePerMessage, symbol)} per message</p>}
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
        {plan.frequency === 'monthly' ? `billed every ${plan.days} days` : `${money(plan.pricePerMonth, symbol)} per month, billed every ${plan.days} days`}
      </p>
      <ul className="pr-card__features">
        {plan.credits > 0 && (
          <li>
            <Icon name="check" size={18} /> {plan.credits} complimentary credits {plan.frequency === 'monthly' ? 'every month' : 'with every renewal'}
          </li>
        )}
        {MEMBERSHIP_FEATURES.map((f) => (
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
  return `You will be charged ${money(plan.price, symbol)} (${plan.currency}) now and every ${plan.days} days until you cancel. You can cancel at any time in your account settings; the membership stays active until the end of the period you paid for.`;
}

/** docs/product.md#overview, docs/product.md#credits: one credit sends one message. */
export const ONE_MESSAGE_PER_CREDIT = 'One credit sends one message. Reading messages, browsing, swiping and matching are free.';
