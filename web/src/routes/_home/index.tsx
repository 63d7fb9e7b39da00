import { createFileRoute } from '@tanstack/react-router';
import { LandingPage } from '@web/features/marketing/landing-page';

export const Route = createFileRoute('/_home/')({
  component: LandingPage,
});
