import { createFileRoute } from '@tanstack/react-router';
import { AgentSignInPage } from '@web/features/agent-sign-in/agent-sign-in-page';

export const Route = createFileRoute('/_signin/agent/sign-in')({
  component: AgentSignInPage,
});
