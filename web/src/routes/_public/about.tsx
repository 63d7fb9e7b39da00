import { createFileRoute } from '@tanstack/react-router';
import { AboutPage } from '@web/features/marketing/about-pages';

export const Route = createFileRoute('/_public/about')({
  component: AboutPage,
});
