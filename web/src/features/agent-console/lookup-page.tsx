import { Link } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import type { lookupSorts, LookupRow } from '@sync/contract/agents';
import { t } from '@sync/texts';
import { lookupConversations, type ListPage, type LookupFilters } from '@web/lib/agent-api';
import { useAuth } from '@web/lib/auth-session';
import { ApiError } from '@web/lib/http';
import { tokenRole } from '@web/lib/token';
import { Pager } from '@web/ui/pager';
import { ConversationView } from './conversation-view';
import { formatDateTime } from './format';

const TEXT_FILTERS = [
  ['realUsername', 'Member'],
  ['fictiveUsername', 'Profile'],
  ['agentName', 'Agent'],
  ['domain', 'Domain'],
] as const;

const LIMITS = [20, 50, 100];

type Form = Record<(typeof TEXT_FILTERS)[number][0] | 'sentAfter' | 'sentBefore', string> & { sortBy: (typeof lookupSorts)[number]; limit: number };

const emptyForm: Form = { realUsername: '', fictiveUsername: '', agentName: '', domain: '', sentAfter: '', sentBefore: '', sortBy: 'recent', limit: 20 };

function toFilters(form: Form, page: number): LookupFilters {
  const filters: LookupFilters = { page, limit: form.limit, sortBy: form.sortBy };
  for (const [key] of TEXT_FILTERS) if (form[key].trim()) filters[key] = form[key].trim();
  if (form.sentAfter) filters.sentAfter = form.sentAfter;
  // "Sent before" a day means up to the end of that day.
  if (form.sentBefore) filters.sentBefore = `${form.sentBefore}T23:59:59.999Z`;
  return filters;
}

type Result = { phase: 'idle' | 'loading' } | { phase: 'error'; message: string } | { phase: 'ready'; page: ListPage<LookupRow> };

/** /agent/lookup: conversations of the agent's scope (admins: all) by member, profile, agent, domain and dates. */
export function LookupPage() {
  const [form, setForm] = useState<Form>(emptyForm);
  const [applied, setApplied] = useState<{ form: Form; page: number }>({ form: emptyForm, page: 1 });
  const [result, setResult] = useState<Result>({ phase: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setResult({ phase: 'loading' });
    lookupConversations(toFilters(applied.form, applied.page), controller.signal)
      .then((page) => setResult({ phase: 'ready', page }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setResult({ phase: 'error', message: error instanceof ApiError ? error.message : t('agent.error') });
      });
    return () => controller.abort();
  }, [applied]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setApplied({ form, page: 1 });
  };
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));

  const pages = result.phase === 'ready' ? Math.max(1, Math.ceil(result.page.total / result.page.limit)) : 1;

  return (
    <div className="ac-page">
      <h1 className="ac-page__title">Conversation lookup</h1>
      <form className="ac-card ac-filters" onSubmit={submit} aria-label="Lookup filters">
        {TEXT_FILTERS.map(([key, label]) => (
          <label key={key} className="form-field">
            <span className="form-field__label">{label}</span>
            <input className="form-input" value={form[key]} maxLength={100} onChange={(e) => set(key, e.target.value)} />
          </label>
        ))}
        <label className="form-field">
          <span className="form-field__label">Sent after</span>
          <input className="form-input" type="date" value={form.sentAfter} onChange={(e) => set('sentAfter', e.target.value)} />
        </label>
        <label className="form-field">
          <span className="form-field__label">Sent before</span>
          <input className="form-input" type="date" value={form.sentBefore} onChange={(e) => set('sentBefore', e.target.value)} />
        </label>
        <label className="form-field">
          <span className="form-field__label">Sort</span>
          <select className="form-input" value={form.sortBy} onChange={(e) => set('sortBy', e.target.value as Form['sortBy'])}>
            <option value="recent">Newest first</option>
            <option value="oldest">Oldest first</option>
          </select>
        </label>
        <label className="form-field">
          <span className="form-field__label">Per page</span>
          <select className="form-input" value={form.limit} onChange={(e) => set('limit', Number(e.target.value))}>
            {LIMITS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <div className="ac-filters__actions">
          <button type="submit" className="ac-btn ac-btn--primary">
            Search
          </button>
          <button
            type="button"
            className="ac-btn"
            onClick={() => {
              setForm(emptyForm);
              setApplied({ form: emptyForm, page: 1 });
            }}
          >
            Clear
          </button>
        </div>
      </form>

      {result.phase === 'error' && (
        <p className="ac-error" role="alert">
          {result.message}
        </p>
      )}
      <div className="ac-card ac-table-wrap" aria-busy={result.phase === 'loading'}>
        <table className="ac-table">
          <caption className="visually-hidden">Conversations found</caption>
          <thead>
            <tr>
              <th scope="col">Member</th>
              <th scope="col">Profile</th>
              <th scope="col">Domain</th>
              <th scope="col">Last message</th>
              <th scope="col">Agent</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {result.phase === 'ready' && result.page.data.length === 0 && (
              <tr>
                <td colSpan={6} className="ac-empty">
                  No conversation matches these filters.
                </td>
              </tr>
            )}
            {result.phase === 'ready' &&
              result.page.data.map((row) => (
                <tr key={row._id}>
                  <td>
                    <Link to="/agent/lookup/$conversationId" params={{ conversationId: row._id }} className="ac-table__open">
                      {row.user.username}
                    </Link>
                    <span className="muted"> {row.user.country}</span>
                  </td>
                  <td>{row.profile.username}</td>
                  <td>{row.domain}</td>
                  <td>
                    <span className="ac-table__date">{formatDateTime(row.lastMessageDate)}</span>
                    {row.lastMessage && <span className="ac-table__snippet muted">{row.lastMessage.message || '[image]'}</span>}
                  </td>
                  <td>{row.lastAgent?.name ?? '—'}</td>
                  <td>
                    {row.stock && <span className="ac-tag">{row.stock}</span>} {row.claimed && <span className="ac-tag ac-tag--warn">claimed</span>}
                  </td>
                </tr>
              ))}
          </tbody>
        </table>
      </div>
      <Pager page={applied.page} pages={pages} onPage={(page) => setApplied((a) => ({ ...a, page }))}>
        {result.phase === 'ready' && <span className="muted"> · {result.page.total} conversations</span>}
      </Pager>
    </div>
  );
}

/** /agent/lookup/{id}: read-only for agents; admins reply as admin. */
export function LookupConversationPage({ conversationId }: { conversationId: string }) {
  const { token } = useAuth();
  const isAdmin = tokenRole(token) === 'admin';
  return (
    <div className="ac-page">
      <p>
        <Link to="/agent/lookup">← Back to lookup</Link>
      </p>
      <ConversationView conversationId={conversationId} mode={isAdmin ? 'admin' : 'readonly'} />
    </div>
  );
}
