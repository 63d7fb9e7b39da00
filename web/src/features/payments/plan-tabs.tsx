import { Link, useNavigate } from '@tanstack/react-router';
import { addTexts, t } from '@sync/texts';
import { enMember } from '@sync/locales/en-member';
import { RichText } from '@web/ui/rich-text';
import { cartStore, useCart, type CartItem } from '@web/lib/cart';
import { money, type CreditPackagePlan, type MembershipPlan } from '@web/lib/price-plans';
import { useUser, type User } from '@web/lib/user-store';
import { Icon } from '@web/ui/icons';
import { CreditPackageCard, MembershipCard, membershipName, oneMessagePerCredit } from '@web/ui/price-cards';
import { useMemberPlans } from './use-member-plans';

addTexts(enMember);

export function creditItem(plan: CreditPackagePlan): CartItem {
  return {
    productId: plan.id,
    days: 0,
    kind: 'credits',
    label: t('member.pay.credits-label', { count: plan.credits }),
    credits: plan.credits,
    price: plan.price,
    currency: plan.currency,
    firstPurchaseOnly: plan.firstPurchaseOnly,
  };
}

export function membershipItem(plan: MembershipPlan): CartItem {
  return { productId: plan.productId, days: plan.days, kind: 'membership', label: t('member.pay.membership-label', { name: membershipName(plan) }), credits: plan.credits, price: plan.price, currency: plan.currency };
}

/** docs/product.md#orders-and-payment: a member with an active subscription (premium) has a membership. */
export function hasMembership(user: User | null): boolean {
  if (!user) return false;
  const subscriptions = Array.isArray(user.subscriptions) ? (user.subscriptions as { active?: unknown }[]) : [];
  return user.isPremium === true || subscriptions.some((s) => s?.active === true);
}

function useChoose() {
  const navigate = useNavigate();
  return (item: CartItem) => {
    cartStore.add(item);
    void navigate({ to: '/upgrade/checkout' });
  };
}

function NoOffers() {
  return (
    <div className="pr-empty" role="status">
      <Icon name="coin" size={32} />
      <h2>{t('member.pay.no-offers')}</h2>
      <p>
        <RichText id="member.pay.no-offers-text" components={{ 0: <Link to="/contact-us" /> }} />
      </p>
    </div>
  );
}

/** /upgrade/credits: the credit packages the member is offered (promotions applied), cheapest first. */
export function CreditPackagesTab() {
  const { creditPackages, symbol } = useMemberPlans();
  const { user } = useUser();
  const cart = useCart();
  const choose = useChoose();
  const chosen = cart.items[0];
  return (
    <section className="pay-section" aria-labelledby="pay-credits-title">
      <div className="pay-section__head">
        <h2 id="pay-credits-title">{t('member.pay.buy-credits')}</h2>
        <p className="muted">
          <RichText id="member.pay.you-have-credits" values={{ credits: typeof user?.credits === 'number' ? user.credits : 0 }} components={{ 0: <strong className="pay-balance" /> }} />
        </p>
      </div>
      {creditPackages.length === 0 ? (
        <NoOffers />
      ) : (
        <ul className="pr-grid">
          {creditPackages.map((plan) => (
            <CreditPackageCard
              key={plan.id}
              plan={plan}
              symbol={symbol}
              selected={chosen?.productId === plan.id}
              action={
                <button type="button" className={`pr-card__cta${plan.tags.includes('mostPopular') ? ' pr-card__cta--primary' : ''}`} onClick={() => choose(creditItem(plan))}>
                  <RichText id="member.pay.buy" values={{ count: plan.credits }} components={{ 0: <span className="visually-hidden" /> }} />
                </button>
              }
            />
          ))}
        </ul>
      )}
      <p className="pay-disclaimer">
        <Icon name="info" size={18} /> <span>{oneMessagePerCredit()}</span>
      </p>
    </section>
  );
}

/** /upgrade/premium: VIP memberships with their features; a member who has one sees it instead of a second. */
export function MembershipsTab() {
  const { memberships, symbol } = useMemberPlans();
  const { user } = useUser();
  const choose = useChoose();
  const active = hasMembership(user);
  return (
    <section className="pay-section" aria-labelledby="pay-vip-title">
      <div className="pay-section__head">
        <h2 id="pay-vip-title">{t('member.pay.become-vip')}</h2>
        <p className="muted">{t('member.pay.vip-lead')}</p>
      </div>
      {active ? (
        <div className="pay-vip-active panel" role="status">
          <Icon name="crown" size={28} />
          <div>
            <h3>{t('member.pay.you-are-vip')}</h3>
            <p className="muted">{t('member.pay.vip-active-text')}</p>
            <p className="muted">{t('payment.one-membership')}</p>
          </div>
          <Link to="/settings" className="button button--ghost">
            {t('member.pay.manage-membership')}
          </Link>
        </div>
      ) : memberships.length === 0 ? (
        <NoOffers />
      ) : (
        <ul className="pr-grid pr-grid--vip">
          {memberships.map((plan) => (
            <MembershipCard
              key={plan.id}
              plan={plan}
              symbol={symbol}
              action={
                <>
                  <p className="pr-card__notice">
                    {t('member.pay.until-cancel', { currency: plan.currency, amount: money(plan.price), days: plan.days })}
                  </p>
                  <button type="button" className="pr-card__cta pr-card__cta--primary" onClick={() => choose(membershipItem(plan))}>
                    <RichText id="member.pay.choose" values={{ name: membershipName(plan) }} components={{ 0: <span className="visually-hidden" /> }} />
                  </button>
                </>
              }
            />
          ))}
        </ul>
      )}
      <p className="pay-disclaimer">
        <Icon name="info" size={18} /> <span>{t('member.pay.renew-note', { rule: oneMessagePerCredit() })}</span>
      </p>
    </section>
  );
}
