import { createFileRoute } from '@tanstack/react-router';
import { PaymentSettings } from '@web/features/payments/payment-settings';
import { SettingsScreen } from '@web/app/settings-screen';

export const Route = createFileRoute('/_auth/settings/')({
  component: () => (
    <>
      <SettingsScreen />
      <PaymentSettings />
    </>
  ),
});
