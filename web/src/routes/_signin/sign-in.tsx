import { createFileRoute } from '@tanstack/react-router';
import { SignInPage } from '@web/features/account-forms/sign-in-page';

export const Route = createFileRoute('/_signin/sign-in')({
  component: SignInPage,
});
