import { Link } from '@tanstack/react-router';
import { useAuth } from '@web/lib/auth-session';
import { useBrand } from '@web/lib/brand-context';
import { Icon } from './icons';
import { buildPricePlans, currencySymbol, money, type CreditPackagePlan, type MembershipFrequency, type MembershipPlan } from './price-plans';
import './marketing.css';
import './prices.css';

const frequencyLabel: Record<Exclude<MembershipFrequency, 'other'>, string> = {
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  'bi-annual': 'Bi-annual',
};
const membershipFeatures = ['Images and albums', 'Profile boost', 'Inbox filter', 'Add to favorites'];

function Tags({ tags, firstPurchaseOnly }: { tags: readonly string[]; firstPurchaseOnly?: boolean }) {
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

function CreditCard({ plan, symbol, cta }: { plan: CreditPackagePlan; symbol: string; cta: { to: '/sign-up' | '/upgrade/credits'; label: string } }) {
  const popular = plan.tags.includes('mostPopular');
  return (
    <li className={`pr-card${popular ? ' pr-card--featured' : ''}`}>
      <Tags tags={plan.tags} firstPurchaseOnly={plan.firstPurchaseOnly} />
      <p className="pr-card__amount">
        <span className="pr-card__big">{plan.credits}</span> credits
      </p>
      <p className="pr-card__price">{money(plan.price, symbol)}</p>
      {plan.pricePerMessage !== null && <p className="pr-card__per">{money(plan.pricePerMessage, symbol)} per message</p>}
      <Link to={cta.to} className={`pr-card__cta ${popular ? 'pr-card__cta--primary' : ''}`}>
        {cta.label}
      </Link>
    </li>
  );
}

function MembershipCard({ plan, symbol, cta }: { plan: MembershipPlan; symbol: string; cta: { to: '/sign-up' | '/upgrade/premium'; label: string } }) {
  const name = plan.frequency === 'other' ? `Every ${plan.days} days` : frequencyLabel[plan.frequency];
  const featured = plan.tags.includes('mostPopular');
  return (
    <li className={`pr-card pr-card--vip${featured ? ' pr-card--featured' : ''}`}>
      <Tags tags={plan.tags} />
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
        {membershipFeatures.map((f) => (
          <li key={f}>
            <Icon name="check" size={18} /> {f}
          </li>
        ))}
      </ul>
      <Link to={cta.to} className="pr-card__cta pr-card__cta--primary">
        {cta.label}
      </Link>
    </li>
  );
}

/** /prices: credit packages and VIP memberships from the brand's products for the visitor's country. */
export function PricesPage() {
  const { brand, config } = useBrand();
  const { isAuthenticated } = useAuth();
  const country = config?.country ?? 'US';
  const plans = buildPricePlans(brand?.products, country);
  const currency = plans.creditPackages[0]?.currency ?? plans.memberships[0]?.currency ?? config?.currency ?? 'USD';
  const symbol = currencySymbol(currency, config?.currencySymbol);
  const name = brand?.brand ?? 'Amora';
  const creditCta = isAuthenticated ? ({ to: '/upgrade/credits', label: 'Buy credits' } as const) : ({ to: '/sign-up', label: 'Join to buy' } as const);
  const vipCta = isAuthenticated ? ({ to: '/upgrade/premium', label: 'Become VIP' } as const) : ({ to: '/sign-up', label: 'Join to go VIP' } as const);
  const nothing = plans.creditPackages.length === 0 && plans.memberships.length === 0;

  return (
    <div className="mk-page">
      <header className="mk-page__head">
        <span className="mk-page__eyebrow">Prices</span>
        <h1 className="mk-page__title">Simple prices, no surprises</h1>
        <p className="mk-page__lead">Joining {name} and browsing profiles is free. Buy credits when you want to chat, or go VIP for the full experience.</p>
      </header>

      {nothing ? (
        <div className="pr-empty" role="status">
          <Icon name="coin" size={32} />
          <h2>Prices are on their way</h2>
          <p>
            We could not load the offers for your country just now. Please refresh the page in a moment, or <Link to="/contact-us">contact us</Link> and we will help.
          </p>
        </div>
      ) : (
        <>
          {plans.creditPackages.length > 0 && (
            <section className="pr-section" aria-labelledby="pr-credits-title">
              <div className="pr-section__head">
                <h2 id="pr-credits-title">Credit packages</h2>
                <p>One credit sends one message. The bigger the package, the less each message costs.</p>
              </div>
              <ul className="pr-grid">
                {plans.creditPackages.map((plan) => (
                  <CreditCard key={plan.id} plan={plan} symbol={symbol} cta={creditCta} />
                ))}
              </ul>
            </section>
          )}
          {plans.memberships.length > 0 && (
            <section className="pr-section" aria-labelledby="pr-vip-title">
              <div className="pr-section__head">
                <h2 id="pr-vip-title">VIP memberships</h2>
                <p>VIP members get 20X more responses, see every photo and album, and receive complimentary credits.</p>
              </div>
              <ul className="pr-grid pr-grid--vip">
                {plans.memberships.map((plan) => (
                  <MembershipCard key={plan.id} plan={plan} symbol={symbol} cta={vipCta} />
                ))}
              </ul>
            </section>
          )}
        </>
      )}

      <section className="pr-notes" aria-labelledby="pr-notes-title">
        <h2 id="pr-notes-title" className="visually-hidden">
          Good to know
        </h2>
        <ul>
          <li>
            <strong>One message per credit.</strong> Every message you send uses exactly one credit. Reading messages, browsing, swiping and matching are free.
          </li>
          <li>
            <strong>Memberships renew automatically</strong> at the end of each period until you cancel, which you can do at any time in your account settings.
          </li>
          <li>
            <strong>Prices include VAT</strong> where applicable and are shown in {currency}. Your bank statement shows a discreet descriptor{brand?.defaultDescriptor ? ` (${String(brand.defaultDescriptor)})` : ''}.
          </li>
        </ul>
        <p className="pr-notes__disclaimer">
          {name} is an entertainment service: profiles are for entertainment only and no real meetings are possible. You must be 18 or older to buy credits or memberships.
        </p>
      </section>
    </div>
  );
}
