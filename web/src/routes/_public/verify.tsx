import { createFileRoute } from '@tanstack/react-router';
import { QueryProvider } from '@web/app/query-provider';
import { VerifyPage } from '@web/features/account-forms/verify-page';

export const Route = createFileRoute('/_public/verify')({
  // The public layout carries no query cache (the landing page's budget): this page brings its own provider.
  component: () => (
    <QueryProvider>
      <VerifyPage />
    </QueryProvider>
  ),
});
