import { Link } from '@tanstack/react-router';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { addTexts, LOCALES, t, type Locale } from '@sync/texts';
import { enSettings } from '@sync/locales/en-settings';
import { useAuth } from '@web/lib/auth-state';
import { useBrand } from '@web/lib/brand-context';
import { chooseLanguage, LANGUAGE_NAMES, useLanguage } from '@web/lib/i18n';
import { ApiError } from '@web/lib/http';
import { useUser, userStore, type User } from '@web/lib/user-store';
import { toast } from '@web/ui/toast';
import { DELETION_GRACE_DAYS } from '@sync/contract/safety';
import { Section } from './settings-section';
import { downloadJson, fetchDataExport, saveSettings, type SettingsPatch } from './settings-api';
import { useTimeFormat, writeTimeFormat, type TimeFormat } from './time-format';
import '@web/ui/forms/forms.css';
import './settings.css';

addTexts(enSettings);

type Measurement = 'metric' | 'imperial';

interface Values {
  notifyByEmail: boolean;
  showOnline: boolean;
  keepLocationPrivate: boolean;
  measurement: Measurement;
  timeFormat: TimeFormat;
}

type ServerKey = keyof SettingsPatch & keyof Values;
const SERVER_KEYS: readonly ServerKey[] = ['notifyByEmail', 'showOnline', 'keepLocationPrivate', 'measurement', 'timeFormat'];

function settingsOf(user: User | null): Record<string, unknown> {
  const profile = user?.profile as { settings?: Record<string, unknown> } | undefined;
  return profile?.settings ?? {};
}

/** The saved values; Documented defaults match the API's (users table: notify on, online shown, location public). */
function savedValues(user: User | null, brandMeasurement: unknown, timeFormat: TimeFormat): Values {
  const s = settingsOf(user);
  const measurement = s.measurement ?? brandMeasurement;
  return {
    notifyByEmail: typeof s.notifyByEmail === 'boolean' ? s.notifyByEmail : true,
    showOnline: typeof s.showOnline === 'boolean' ? s.showOnline : true,
    keepLocationPrivate: typeof s.keepLocationPrivate === 'boolean' ? s.keepLocationPrivate : false,
    measurement: measurement === 'metric' ? 'metric' : 'imperial',
    // The account's choice follows the member across devices; this device's copy covers older records.
    timeFormat: s.timeFormat === '24h' || s.timeFormat === '12h' ? s.timeFormat : timeFormat,
  };
}

function DataExportButton({ userId }: { userId: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      downloadJson(await fetchDataExport(userId), `my-data-${new Date().toISOString().slice(0, 10)}.json`);
    } catch {
      toast.error(t('error.generic'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="button button--ghost" onClick={() => void download()} disabled={busy}>
      {busy ? t('settings.export-busy') : t('settings.export-button')}
    </button>
  );
}

/** A checkbox shown as a switch; role=switch makes screen readers say on/off. */
function Switch({ label, hint, checked, onChange }: { label: string; hint: string; checked: boolean; onChange: (next: boolean) => void }) {
  const id = useId();
  return (
    <div className="settings-switch">
      <span className="settings-switch__text">
        <label htmlFor={id}>{label}</label>
        <small id={`${id}-hint`} className="form-field__hint">
          {hint}
        </small>
      </span>
      <input id={id} type="checkbox" role="switch" className="settings-switch__input" checked={checked} aria-describedby={`${id}-hint`} onChange={(e) => onChange(e.target.checked)} />
    </div>
  );
}

function Choice<V extends string>({ legend, name, value, options, onChange }: { legend: string; name: string; value: V; options: { value: V; label: string }[]; onChange: (next: V) => void }) {
  return (
    <fieldset className="settings-choice">
      <legend>{legend}</legend>
      <div className="choice-pills">
        {options.map((option) => (
          <label key={option.value} className="choice-pill">
            <input type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The member's language (docs/decisions/0045): shown at once on this device, and kept on the account so mails follow.
 * Each language is named in its own words, so a member who chose the wrong one finds the way back.
 */
function LanguageSection({ userId }: { userId: string }) {
  const language = useLanguage();
  // The chosen radio shows at once: the other language's catalogue may take a moment to load, and a radio that snaps back reads as a refusal.
  const [pending, setPending] = useState<Locale | null>(null);
  const choose = async (next: Locale) => {
    setPending(next);
    try {
      await chooseLanguage(next);
      const answer = await saveSettings(userId, { language: next });
      if (answer && typeof answer === 'object' && '_id' in answer) userStore.set(answer);
    } catch (error) {
      toast.error(error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : t('error.generic'));
    } finally {
      setPending(null);
    }
  };
  return (
    <Section side title={t('settings.language-title')} description={t('settings.language-text')}>
      <Choice legend={t('settings.language-legend')} name="language" value={pending ?? language} onChange={(next) => void choose(next)} options={LOCALES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))} />
    </Section>
  );
}

/** The settings other features own (notifications, safety), put in where the screen is composed (app/settings-screen.tsx). */
export interface SettingsSections {
  pushSettings: ReactNode;
  blockedProfiles: ReactNode;
  deleteAccount: (account: { userId: string; onDeleted: () => void }) => ReactNode;
}

/** /settings: notifications, privacy, units and time, sign-in, membership, log out and account deletion. */
export function SettingsPage({ pushSettings, blockedProfiles, deleteAccount }: SettingsSections) {
  const { user } = useUser();
  const { config } = useBrand();
  const { logout } = useAuth();
  const deviceTimeFormat = useTimeFormat(config?.timeFormat);
  const saved = savedValues(user, config?.measurement, deviceTimeFormat);
  const [draft, setDraft] = useState<Partial<Values>>({});
  const [busy, setBusy] = useState(false);
  const values: Values = { ...saved, ...draft };
  const userId = user?._id;

  // The stored record may be older than changes made on another device.
  useEffect(() => {
    if (userId) userStore.load(userId).catch(() => undefined);
  }, [userId]);

  const changed = (Object.keys(draft) as (keyof Values)[]).filter((key) => draft[key] !== saved[key]);
  const dirty = changed.length > 0;
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setDraft((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!userId || !dirty || busy) return;
    const body: SettingsPatch = {};
    for (const key of SERVER_KEYS) if (changed.includes(key)) Object.assign(body, { [key]: values[key] });
    setBusy(true);
    try {
      if (Object.keys(body).length > 0) {
        const answer = await saveSettings(userId, body);
        userStore.set(answer && typeof answer === 'object' && '_id' in answer ? answer : await userStore.load(userId));
      }
      if (changed.includes('timeFormat')) writeTimeFormat(values.timeFormat);
      setDraft({});
      toast.success(t('settings.saved'));
    } catch (error) {
      toast.error(error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : t('error.generic'));
    } finally {
      setBusy(false);
    }
  }

  if (!user) {
    return <div className="settings-page panel skeleton" aria-busy="true" />;
  }

  const premium = user.isPremium === true;
  return (
    <div className="settings-page">
      <Section side title={t('settings.membership-title')}>
        <div className="settings-membership">
          <p className="settings-membership__status">
            {t('settings.current-plan')}{' '}
            <strong className={premium ? 'settings-badge settings-badge--premium' : 'settings-badge'}>{premium ? t('settings.plan-premium') : t('settings.plan-standard')}</strong>
          </p>
          <p className="muted settings-membership__credits">
            {typeof user.credits === 'number' ? t('settings.credits-left', { count: user.credits }) : ''}
            {t('settings.credit-rule')}
          </p>
          <div className="settings-actions">
            {!premium && (
              <Link to="/upgrade" className="button button--primary">
                {t('settings.upgrade')}
              </Link>
            )}
            <Link to="/upgrade" className="button button--ghost">
              {t('settings.buy-credits')}
            </Link>
          </div>
        </div>
      </Section>

      <form className="settings-form" onSubmit={submit} aria-label={t('settings.preferences')} noValidate>
        <Section title={t('settings.notifications-title')} description={t('settings.notifications-text')}>
          <Switch label={t('settings.notify-email')} hint={t('settings.notify-email-hint')} checked={values.notifyByEmail} onChange={(v) => set('notifyByEmail', v)} />
        </Section>
        <Section title={t('settings.privacy-title')} description={t('settings.privacy-text')}>
          <Switch label={t('settings.show-online')} hint={t('settings.show-online-hint')} checked={values.showOnline} onChange={(v) => set('showOnline', v)} />
          <Switch label={t('settings.location-private')} hint={t('settings.location-private-hint')} checked={values.keepLocationPrivate} onChange={(v) => set('keepLocationPrivate', v)} />
        </Section>
        <Section title={t('settings.units-title')}>
          <Choice
            legend={t('settings.measurement')}
            name="measurement"
            value={values.measurement}
            onChange={(v) => set('measurement', v)}
            options={[
              { value: 'imperial', label: t('settings.imperial') },
              { value: 'metric', label: t('settings.metric') },
            ]}
          />
          <Choice
            legend={t('settings.time-format')}
            name="timeFormat"
            value={values.timeFormat}
            onChange={(v) => set('timeFormat', v)}
            options={[
              { value: '12h', label: t('settings.time-12h') },
              { value: '24h', label: t('settings.time-24h') },
            ]}
          />
        </Section>
        <div className={`settings-savebar${dirty ? ' is-dirty' : ''}`}>
          <span className="muted" aria-live="polite">
            {dirty ? t('settings.unsaved') : t('settings.all-saved')}
          </span>
          <div className="settings-actions">
            {dirty && (
              <button type="button" className="button button--ghost" onClick={() => setDraft({})} disabled={busy}>
                {t('settings.discard')}
              </button>
            )}
            <button type="submit" className="button button--primary" disabled={!dirty || busy} aria-busy={busy}>
              {busy ? t('settings.saving') : t('settings.save')}
            </button>
          </div>
        </div>
      </form>

      <LanguageSection userId={user._id} />

      {pushSettings}

      <Section side title={t('settings.security-title')}>
        <dl className="settings-facts">
          <div>
            <dt>{t('settings.email')}</dt>
            <dd>{user.email ?? '—'}</dd>
          </div>
          <div>
            <dt>{t('settings.username')}</dt>
            <dd>{user.username ?? '—'}</dd>
          </div>
        </dl>
        <div className="settings-actions">
          <Link to="/user/edit" className="button button--ghost">
            {t('settings.change-email')}
          </Link>
          <Link to="/user/edit" className="button button--ghost">
            {t('settings.change-password')}
          </Link>
          <button type="button" className="button button--ghost" onClick={() => logout()}>
            {t('nav.logout')}
          </button>
        </div>
      </Section>

      <Section side title={t('settings.export-title')} description={t('settings.export-text')}>
        <div className="settings-actions">
          <DataExportButton userId={user._id} />
        </div>
      </Section>

      <Section side title={t('settings.blocked-title')}>
        {blockedProfiles}
      </Section>

      <Section side title={t('settings.delete-title')} description={t('settings.delete-text', { days: DELETION_GRACE_DAYS })}>
        {deleteAccount({ userId: user._id, onDeleted: () => logout() })}
      </Section>
    </div>
  );
}
