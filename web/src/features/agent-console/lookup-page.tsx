import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { CLAIM_LIFETIME_MS, type LookupRow } from '@sync/contract/agents';
import { addTexts, t, type TextKey } from '@sync/texts';
import { enAgentConsole } from '@sync/locales/en-agent-console';
import type { ListPage } from '@web/lib/agent-api';
import { useAuth } from '@web/lib/auth-state';
import { ApiError } from '@web/lib/http';
import { tokenRole } from '@web/lib/token';
import { Pager } from '@web/ui/pager';
import { ConversationView } from './conversation-view';
import { formatClock, formatDateTime, secondsUntil } from '@web/lib/format';
import { lookupQuery } from './lookup-query';
import { LOOKUP_LIMITS, type LookupSearch } from './lookup-search';
import { useNow } from '@web/lib/use-now';

addTexts(enAgentConsole);

const TEXT_FIELDS = [
  ['realUsername', 'agent-console.member'],
  ['fictiveUsername', 'agent-console.profile'],
  ['agentName', 'agent-console.agent'],
  ['domain', 'agent-console.domain'],
] as const satisfies readonly (readonly [string, TextKey])[];

type Form = Record<(typeof TEXT_FIELDS)[number][0] | 'sentAfter' | 'sentBefore', string> & { sortBy: 'recent' | 'oldest'; limit: number };

/** What the form shows for a search from the URL. */
function formOf(search: LookupSearch): Form {
  return {
    realUsername: search.realUsername ?? '',
    fictiveUsername: search.fictiveUsername ?? '',
    agentName: search.agentName ?? '',
    domain: search.domain ?? '',
    sentAfter: search.sentAfter ?? '',
    sentBefore: search.sentBefore ?? '',
    sortBy: search.sortBy ?? 'recent',
    limit: search.limit ?? 20,
  };
}

/** The search the form asks for, from page 1, written to the URL without the defaults. */
function searchOf(form: Form): LookupSearch {
  const search: LookupSearch = {};
  for (const [key] of TEXT_FIELDS) if (form[key].trim()) search[key] = form[key].trim();
  if (form.sentAfter) search.sentAfter = form.sentAfter;
  if (form.sentBefore) search.sentBefore = form.sentBefore;
  if (form.sortBy === 'oldest') search.sortBy = 'oldest';
  if (form.limit === 50 || form.limit === 100) search.limit = form.limit;
  return search;
}

/** This tab's last lookup search (memory only): "Back to lookup" from a conversation returns to it. */
let lastSearch: LookupSearch = {};

type Result = { phase: 'idle' | 'loading' } | { phase: 'error'; message: string } | { phase: 'ready'; page: ListPage<LookupRow> };

/**
 * /agent/lookup: conversations of the agent's scope (admins: all) by member, profile, agent, domain and dates.
 * The filters live in the URL (`search`; `onSearch` navigates): a reload, back and a shared link keep them.
 */
export function LookupPage({ search, onSearch }: { search: LookupSearch; onSearch: (next: LookupSearch) => void }) {
  const key = JSON.stringify(search);
  const [form, setForm] = useState<Form>(() => formOf(search));
  const lookup = useQuery(lookupQuery(JSON.parse(key) as LookupSearch));
  const result: Result = lookup.data
    ? { phase: 'ready', page: lookup.data }
    : lookup.isError
      ? { phase: 'error', message: lookup.error instanceof ApiError ? lookup.error.message : t('agent.error') }
      : { phase: 'loading' };

  // Back and forward change the URL, not the form: the form follows.
  useEffect(() => {
    lastSearch = JSON.parse(key) as LookupSearch;
    setForm(formOf(lastSearch));
  }, [key]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(searchOf(form));
  };
  const set = <K extends keyof Form>(name: K, value: Form[K]) => setForm((f) => ({ ...f, [name]: value }));

  const pages = result.phase === 'ready' ? Math.max(1, Math.ceil(result.page.total / result.page.limit)) : 1;

  return (
    <div className="ac-page">
      <h1 className="ac-page__title">{t('agent-console.lookup-title')}</h1>
      <form className="ac-card ac-filters" onSubmit={submit} aria-label={t('agent-console.lookup-filters')}>
        {TEXT_FIELDS.map(([name, label]) => (
          <label key={name} className="form-field">
            <span className="form-field__label">{t(label)}</span>
            <input className="form-input" name={name} value={form[name]} maxLength={100} onChange={(e) => set(name, e.target.value)} />
          </label>
        ))}
        <label className="form-field">
          <span className="form-field__label">{t('agent-console.sent-after')}</span>
          <input className="form-input" type="date" name="sentAfter" value={form.sentAfter} onChange={(e) => set('sentAfter', e.target.value)} />
        </label>
        <label className="form-field">
          <span className="form-field__label">{t('agent-console.sent-before')}</span>
          <input className="form-input" type="date" name="sentBefore" value={form.sentBefore} onChange={(e) => set('sentBefore', e.target.value)} />
        </label>
        <label className="form-field">
          <span className="form-field__label">{t('agent-console.sort')}</span>
          <select className="form-input" name="sortBy" value={form.sortBy} onChange={(e) => set('sortBy', e.target.value as Form['sortBy'])}>
            <option value="recent">{t('agent-console.newest-first')}</option>
            <option value="oldest">{t('agent-console.oldest-first')}</option>
          </select>
        </label>
        <label className="form-field">
          <span className="form-field__label">{t('agent-console.per-page')}</span>
          <select className="form-input" name="limit" value={form.limit} onChange={(e) => set('limit', Number(e.target.value))}>
            {LOOKUP_LIMITS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <div className="ac-filters__actions">
          <button type="submit" className="ac-btn ac-btn--primary">
            {t('agent-console.search')}
          </button>
          <button type="button" className="ac-btn" onClick={() => onSearch({})}>
            {t('agent-console.clear')}
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
          <caption className="visually-hidden">{t('agent-console.conversations-found')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('agent-console.member')}</th>
              <th scope="col">{t('agent-console.profile')}</th>
              <th scope="col">{t('agent-console.domain')}</th>
              <th scope="col">{t('agent-console.last-message')}</th>
              <th scope="col">{t('agent-console.agent')}</th>
              <th scope="col">{t('agent-console.state')}</th>
            </tr>
          </thead>
          <tbody>
            {result.phase === 'ready' && result.page.data.length === 0 && (
              <tr>
                <td colSpan={6} className="ac-empty">
                  {t('agent-console.no-lookup-match')}
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
                    {/* On a phone the State column is off to the side: the holder shows under the member. */}
                    {row.claim && <HeldBy claim={row.claim} narrow />}
                  </td>
                  <td>{row.profile.username}</td>
                  <td>{row.domain}</td>
                  <td>
                    <span className="ac-table__date">{formatDateTime(row.lastMessageDate)}</span>
                    {row.lastMessage && <span className="ac-table__snippet muted">{row.lastMessage.message || t('agent-console.image-placeholder')}</span>}
                  </td>
                  <td>{row.lastAgent?.name ?? '—'}</td>
                  <td>
                    {row.stock && <span className="ac-tag">{row.stock}</span>} {row.claim ? <HeldBy claim={row.claim} narrow={false} /> : row.claimed && <span className="ac-tag ac-tag--warn">{t('agent-console.claimed')}</span>}
                  </td>
                </tr>
              ))}
          </tbody>
        </table>
      </div>
      <Pager page={search.page ?? 1} pages={pages} onPage={(page) => onSearch({ ...search, page: page > 1 ? page : undefined })}>
        {result.phase === 'ready' && <span className="muted">{t('agent-console.conversations-total', { count: result.page.total })}</span>}
      </Pager>
    </div>
  );
}

/** Who holds the claim and for how long still, ticking, before anyone opens (or an admin replies to) it. */
function HeldBy({ claim, narrow }: { claim: NonNullable<LookupRow['claim']>; narrow: boolean }) {
  const now = useNow();
  // The clock ticks once a second: never more than a claim's lifetime.
  const left = Math.min(CLAIM_LIFETIME_MS / 1000, secondsUntil(Date.parse(claim.expiryTime), now));
  if (left <= 0) return null;
  return (
    <span className={`ac-tag ac-tag--warn ${narrow ? 'lookup-held--narrow' : 'lookup-held--wide'}`} data-testid={narrow ? 'lookup-claim-holder-narrow' : 'lookup-claim-holder'}>
      {t('agent-console.claimed-by', { agent: claim.agentName || t('agent-console.an-agent'), time: formatClock(left) })}
    </span>
  );
}

/** /agent/lookup/{id}: read-only for agents; admins reply as admin. */
export function LookupConversationPage({ conversationId }: { conversationId: string }) {
  const { token } = useAuth();
  const isAdmin = tokenRole(token) === 'admin';
  return (
    <div className="ac-page">
      <p>
        <Link to="/agent/lookup" search={lastSearch}>
          {t('agent-console.back-to-lookup')}
        </Link>
      </p>
      <ConversationView conversationId={conversationId} mode={isAdmin ? 'admin' : 'readonly'} />
    </div>
  );
}
