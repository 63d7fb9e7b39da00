import { Link } from '@tanstack/react-router';
import { useAuth } from '@web/lib/auth-state';
import { useBrand } from '@web/lib/brand-context';
import { buildPricePlans, currencySymbol } from '@web/lib/price-plans';
import { Icon } from '@web/ui/icons';
import { CreditPackageCard, MembershipCard, ONE_MESSAGE_PER_CREDIT } from '@web/ui/price-cards';
import './marketing.css';

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
                  <CreditPackageCard
                    key={plan.id}
                    plan={plan}
                    symbol={symbol}
                    action={
                      <Link to={creditCta.to} className={`pr-card__cta${plan.tags.includes('mostPopular') ? ' pr-card__cta--primary' : ''}`}>
                        {creditCta.label}
                      </Link>
                    }
                  />
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
                  <MembershipCard
                    key={plan.id}
                    plan={plan}
                    symbol={symbol}
                    action={
                      <Link to={vipCta.to} className="pr-card__cta pr-card__cta--primary">
                        {vipCta.label}
                      </Link>
                    }
                  />
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
            <strong>One message per credit.</strong> {ONE_MESSAGE_PER_CREDIT}
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
