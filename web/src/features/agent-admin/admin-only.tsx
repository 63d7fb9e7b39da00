import type { ReactNode } from 'react';
import { useAuth } from '@web/lib/auth-state';
import { tokenRole } from '@web/lib/token';

/** Admin screens show plain agents a clear panel instead of a failing list. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { token } = useAuth();
  if (tokenRole(token) === 'admin') return <>{children}</>;
  return (
    <section className="ac-card ac-blank" aria-labelledby="admin-only-title">
      <h1 id="admin-only-title" className="ac-page__title">
        Admins only
      </h1>
      <p className="muted">This screen is open to admin accounts.</p>
    </section>
  );
}
