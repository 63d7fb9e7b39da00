import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '@web/features/support/contact-page';

export const Route = createFileRoute('/_public/contact-us')({
  component: ContactPage,
});
