import { useCallback, useState } from 'react';
import { CONTACT_MESSAGE_MAX, contactBody, contactSubjects, type ContactBody, type ContactSubject } from '@sync/contract/support';
import { addTexts, t } from '@sync/texts';
import { enSupport } from '@sync/locales/en-support';
import { contractResolver, messageOf, useContractForm, useOnEdit } from '@web/ui/forms/contract-form';
import { FormField, SubmitButton } from '@web/ui/forms/form-field';
import { sendContactRequest, ticketOf } from './support-api';
import './support.css';

addTexts(enSupport);

interface Values {
  name: string;
  email: string;
  subject: ContactSubject | '';
  message: string;
}

/** An unchosen subject ('') reads 'Required' rather than 'Invalid option'. */
const resolver = contractResolver<Values, ContactBody>(contactBody, (values) => ({ ...values, subject: values.subject || undefined }));

export interface ContactFormProps {
  /** Pre-filled for a signed-in member. */
  defaults?: Partial<Pick<Values, 'name' | 'email'>>;
}

/** docs/product.md#data contact form -> POST /customer-support; shows the ticket number it answers. */
export function ContactForm({ defaults }: ContactFormProps) {
  const { form, formRef, focusFirstError } = useContractForm({
    resolver,
    defaultValues: { name: defaults?.name ?? '', email: defaults?.email ?? '', subject: '', message: '' },
  });
  const { register, handleSubmit, formState, resetField, watch } = form;
  const [failed, setFailed] = useState(false);
  const [ticket, setTicket] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  // The failure notice is about the message as it was sent: any change makes it stale.
  useOnEdit(form, useCallback(() => setFailed(false), []));

  const submit = handleSubmit(async (body) => {
    setFailed(false);
    try {
      const answer = await sendContactRequest(body);
      setTicket(ticketOf(answer));
      setSent(true);
    } catch {
      setFailed(true);
    }
  }, focusFirstError);

  if (sent) {
    return (
      <div className="support-done" role="status">
        <span className="support-done__icon" aria-hidden="true">
          {'✓'}
        </span>
        <h2 className="support-done__title">{t('support.message-received')}</h2>
        {ticket ? (
          <p className="support-done__message">{t('support.contact-success', { ticket })}</p>
        ) : (
          <p>{t('support.contact-sent')}</p>
        )}
        <p className="muted">{t('support.keep-ticket')}</p>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            setSent(false);
            setTicket(null);
            resetField('subject');
            resetField('message');
          }}
        >
          {t('support.send-another')}
        </button>
      </div>
    );
  }

  const remaining = CONTACT_MESSAGE_MAX - [...watch('message')].length;
  return (
    <form ref={formRef} className="form-stack" onSubmit={(event) => void submit(event)} noValidate aria-label={t('support.contact-form')}>
      <div className="form-row form-row--2">
        <FormField id="contact-name" label={t('support.your-name')} required error={messageOf(formState.errors, 'name')}>
          {(control) => <input {...control} {...register('name')} className="form-input" autoComplete="name" />}
        </FormField>
        <FormField id="contact-email" label={t('support.email')} required error={messageOf(formState.errors, 'email')}>
          {(control) => (
            <input {...control} {...register('email')} className="form-input" type="email" autoComplete="email" />
          )}
        </FormField>
      </div>
      <FormField id="contact-subject" label={t('support.subject')} required error={messageOf(formState.errors, 'subject')}>
        {(control) => (
          <select {...control} {...register('subject')} className="form-input">
            <option value="">{t('support.choose-subject')}</option>
            {contactSubjects.map((subject) => (
              <option key={subject} value={subject}>
                {t(`support.subject-${subject}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        id="contact-message"
        label={t('support.message')}
        required
        error={messageOf(formState.errors, 'message')}
        hint={remaining < 500 ? t('support.characters-left', { count: Math.max(remaining, 0) }) : t('support.message-hint')}
      >
        {(control) => <textarea {...control} {...register('message')} className="form-input" rows={6} />}
      </FormField>
      {failed && (
        <div className="form-alert form-alert--error" role="alert">
          <p>{t('support.failed')}</p>
        </div>
      )}
      <SubmitButton busy={formState.isSubmitting} busyLabel={t('support.sending')}>
        {t('support.send-message')}
      </SubmitButton>
    </form>
  );
}
