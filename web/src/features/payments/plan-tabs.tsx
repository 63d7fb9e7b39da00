import { Link, useNavigate } from '@tanstack/react-router';
import { t } from '@sync/texts';
import { cartStore, useCart, type CartItem } from '@web/lib/cart';
import { money, type CreditPackagePlan, type MembershipPlan } from '@web/lib/price-plans';
import { useUser, type User } from '@web/lib/user-store';
import { Icon } from '@web/ui/icons';
import { CreditPackageCard, MembershipCard, membershipName, ONE_MESSAGE_PER_CREDIT } from '@web/ui/price-cards';
import { useMemberPlans } from './use-member-plans';

export function creditItem(plan: CreditPackagePlan): CartItem {
  return {
    productId: plan.id,
    days: 0,
    kind: 'credits',
    label: `${plan.credits} credits`,
    credits: plan.credits,
    price: plan.price,
    currency: plan.currency,
    firstPurchaseOnly: plan.firstPurchaseOnly,
  };
}

export function membershipItem(plan: MembershipPlan): CartItem {
  return { productId: plan.productId, days: plan.days, kind: 'membership', label: `${membershipName(plan)} VIP membership`, credits: plan.credits, price: plan.price, currency: plan.currency };
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
      <h2>No offers right now</h2>
      <p>
        We could not load the offers for your country. Please try again in a moment, or <Link to="/contact-us">contact us</Link>.
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
        <h2 id="pay-credits-title">Buy credits</h2>
        <p className="muted">
          You have <strong className="pay-balance">{typeof user?.credits === 'number' ? user.credits : 0}</strong> credits.
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
                  Buy<span className="visually-hidden"> {plan.credits} credits</span>
                </button>
              }
            />
          ))}
        </ul>
      )}
      <p className="pay-disclaimer">
        <Icon name="info" size={18} /> <span>{ONE_MESSAGE_PER_CREDIT}</span>
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
        <h2 id="pay-vip-title">Become a VIP member</h2>
        <p className="muted">VIP members get 20X more responses, see every photo and album, and receive complimentary credits every month.</p>
      </div>
      {active ? (
        <div className="pay-vip-active panel" role="status">
          <Icon name="crown" size={28} />
          <div>
            <h3>You are a VIP member</h3>
            <p className="muted">Your membership is active. You can manage it in your account settings.</p>
            <p className="muted">{t('payment.one-membership')}</p>
          </div>
          <Link to="/settings" className="button button--ghost">
            Manage membership
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
                    {plan.currency} {money(plan.price)} every {plan.days} days until you cancel.
                  </p>
                  <button type="button" className="pr-card__cta pr-card__cta--primary" onClick={() => choose(membershipItem(plan))}>
                    Choose<span className="visually-hidden"> {membershipName(plan)} membership</span>
                  </button>
                </>
              }
            />
          ))}
        </ul>
      )}
      <p className="pay-disclaimer">
        <Icon name="info" size={18} /> <span>Memberships renew automatically at the end of each period until you cancel. {ONE_MESSAGE_PER_CREDIT}</span>
      </p>
    </section>
  );
}
