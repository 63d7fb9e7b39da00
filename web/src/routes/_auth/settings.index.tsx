import { createFileRoute } from '@tanstack/react-router';
import { PaymentSettings } from '@web/features/payments/payment-settings';
import { SettingsPage } from '@web/features/settings/settings-page';

export const Route = createFileRoute('/_auth/settings/')({
  component: () => (
    <>
      <SettingsPage />
      <PaymentSettings />
    </>
  ),
});
