import type { ReactNode } from 'react';
import { enAdmin } from '@sync/locales/en-admin';
import { addTexts, t } from '@sync/texts';
import { useAuth } from '@web/lib/auth-state';
import { tokenRole } from '@web/lib/token';

addTexts(enAdmin);

/** Admin screens show plain agents a clear panel instead of a failing list. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { token } = useAuth();
  if (tokenRole(token) === 'admin') return <>{children}</>;
  return (
    <section className="ac-card ac-blank" aria-labelledby="admin-only-title">
      <h1 id="admin-only-title" className="ac-page__title">
        {t('admin.only-title')}
      </h1>
      <p className="muted">{t('admin.only-text')}</p>
    </section>
  );
}
