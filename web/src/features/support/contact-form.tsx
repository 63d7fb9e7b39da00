import { useRef, useState, type FormEvent } from 'react';
import { CONTACT_MESSAGE_MAX, contactBody, contactSubjectLabels, contactSubjects, type ContactSubject } from '@sync/contract/support';
import { t } from '@sync/texts';
import { fieldErrorsOf, focusFirstInvalid, type FieldErrors } from '@web/ui/forms/field-errors';
import { FormField, SubmitButton } from '@web/ui/forms/form-field';
import { sendContactRequest, ticketOf } from './support-api';
import './support.css';

type Field = 'name' | 'email' | 'subject' | 'message';
interface Values {
  name: string;
  email: string;
  subject: ContactSubject | '';
  message: string;
}

export interface ContactFormProps {
  /** Pre-filled for a signed-in member. */
  defaults?: Partial<Pick<Values, 'name' | 'email'>>;
}

/** SPEC §3 contact form -> POST /customer-support; shows the ticket number it answers. */
export function ContactForm({ defaults }: ContactFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>({ name: defaults?.name ?? '', email: defaults?.email ?? '', subject: '', message: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [ticket, setTicket] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  const update = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setFailed(false);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = contactBody.safeParse({ ...values, subject: values.subject || undefined });
    if (!parsed.success) {
      setErrors(fieldErrorsOf<Field>(parsed.error));
      queueMicrotask(() => focusFirstInvalid(formRef.current));
      return;
    }
    setBusy(true);
    setFailed(false);
    try {
      const answer = await sendContactRequest(parsed.data);
      setTicket(ticketOf(answer));
      setSent(true);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <div className="support-done" role="status">
        <span className="support-done__icon" aria-hidden="true">
          ✓
        </span>
        <h2 className="support-done__title">Message received</h2>
        {ticket ? (
          <p className="support-done__message">{t('support.contact-success', { ticket })}</p>
        ) : (
          <p>Thank you! Your request was sent. We will reply within 24 hours.</p>
        )}
        <p className="muted">Keep the ticket number handy in case you write to us again about the same topic.</p>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            setSent(false);
            setTicket(null);
            setValues((v) => ({ ...v, subject: '', message: '' }));
          }}
        >
          Send another message
        </button>
      </div>
    );
  }

  const remaining = CONTACT_MESSAGE_MAX - [...values.message].length;
  return (
    <form ref={formRef} className="form-stack" onSubmit={submit} noValidate aria-label="Contact form">
      <div className="form-row form-row--2">
        <FormField id="contact-name" label="Your name" required error={errors.name}>
          {(control) => <input {...control} className="form-input" name="name" autoComplete="name" value={values.name} onChange={(e) => update('name', e.target.value)} />}
        </FormField>
        <FormField id="contact-email" label="Email" required error={errors.email}>
          {(control) => (
            <input {...control} className="form-input" type="email" name="email" autoComplete="email" value={values.email} onChange={(e) => update('email', e.target.value)} />
          )}
        </FormField>
      </div>
      <FormField id="contact-subject" label="Subject" required error={errors.subject}>
        {(control) => (
          <select {...control} className="form-input" name="subject" value={values.subject} onChange={(e) => update('subject', e.target.value as ContactSubject | '')}>
            <option value="">Choose a subject…</option>
            {contactSubjects.map((subject) => (
              <option key={subject} value={subject}>
                {contactSubjectLabels[subject]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        id="contact-message"
        label="Message"
        required
        error={errors.message}
        hint={remaining < 500 ? `${Math.max(remaining, 0)} characters left` : 'Tell us what happened and, for payments, the date and amount.'}
      >
        {(control) => <textarea {...control} className="form-input" name="message" rows={6} value={values.message} onChange={(e) => update('message', e.target.value)} />}
      </FormField>
      {failed && (
        <div className="form-alert form-alert--error" role="alert">
          <p>{t('support.failed')}</p>
        </div>
      )}
      <SubmitButton busy={busy} busyLabel="Sending…">
        Send message
      </SubmitButton>
    </form>
  );
}
