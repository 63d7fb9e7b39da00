import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { agentRoles, type Agent, type AgentRole, type AgentStatus, type UpdateAgentBody } from '@sync/contract/agents';
import { enAdmin } from '@sync/locales/en-admin';
import { addTexts, t } from '@sync/texts';
import { createAgent, listAgents, updateAgent, type ListedBrand } from '@web/lib/agent-api';
import { STALE } from '@web/lib/query-client';
import { PopupFrame } from '@web/ui/popups/popup-frame';
import { toast } from '@web/ui/toast';
import { AdminOnly } from './admin-only';
import { brandsQuery, listErrorText } from './admin-queries';
import { ErrorAlert, useSaveForm } from './save-form';

addTexts(enAdmin);

const NO_SCOPES: string[] = [];
const scopesOf = (brands: ListedBrand[]) => brands.flatMap((b) => b.scopes ?? []);

interface AgentForm {
  email: string;
  firstName: string;
  lastName: string;
  role: AgentRole;
  status: AgentStatus;
  scope: string[];
  /** As typed: checked on save, never silently turned into another number. */
  maxClaims: string;
  password: string;
}

const blank: AgentForm = { email: '', firstName: '', lastName: '', role: 'agent', status: 'offline', scope: [], maxClaims: '3', password: '' };

const fromAgent = (a: Agent): AgentForm => ({
  email: a.email,
  firstName: a.firstName,
  lastName: a.lastName,
  role: a.role,
  status: a.status,
  scope: a.scope,
  maxClaims: String(a.maxClaims),
  password: '',
});

/** The cap as the server takes it (1–100), or null with the form's message shown instead. */
function maxClaimsOf(value: string): number | null {
  const n = Number(value);
  return value.trim() !== '' && Number.isInteger(n) && n >= 1 && n <= 100 ? n : null;
}

/** What changed, so a PATCH carries only the edited fields (and the password only when typed). */
function changes(before: AgentForm, after: AgentForm): UpdateAgentBody {
  const body: UpdateAgentBody = {};
  if (after.email !== before.email) body.email = after.email.trim();
  if (after.firstName !== before.firstName) body.firstName = after.firstName.trim();
  if (after.lastName !== before.lastName) body.lastName = after.lastName.trim();
  if (after.role !== before.role) body.role = after.role;
  if (after.status !== before.status) body.status = after.status;
  if (after.maxClaims !== before.maxClaims) body.maxClaims = maxClaimsOf(after.maxClaims)!;
  if ([...after.scope].sort().join(',') !== [...before.scope].sort().join(',')) body.scope = after.scope;
  if (after.password) body.password = after.password;
  return body;
}

/** /agent/agents (admins): list, create, and edit role, scope, status, names and password. */
export function AgentsPage() {
  return (
    <AdminOnly>
      <AgentsScreen />
    </AdminOnly>
  );
}

function AgentsScreen() {
  // Read on each visit and after each save; a failed read keeps the last list under the server's message.
  const list = useQuery({ queryKey: ['agent', 'admin', 'agents'] as const, queryFn: () => listAgents(), staleTime: STALE.live, gcTime: 0, retry: false });
  const agents = list.data?.data ?? null;
  const error = listErrorText(list.error);
  const [editing, setEditing] = useState<{ agent: Agent | null } | null>(null);

  return (
    <div className="ac-page">
      <div className="ac-page__head">
        <h1 className="ac-page__title">{t('admin.agents.title')}</h1>
        <button type="button" className="ac-btn ac-btn--primary" onClick={() => setEditing({ agent: null })}>
          {t('admin.agents.new')}
        </button>
      </div>
      <ErrorAlert message={error} />
      <div className="ac-card ac-table-wrap" aria-busy={agents === null}>
        <table className="ac-table">
          <caption className="visually-hidden">{t('admin.agents.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.agents.name')}</th>
              <th scope="col">{t('admin.agents.email')}</th>
              <th scope="col">{t('admin.agents.role')}</th>
              <th scope="col">{t('admin.status')}</th>
              <th scope="col">{t('admin.agents.scope')}</th>
              <th scope="col" className="num">{t('admin.agents.max-claims')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('admin.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {agents?.map((a) => (
              <tr key={a._id}>
                <th scope="row">
                  {a.firstName} {a.lastName}
                </th>
                <td>{a.email}</td>
                <td>
                  <span className={`ac-tag ${a.role === 'admin' ? 'ac-tag--vip' : ''}`}>{a.role}</span>
                </td>
                <td>
                  <span className={`ac-status ac-status--${a.status}`}>
                    <span className="ac-status__dot" aria-hidden="true" />
                    {a.status}
                  </span>
                </td>
                <td className="ac-table__scope">{a.scope.join(', ') || '—'}</td>
                <td className="num">{a.maxClaims}</td>
                <td>
                  <button type="button" className="ac-btn ac-btn--small" onClick={() => setEditing({ agent: a })} aria-label={t('admin.edit-named', { name: `${a.firstName} ${a.lastName}` })}>
                    {t('admin.edit')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editing && (
        <AgentDialog
          agent={editing.agent}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void list.refetch();
          }}
        />
      )}
    </div>
  );
}

function AgentDialog({ agent, onClose, onSaved }: { agent: Agent | null; onClose: () => void; onSaved: () => void }) {
  const initial = agent ? fromAgent(agent) : blank;
  const [form, setForm] = useState<AgentForm>(initial);
  const { busy, serverError, save } = useSaveForm();
  const set = <K extends keyof AgentForm>(key: K, value: AgentForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  const scopes = useQuery({ ...brandsQuery, select: scopesOf }).data ?? NO_SCOPES;
  const capError = maxClaimsOf(form.maxClaims) === null ? t('agent.max-claims-range') : null;
  const toggleScope = (scope: string, on: boolean) => set('scope', on ? [...form.scope, scope] : form.scope.filter((s) => s !== scope));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (capError) return;
    // docs/product.md#errors-and-texts: on agent update or create error the server message shows.
    void save(async () => {
      if (agent) {
        const body = changes(initial, form);
        if (Object.keys(body).length > 0) await updateAgent(agent._id, body);
        toast.success(t('agent.profile-updated'));
      } else {
        await createAgent({
          email: form.email.trim(),
          password: form.password,
          firstName: form.firstName.trim(),
          lastName: form.lastName.trim(),
          role: form.role,
          scope: form.scope,
          maxClaims: maxClaimsOf(form.maxClaims)!,
        });
        toast.success(t('agent.agent-created'));
      }
      onSaved();
    }, (message) => toast.error(message));
  };


  return (
    <PopupFrame open onOpenChange={(open) => !open && onClose()} title={agent ? t('admin.edit-named', { name: `${agent.firstName} ${agent.lastName}` }) : t('admin.agents.new')} size="md" className="ac-dialog" ownBody>
      <form className="popup__body ac-form" onSubmit={submit}>
        <ErrorAlert message={serverError} />
        <div className="ac-grid2">
          <label className="form-field">
            <span className="form-field__label">{t('admin.agents.first-name')}</span>
            <input className="form-input" value={form.firstName} onChange={(e) => set('firstName', e.target.value)} required maxLength={100} />
          </label>
          <label className="form-field">
            <span className="form-field__label">{t('admin.agents.last-name')}</span>
            <input className="form-input" value={form.lastName} onChange={(e) => set('lastName', e.target.value)} required maxLength={100} />
          </label>
        </div>
        <label className="form-field">
          <span className="form-field__label">{t('admin.agents.email')}</span>
          <input className="form-input" type="email" value={form.email} onChange={(e) => set('email', e.target.value)} required />
        </label>
        <label className="form-field">
          <span className="form-field__label">{agent ? t('admin.agents.new-password') : t('admin.agents.password')}</span>
          <input
            className="form-input"
            type="password"
            autoComplete="new-password"
            value={form.password}
            onChange={(e) => set('password', e.target.value)}
            required={!agent}
            minLength={8}
          />
        </label>
        <div className="ac-grid2">
          <label className="form-field">
            <span className="form-field__label">{t('admin.agents.role')}</span>
            <select className="form-input" value={form.role} onChange={(e) => set('role', e.target.value as AgentRole)}>
              {agentRoles.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          </label>
          {agent ? (
            <label className="form-field">
              <span className="form-field__label">{t('admin.status')}</span>
              {/* An admin can only end a shift (PATCH status offline); the other statuses are the agent's own. */}
              <select className="form-input" value={form.status} onChange={(e) => set('status', e.target.value as AgentStatus)}>
                {initial.status !== 'offline' && <option value={initial.status}>{initial.status}</option>}
                <option value="offline">{initial.status === 'offline' ? t('admin.agents.offline') : t('admin.agents.offline-ends-shift')}</option>
              </select>
            </label>
          ) : (
            <span />
          )}
        </div>
        <fieldset className="form-field ac-scopes">
          <legend className="form-field__label">{t('admin.agents.scope-legend')}</legend>
          {[...new Set([...scopes, ...form.scope])].map((scope) => (
            <label key={scope} className="ac-check">
              <input type="checkbox" checked={form.scope.includes(scope)} onChange={(e) => toggleScope(scope, e.target.checked)} /> {scope}
              {!scopes.includes(scope) && scopes.length > 0 && <span className="ac-tag ac-tag--warn">{t('admin.agents.no-such-scope')}</span>}
            </label>
          ))}
        </fieldset>
        <div className="form-field">
          <label className="form-field__label" htmlFor="agent-max-claims">
            {t('admin.agents.max-claims-at-once')}
          </label>
          <input
            id="agent-max-claims"
            className="form-input"
            type="number"
            min={1}
            max={100}
            value={form.maxClaims}
            onChange={(e) => set('maxClaims', e.target.value)}
            aria-invalid={capError ? true : undefined}
            aria-describedby={capError ? 'max-claims-error' : undefined}
          />
          {capError && (
            <span className="form-field__error" id="max-claims-error" role="alert">
              {capError}
            </span>
          )}
        </div>
        <div className="popup__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('admin.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {agent ? t('admin.save') : t('admin.agents.create')}
          </button>
        </div>
      </form>
    </PopupFrame>
  );
}
