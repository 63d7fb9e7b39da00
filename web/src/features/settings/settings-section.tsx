import { useId, type ReactNode } from 'react';

/** One panel of the settings page, titled for screen readers by its heading. */
export function Section({ title, description, side, children }: { title: string; description?: string; side?: boolean; children: ReactNode }) {
  const id = useId();
  return (
    <section className={`settings-section panel${side ? ' settings-section--side' : ''}`} aria-labelledby={id}>
      <header className="settings-section__header">
        <h2 id={id}>{title}</h2>
        {description && <p className="muted">{description}</p>}
      </header>
      {children}
    </section>
  );
}
