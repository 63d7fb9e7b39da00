import { useState } from 'react';
import { t } from '@sync/texts';
import { ApiError } from '@web/lib/http';
import { money } from '@web/lib/price-plans';
import { cancelSubscription } from '@web/lib/payments-api';
import { userStore, useUser } from '@web/lib/user-store';
import { openPopup } from '@web/ui/popups/popup-queue';
import { toast } from '@web/ui/toast';
import { AgeVerificationPanel } from './age-verification';
import { SavedCardsPanel } from './saved-cards';
import './payments.css';

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

const day = (iso?: string | null) => (iso ? new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' }) : '');

function MembershipBlock({ subscription }: { subscription: SubscriptionFields | undefined }) {
  const [busy, setBusy] = useState(false);
  // Without a membership the settings page's own Membership section offers the upgrade.
  if (!subscription) return null;
  const cancelled = Boolean(subscription.cancelDate);
  const confirmCancel = () =>
    openPopup('general', {
      title: 'Cancel VIP membership?',
      message: `Your membership stays active until ${day(subscription.currentPeriodEnd ?? subscription.nextChargeDate)} and will not renew.`,
      confirmLabel: 'Cancel membership',
      cancelLabel: t('membership.keep'),
      onConfirm: () => {
        setBusy(true);
        cancelSubscription(subscription._id)
          .then(async () => {
            const id = userStore.get().user?._id;
            if (id) await userStore.load(id);
            toast.success('Your membership will not renew.');
          })
          .catch((error: unknown) => toast.error(error instanceof ApiError && error.status < 500 ? error.message : t('error.generic')))
          .finally(() => setBusy(false));
      },
    });
  return (
    <section className="pay-settings__block" aria-labelledby="pay-membership-title">
      <h3 id="pay-membership-title">VIP membership</h3>
      <p className="muted">
        {subscription.amount !== undefined && subscription.currency ? `${subscription.currency} ${money(subscription.amount)} every ${subscription.intervalDays ?? 30} days. ` : ''}
        {cancelled ? `Cancelled: active until ${day(subscription.currentPeriodEnd)}, it will not renew.` : subscription.nextChargeDate ? `Renews on ${day(subscription.nextChargeDate)}.` : ''}
      </p>
      {!cancelled && (
        <button type="button" className="button button--ghost" onClick={confirmCancel} disabled={busy} aria-busy={busy}>
          {busy ? 'Cancelling…' : 'Cancel membership'}
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
      <h2 className="pay-settings__title">Payments and verification</h2>
      <MembershipBlock subscription={subscriptions.find((s) => s.active)} />
      <SavedCardsPanel user={user} />
      <AgeVerificationPanel user={user} />
    </div>
  );
}
