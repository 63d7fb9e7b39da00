import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_auth/upgrade/')({
  beforeLoad: () => {
    throw redirect({ to: '/upgrade/credits', replace: true });
  },
});
