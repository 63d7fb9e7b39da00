import { createFileRoute } from '@tanstack/react-router';
import { SignUpPage } from '@web/features/account-forms/sign-up-page';

export const Route = createFileRoute('/_signin/sign-up')({
  component: SignUpPage,
});
