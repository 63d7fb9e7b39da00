import { createFileRoute } from '@tanstack/react-router';
import { FaqPage } from '@web/features/marketing/faq-page';

export const Route = createFileRoute('/_public/faq')({
  component: FaqPage,
});
