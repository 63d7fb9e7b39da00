import { createFileRoute } from '@tanstack/react-router';
import { AffiliatesPage } from '@web/features/support/affiliates-page';

export const Route = createFileRoute('/_public/affiliates')({
  component: AffiliatesPage,
});
