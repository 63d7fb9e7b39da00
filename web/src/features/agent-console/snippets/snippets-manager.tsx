import { useState, type FormEvent } from 'react';
import { SNIPPET_BODY_MAX, SNIPPET_TITLE_MAX, type Snippet } from '@sync/contract/snippets';
import { addTexts, t, type TextKey } from '@sync/texts';
import { enAgentConsole } from '@sync/locales/en-agent-console';
import { useAuth } from '@web/lib/auth-state';
import { ApiError } from '@web/lib/http';
import { tokenRole } from '@web/lib/token';
import { RichText } from '@web/ui/rich-text';
import { toast } from '@web/ui/toast';
import { ConsoleDialog, useConfirm } from '../console-dialog';
import { createSnippet, deleteSnippet, updateSnippet } from './snippets-api';
import { useSnippets } from './snippets-context';
import './snippets.css';

addTexts(enAgentConsole);

const EMPTY = { title: '', body: '', shared: false };

/**
 * Add, edit and remove canned replies: an agent their own, an admin also the shared ones (the server checks
 * the same; this only hides what would be refused).
 */
export function SnippetsManager({ inDialog = false }: { inDialog?: boolean }) {
  const store = useSnippets();
  const { token } = useAuth();
  const isAdmin = tokenRole(token) === 'admin';
  const [form, setForm] = useState(EMPTY);
  const [editing, setEditing] = useState<Snippet | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = useConfirm();
  if (!store) return null;
  const own = store.snippets.filter((s) => !s.shared);
  const shared = store.snippets.filter((s) => s.shared);

  const run = async (task: () => Promise<unknown>, done: Parameters<typeof t>[0]) => {
    setBusy(true);
    setError(null);
    try {
      await task();
      toast.success(t(done));
      await store.reload();
      return true;
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('agent.error-try-again'));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { title: form.title.trim(), body: form.body.trim() };
    if (!body.title || !body.body) return;
    const ok = await run(() => (editing ? updateSnippet(editing._id, body) : createSnippet({ ...body, shared: isAdmin && form.shared })), 'agent.snippet-saved');
    if (ok) {
      setForm(EMPTY);
      setEditing(null);
    }
  };

  const edit = (snippet: Snippet) => {
    setEditing(snippet);
    setError(null);
    setForm({ title: snippet.title, body: snippet.body, shared: snippet.shared });
  };

  const list = (items: Snippet[], label: TextKey, empty: TextKey) => (
    <section className="ac-snippets__group" aria-label={t(label)}>
      <h3 className="ac-snippets__group-title">
        {t(label)} <span className="ac-count">{items.length}</span>
      </h3>
      {items.length === 0 ? (
        <p className="ac-empty">{t(empty)}</p>
      ) : (
        <ul className="ac-snippets__list">
          {items.map((snippet) => (
            <li key={snippet._id} className="ac-memo ac-snippets__item">
              <strong>{snippet.title}</strong>
              <p className="ac-memo__text">{snippet.body}</p>
              {snippet.editable && (
                <div className="ac-row">
                  <button type="button" className="ac-link" onClick={() => edit(snippet)} aria-label={t('agent-console.edit-named', { name: snippet.title })}>
                    {t('agent-console.edit')}
                  </button>
                  <button
                    type="button"
                    className="ac-link ac-link--danger"
                    disabled={busy}
                    aria-label={t('agent-console.remove-named', { name: snippet.title })}
                    onClick={() =>
                      confirm.ask({
                        title: t('agent-console.remove-snippet-title'),
                        body: snippet.title,
                        confirmLabel: t('agent-console.remove-snippet'),
                        run: () => void run(() => deleteSnippet(snippet._id), 'agent.snippet-removed'),
                      })
                    }
                  >
                    {t('agent-console.remove')}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );

  return (
    <div className="ac-snippets">
      {!inDialog && <h2 className="ac-card__title">{t('agent-console.snippets')}</h2>}
      <p className="muted ac-snippets__hint">
        <RichText
          id="agent-console.snippets-hint"
          values={{ member: '{member}', profile: '{profile}' }}
          components={{ 0: <kbd />, 1: <kbd />, 2: <code />, 3: <code /> }}
        />
      </p>
      <form className="ac-form ac-snippets__form" onSubmit={submit} aria-label={editing ? t('agent-console.edit-snippet-named', { name: editing.title }) : t('agent-console.new-snippet')}>
        {error && (
          <p className="ac-error" role="alert">
            {error}
          </p>
        )}
        <label className="form-field">
          <span className="form-field__label">{t('agent-console.title')}</span>
          <input className="form-input" value={form.title} maxLength={SNIPPET_TITLE_MAX} required onChange={(e) => setForm({ ...form, title: e.target.value })} />
        </label>
        <label className="form-field">
          <span className="form-field__label">{t('agent-console.text')}</span>
          <textarea className="form-input ac-textarea" rows={3} value={form.body} maxLength={SNIPPET_BODY_MAX} required onChange={(e) => setForm({ ...form, body: e.target.value })} />
        </label>
        <div className="ac-row">
          {isAdmin && !editing && (
            <label className="ac-check">
              <input type="checkbox" checked={form.shared} onChange={(e) => setForm({ ...form, shared: e.target.checked })} /> {t('agent-console.shared-with-every-agent')}
            </label>
          )}
          {editing && (
            <button
              type="button"
              className="ac-btn ac-btn--small"
              onClick={() => {
                setEditing(null);
                setForm(EMPTY);
              }}
            >
              {t('agent-console.cancel')}
            </button>
          )}
          <button type="submit" className="ac-btn ac-btn--small ac-btn--primary ac-snippets__save" disabled={busy || !form.title.trim() || !form.body.trim()}>
            {t(editing ? 'agent-console.save-changes' : 'agent-console.add-snippet')}
          </button>
        </div>
      </form>
      {store.phase === 'error' && <p className="ac-error">{t('agent.error-try-again')}</p>}
      {list(own, 'agent-console.own-snippets', 'agent-console.no-own-snippets')}
      {list(shared, 'agent-console.shared-snippets', isAdmin ? 'agent-console.no-shared-snippets-admin' : 'agent-console.none-yet')}
      {confirm.dialog}
    </div>
  );
}

/** The manager in a dialog, opened from the picker's "Manage canned replies". */
export function SnippetsManagerDialog() {
  const store = useSnippets();
  if (!store) return null;
  return (
    <ConsoleDialog open={store.managing} onOpenChange={store.setManaging} title={t('agent-console.manage-snippets')} size="md">
      <SnippetsManager inDialog />
    </ConsoleDialog>
  );
}
