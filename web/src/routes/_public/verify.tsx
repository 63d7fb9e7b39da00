import { createFileRoute } from '@tanstack/react-router';
import { VerifyPage } from '@web/features/account-forms/verify-page';

export const Route = createFileRoute('/_public/verify')({
  component: VerifyPage,
});
