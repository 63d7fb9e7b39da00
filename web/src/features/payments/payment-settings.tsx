import { useState } from 'react';
import { addTexts, t } from '@sync/texts';
import { enMember } from '@sync/locales/en-member';
import { ApiError } from '@web/lib/http';
import { formatLocale } from '@web/lib/i18n';
import { money } from '@web/lib/price-plans';
import { cancelSubscription } from '@web/lib/payments-api';
import { userStore, useUser } from '@web/lib/user-store';
import { openPopup } from '@web/ui/popups/popup-queue';
import { toast } from '@web/ui/toast';
import { AgeVerificationPanel } from './age-verification';
import { SavedCardsPanel } from './saved-cards';
import './payments.css';

addTexts(enMember);

interface SubscriptionFields {
  _id: string;
  active: boolean;
  sku?: string;
  intervalDays?: number;
  amount?: number;
  currency?: string;
  currentPeriodEnd?: string;
  nextChargeDate?: string | null;
  cancelDate?: string | null;
}

const day = (iso?: string | null) => (iso ? new Date(iso).toLocaleDateString(formatLocale(), { year: 'numeric', month: 'long', day: 'numeric' }) : '');

function MembershipBlock({ subscription }: { subscription: SubscriptionFields | undefined }) {
  const [busy, setBusy] = useState(false);
  // Without a membership the settings page's own Membership section offers the upgrade.
  if (!subscription) return null;
  const cancelled = Boolean(subscription.cancelDate);
  const confirmCancel = () =>
    openPopup('general', {
      title: t('member.pay.cancel-vip-title'),
      message: t('member.pay.cancel-vip-message', { date: day(subscription.currentPeriodEnd ?? subscription.nextChargeDate) }),
      confirmLabel: t('member.pay.cancel-membership'),
      cancelLabel: t('membership.keep'),
      onConfirm: () => {
        setBusy(true);
        cancelSubscription(subscription._id)
          .then(async () => {
            const id = userStore.get().user?._id;
            if (id) await userStore.load(id);
            toast.success(t('member.pay.will-not-renew'));
          })
          .catch((error: unknown) => toast.error(error instanceof ApiError && error.status < 500 ? error.message : t('error.generic')))
          .finally(() => setBusy(false));
      },
    });
  return (
    <section className="pay-settings__block" aria-labelledby="pay-membership-title">
      <h3 id="pay-membership-title">{t('member.pay.vip-membership')}</h3>
      <p className="muted">
        {subscription.amount !== undefined && subscription.currency ? t('member.pay.every-days', { currency: subscription.currency, amount: money(subscription.amount), days: subscription.intervalDays ?? 30 }) : ''}
        {cancelled
          ? t('member.pay.cancelled-until', { date: day(subscription.currentPeriodEnd) })
          : subscription.nextChargeDate
            ? t('member.pay.renews-on', { date: day(subscription.nextChargeDate) })
            : ''}
      </p>
      {!cancelled && (
        <button type="button" className="button button--ghost" onClick={confirmCancel} disabled={busy} aria-busy={busy}>
          {busy ? t('member.pay.cancelling') : t('member.pay.cancel-membership')}
        </button>
      )}
    </section>
  );
}

/** /settings: membership (cancel), saved cards (remove) and age verification, beside the account settings. */
export function PaymentSettings() {
  const { user } = useUser();
  if (!user) return null;
  const subscriptions = Array.isArray(user.subscriptions) ? (user.subscriptions as SubscriptionFields[]) : [];
  return (
    <div className="pay-settings panel">
      <h2 className="pay-settings__title">{t('member.pay.settings-title')}</h2>
      <MembershipBlock subscription={subscriptions.find((s) => s.active)} />
      <SavedCardsPanel user={user} />
      <AgeVerificationPanel user={user} />
    </div>
  );
}
