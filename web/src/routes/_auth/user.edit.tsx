import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '@web/features/account/account-page';

export const Route = createFileRoute('/_auth/user/edit')({
  component: () => <AccountPage mode="edit" />,
});
