import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_auth/interests/')({
  beforeLoad: () => {
    throw redirect({ to: '/interests/favorites/{-$page}', params: {}, replace: true });
  },
});
