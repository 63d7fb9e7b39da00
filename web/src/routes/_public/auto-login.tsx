import { createFileRoute, redirect } from '@tanstack/react-router';

/**
 * The root route flow has already run the ?token= auto-login by the time this loads; what is
 * left is to land on '/', which sends a signed-in member on to the authenticated home.
 */
export const Route = createFileRoute('/_public/auto-login')({
  beforeLoad: () => {
    throw redirect({ to: '/', replace: true });
  },
});
