import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { meetStatuses, type MeetStatus, type MeetUp } from '@sync/contract/agents';
import { addTexts, t, type TextKey } from '@sync/texts';
import { enAgentConsole } from '@sync/locales/en-agent-console';
import { addMeetUp, cancelMeetUp, deleteMeetUp, updateMeetUp } from '@web/lib/agent-api';
import { toast } from '@web/ui/toast';
import { errorText } from './console-runtime';
import { useConfirm } from './console-dialog';
import { useRereadConversation } from './conversation-key';
import { formatDateTime, toLocalInput } from '@web/lib/format';

addTexts(enAgentConsole);

interface MeetForm {
  meetDate: string;
  meetStatus: MeetStatus;
  location: string;
  cancelInterval: number;
  description: string;
}

const emptyForm = (): MeetForm => ({
  meetDate: toLocalInput(new Date(Date.now() + 2 * 86_400_000).toISOString()),
  meetStatus: 'proposed',
  location: '',
  cancelInterval: 24,
  description: '',
});

const fromMeetUp = (m: MeetUp): MeetForm => ({
  meetDate: toLocalInput(m.meetDate),
  meetStatus: (meetStatuses as readonly string[]).includes(m.meetStatus) ? (m.meetStatus as MeetStatus) : 'proposed',
  location: m.location,
  cancelInterval: m.cancelInterval,
  description: m.description,
});

const toBody = (f: MeetForm) => ({ ...f, meetDate: new Date(f.meetDate).toISOString() });

/** Removing cancels first: a failed step says which, each with its own text. */
const step = (write: Promise<unknown>, failed: TextKey) =>
  write.catch(() => {
    throw new Error(t(failed));
  });

/** Meet-ups of the conversation (docs/product.md#agent-session): add, edit, cancel (cancelConfirm), remove (cancel first, then delete). */
export function MeetUpsPanel({ conversationId, meetUps, readOnly = false }: { conversationId: string; meetUps: MeetUp[]; readOnly?: boolean }) {
  const [form, setForm] = useState<{ id: string | null; values: MeetForm } | null>(null);
  const confirm = useConfirm();
  const reread = useRereadConversation(conversationId);
  const live = meetUps.filter((m) => !m.archived);

  const save = useMutation({
    mutationFn: ({ id, values }: { id: string | null; values: MeetForm }) => (id ? updateMeetUp(conversationId, id, toBody(values)) : addMeetUp(conversationId, toBody(values))),
    onSuccess: (_, { id }) => {
      toast.success(t(id ? 'agent.meetup-updated' : 'agent.meetup-added'));
      setForm(null);
      reread();
    },
    onError: (error) => toast.error(errorText(error)),
  });
  const cancel = useMutation({
    mutationFn: (m: MeetUp) => cancelMeetUp(conversationId, m.id),
    onSuccess: () => {
      toast.success(t('agent.meetup-cancelled'));
      reread();
    },
    onError: () => toast.error(t('agent.meetup-cancel-error')),
  });
  const remove = useMutation({
    mutationFn: async (m: MeetUp) => {
      if (m.meetStatus !== 'cancelled') await step(cancelMeetUp(conversationId, m.id), 'agent.meetup-cancel-error');
      await step(deleteMeetUp(conversationId, m.id), 'agent.meetup-delete-error');
    },
    onSuccess: () => {
      toast.success(t('agent.meetup-removed'));
      reread();
    },
    onError: (error) => toast.error(error.message),
  });
  const busy = save.isPending || cancel.isPending || remove.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form) return;
    if (!form.values.meetDate || Number.isNaN(new Date(form.values.meetDate).getTime())) return void toast.error(t('validation.date-string'));
    if (new Date(form.values.meetDate).getTime() <= Date.now()) return void toast.error(t('agent.meetup-in-the-past'));
    save.mutate(form);
  };

  const set = <K extends keyof MeetForm>(key: K, value: MeetForm[K]) => setForm((f) => (f ? { ...f, values: { ...f.values, [key]: value } } : f));

  return (
    <section className="ac-card" aria-label={t('agent-console.meetups')}>
      <h3 className="ac-card__title">
        {t('agent-console.meetups')} <span className="ac-count">{live.length}</span>
        {!readOnly && !form && (
          <button type="button" className="ac-btn ac-btn--small" onClick={() => setForm({ id: null, values: emptyForm() })}>
            {t('agent-console.add-meetup')}
          </button>
        )}
      </h3>
      {live.length === 0 && !form && <p className="ac-empty">{t('agent-console.no-meetups')}</p>}
      <ul className="ac-meetups">
        {live.map((m) => (
          <li key={m.id} className={`ac-meetup ac-meetup--${m.meetStatus}`}>
            <p className="ac-meetup__head">
              <strong>{formatDateTime(m.meetDate)}</strong> <span className="ac-tag">{m.meetStatus}</span>
            </p>
            {m.location && <p className="ac-meetup__line">{m.location}</p>}
            {m.description && <p className="ac-meetup__line muted">{m.description}</p>}
            <p className="ac-meetup__line muted">{t('agent-console.cancels-before', { hours: m.cancelInterval })}</p>
            {!readOnly && (
              <div className="ac-row">
                <button type="button" className="ac-link" onClick={() => setForm({ id: m.id, values: fromMeetUp(m) })}>
                  {t('agent-console.edit')}
                </button>
                {m.meetStatus !== 'cancelled' && (
                  <button type="button" className="ac-link" onClick={() => confirm.ask({ title: t('agent-console.cancel-meetup-title'), body: meetUpLine(m), confirmLabel: t('agent-console.cancel-meetup'), run: () => cancel.mutate(m) })} disabled={busy}>
                    {t('agent-console.cancel-meetup')}
                  </button>
                )}
                <button type="button" className="ac-link ac-link--danger" onClick={() => confirm.ask({ title: t('agent-console.remove-meetup-title'), body: meetUpLine(m), confirmLabel: t('agent-console.remove-meetup'), run: () => remove.mutate(m) })} disabled={busy}>
                  {t('agent-console.remove')}
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {form && (
        <form className="ac-meetup-form" onSubmit={submit} aria-label={t(form.id ? 'agent-console.edit-meetup' : 'agent-console.new-meetup')}>
          <label className="form-field">
            <span className="form-field__label">{t('agent-console.date-time')}</span>
            <input className="form-input" type="datetime-local" value={form.values.meetDate} min={toLocalInput(new Date().toISOString())} onChange={(e) => set('meetDate', e.target.value)} required />
          </label>
          <div className="ac-grid2">
            <label className="form-field">
              <span className="form-field__label">{t('agent-console.status')}</span>
              <select className="form-input" value={form.values.meetStatus} onChange={(e) => set('meetStatus', e.target.value as MeetStatus)}>
                {meetStatuses.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            </label>
            <label className="form-field">
              <span className="form-field__label">{t('agent-console.cancel-interval')}</span>
              <input
                className="form-input"
                type="number"
                min={0}
                max={720}
                value={form.values.cancelInterval}
                onChange={(e) => set('cancelInterval', Math.max(0, Math.min(720, Number(e.target.value) || 0)))}
              />
            </label>
          </div>
          <label className="form-field">
            <span className="form-field__label">{t('agent-console.location')}</span>
            <input className="form-input" value={form.values.location} maxLength={200} onChange={(e) => set('location', e.target.value)} />
          </label>
          <label className="form-field">
            <span className="form-field__label">{t('agent-console.description')}</span>
            <textarea className="form-input ac-textarea" rows={2} maxLength={2000} value={form.values.description} onChange={(e) => set('description', e.target.value)} />
          </label>
          <div className="ac-row">
            <button type="submit" className="ac-btn ac-btn--primary ac-btn--small" disabled={busy}>
              {t(form.id ? 'agent-console.save-meetup' : 'agent-console.add-meetup')}
            </button>
            <button type="button" className="ac-btn ac-btn--small" onClick={() => setForm(null)}>
              {t('agent-console.cancel')}
            </button>
          </div>
        </form>
      )}
      {confirm.dialog}
    </section>
  );
}

const meetUpLine = (m: MeetUp) => `${formatDateTime(m.meetDate)}${m.location ? ` · ${m.location}` : ''}`;
