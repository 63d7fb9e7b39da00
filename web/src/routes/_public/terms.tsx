import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '@web/features/marketing/terms-page';

export const Route = createFileRoute('/_public/terms')({
  component: TermsPage,
});
