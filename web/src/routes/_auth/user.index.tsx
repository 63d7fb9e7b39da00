import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '@web/features/account/account-page';

export const Route = createFileRoute('/_auth/user/')({
  component: () => <AccountPage mode="view" />,
});
