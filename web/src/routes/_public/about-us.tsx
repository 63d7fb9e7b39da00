import { createFileRoute } from '@tanstack/react-router';
import { AboutUsPage } from '@web/features/marketing/about-pages';

export const Route = createFileRoute('/_public/about-us')({
  component: AboutUsPage,
});
