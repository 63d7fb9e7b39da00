import { createFileRoute } from '@tanstack/react-router';
import { InterestsPage } from '@web/features/interests/interests-page';

export const Route = createFileRoute('/_auth/favorites')({
  component: () => <InterestsPage list="favorites" standalone />,
});
