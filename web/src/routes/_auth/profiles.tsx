import { createFileRoute } from '@tanstack/react-router';
import { ProfilesPage } from '@web/features/profiles/profiles-page';

export const Route = createFileRoute('/_auth/profiles')({
  component: ProfilesPage,
});
