import { Link } from '@tanstack/react-router';
import { addTexts, t } from '@sync/texts';
import { enMarketing } from '@sync/locales/en-marketing';
import { useAuth } from '@web/lib/auth-state';
import { useBrand } from '@web/lib/brand-context';
import { buildPricePlans, currencySymbol } from '@web/lib/price-plans';
import { Icon } from '@web/ui/icons';
import { CreditPackageCard, MembershipCard, oneMessagePerCredit } from '@web/ui/price-cards';
import { RichText } from '@web/ui/rich-text';
import './marketing.css';

addTexts(enMarketing);

/** /prices: credit packages and VIP memberships from the brand's products for the visitor's country. */
export function PricesPage() {
  const { brand, config } = useBrand();
  const { isAuthenticated } = useAuth();
  const country = config?.country ?? 'US';
  const plans = buildPricePlans(brand?.products, country);
  const currency = plans.creditPackages[0]?.currency ?? plans.memberships[0]?.currency ?? config?.currency ?? 'USD';
  const symbol = currencySymbol(currency, config?.currencySymbol);
  const name = brand?.brand ?? 'Amora';
  const creditCta = isAuthenticated ? ({ to: '/upgrade/credits', label: t('marketing.prices.buy-credits') } as const) : ({ to: '/sign-up', label: t('marketing.prices.join-to-buy') } as const);
  const vipCta = isAuthenticated ? ({ to: '/upgrade/premium', label: t('marketing.prices.become-vip') } as const) : ({ to: '/sign-up', label: t('marketing.prices.join-to-go-vip') } as const);
  const descriptor = brand?.defaultDescriptor ? String(brand.defaultDescriptor) : null;
  const nothing = plans.creditPackages.length === 0 && plans.memberships.length === 0;

  return (
    <div className="mk-page">
      <header className="mk-page__head">
        <span className="mk-page__eyebrow">{t('marketing.prices.eyebrow')}</span>
        <h1 className="mk-page__title">{t('marketing.prices.title')}</h1>
        <p className="mk-page__lead">{t('marketing.prices.lead', { name })}</p>
      </header>

      {nothing ? (
        <div className="pr-empty" role="status">
          <Icon name="coin" size={32} />
          <h2>{t('marketing.prices.empty-title')}</h2>
          <p>
            <RichText id="marketing.prices.empty" components={{ 0: <Link to="/contact-us" /> }} />
          </p>
        </div>
      ) : (
        <>
          {plans.creditPackages.length > 0 && (
            <section className="pr-section" aria-labelledby="pr-credits-title">
              <div className="pr-section__head">
                <h2 id="pr-credits-title">{t('marketing.prices.credits-title')}</h2>
                <p>{t('marketing.prices.credits-text')}</p>
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
                <h2 id="pr-vip-title">{t('marketing.prices.vip-title')}</h2>
                <p>{t('marketing.prices.vip-text')}</p>
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
          {t('marketing.prices.notes-title')}
        </h2>
        <ul>
          <li>
            <RichText id="marketing.prices.note-credit" values={{ rule: oneMessagePerCredit() }} components={{ 0: <strong /> }} />
          </li>
          <li>
            <RichText id="marketing.prices.note-renew" components={{ 0: <strong /> }} />
          </li>
          <li>
            {descriptor ? (
              <RichText id="marketing.prices.note-vat-descriptor" values={{ currency, descriptor }} components={{ 0: <strong /> }} />
            ) : (
              <RichText id="marketing.prices.note-vat" values={{ currency }} components={{ 0: <strong /> }} />
            )}
          </li>
        </ul>
        <p className="pr-notes__disclaimer">
          {t('marketing.prices.disclaimer', { name })}
        </p>
      </section>
    </div>
  );
}
