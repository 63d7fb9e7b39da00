import { createFileRoute } from '@tanstack/react-router';
import { MatchesPage } from '@web/features/matching/matches-page';

export const Route = createFileRoute('/_auth/matches')({
  component: MatchesPage,
});
