import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@web/ui/coming-soon';

export const Route = createFileRoute('/_auth/favorites')({
  component: () => <ComingSoon title="Favorites" />,
});
