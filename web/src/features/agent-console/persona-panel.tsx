import { addTexts, t } from '@sync/texts';
import { formatLocale } from '@web/lib/i18n';
import { enAgentConsole } from '@sync/locales/en-agent-console';
import type { AgentConversation, Memo } from '@sync/contract/agents';
import { formatHeight } from '@sync/rules/height';
import { valueLabel } from '@web/ui/profile-card/value-label';
import { useNow } from '@web/lib/use-now';
import './persona.css';

addTexts(enAgentConsole);

type Json = Record<string, unknown>;

function placeOf(location: Json): string {
  return [location.city, location.state, location.country].filter((v) => typeof v === 'string' && v).join(', ');
}

function ageRange(min: number | null, max: number | null): string {
  if (min === null && max === null) return '';
  if (min !== null && max !== null) return `${min}–${max}`;
  return min !== null ? `${min}+` : t('agent-console.up-to', { max: max! });
}

/** The member's wall clock, from their account's IANA timezone; a zone the browser does not know reads as UTC. */
export function memberLocalTime(timezone: string, now: number): { time: string; zone: string } {
  const options: Intl.DateTimeFormatOptions = { weekday: 'short', hour: '2-digit', minute: '2-digit' };
  try {
    return { time: new Intl.DateTimeFormat(formatLocale(), { ...options, timeZone: timezone }).format(now), zone: timezone };
  } catch {
    return { time: new Intl.DateTimeFormat(formatLocale(), { ...options, timeZone: 'UTC' }).format(now), zone: 'UTC' };
  }
}

function Facts({ rows }: { rows: [string, string][] }) {
  const shown = rows.filter(([, value]) => value !== '');
  if (shown.length === 0) return null;
  return (
    <dl className="ac-facts ac-persona__facts">
      {shown.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Tags({ label, tags }: { label: string; tags: string[] }) {
  return (
    <div className="ac-persona__tags">
      <span className="ac-persona__label">{label}</span>
      {tags.length === 0 ? (
        <span className="ac-empty">{t('agent-console.none-given')}</span>
      ) : (
        <ul aria-label={label}>
          {tags.map((tag) => (
            <li key={tag} className="ac-tag">
              {tag}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * What the agent needs to answer in character, beside the composer (issue 16): the global memos pinned first
 * (they follow the member or the profile into every conversation), every fact of the fictive profile, and the
 * member's interests, what they look for and their local time. All from the conversation view the claim
 * answered: no fetch of its own.
 */
export function PersonaPanel({ conversation }: { conversation: AgentConversation }) {
  const now = useNow(30_000);
  const { user, profile } = conversation;
  const pinned: (Memo & { about: string })[] = [
    ...conversation.userNotes.filter((m) => m.global && !m.archived).map((m) => ({ ...m, about: user.username })),
    ...conversation.profileNotes.filter((m) => m.global && !m.archived).map((m) => ({ ...m, about: profile.username })),
  ];
  const local = memberLocalTime(user.timezone, now);
  const lookingFor = [user.lookingForGender === 'man' ? t('agent-console.men') : user.lookingForGender === 'woman' ? t('agent-console.women') : valueLabel(user.lookingForGender), ageRange(user.lookingForAgeMin, user.lookingForAgeMax)]
    .filter(Boolean)
    .join(', ');

  return (
    <section className="ac-card ac-persona ac-chat__persona" aria-label={t('agent-console.persona-context')}>
      {pinned.length > 0 && (
        <div className="ac-persona__pinned" role="group" aria-label={t('agent-console.pinned-memos')}>
          <h3 className="ac-persona__label">{t('agent-console.pinned-memos')}</h3>
          <ul className="ac-memos__list">
            {pinned.map((memo) => (
              <li key={memo._id} className="ac-memo ac-persona__memo">
                <span className="ac-tag">{memo.about}</span> {memo.note}
              </li>
            ))}
          </ul>
        </div>
      )}

      <div role="group" aria-label={t('agent-console.you-are-named', { profile: profile.username })}>
        <h3 className="ac-card__title">
          <span className="ac-person__kind">{t('agent-console.you-are')}</span> {profile.username}, {profile.age}
        </h3>
        <Facts
          rows={[
            [t('agent-console.relationship'), valueLabel(profile.relationshipStatus)],
            [t('agent-console.height'), profile.height ? `${formatHeight(profile.height, 'metric')} (${formatHeight(profile.height, 'imperial')})` : ''],
            [t('agent-console.body-type'), valueLabel(profile.bodyType)],
            [t('agent-console.hair'), valueLabel(profile.hairColor)],
            [t('agent-console.eyes'), valueLabel(profile.eyeColor)],
            [t('agent-console.ethnicity'), valueLabel(profile.ethnicity)],
            [t('agent-console.lives-in'), placeOf(profile.location)],
            [t('agent-console.likes-ages'), ageRange(profile.lookingForAgeMin, profile.lookingForAgeMax)],
          ]}
        />
        <Tags label={t('agent-console.interests')} tags={profile.lookingFor} />
        {profile.aboutMe ? <p className="ac-person__about ac-persona__about">{profile.aboutMe}</p> : <p className="ac-empty">{t('agent-console.no-about')}</p>}
      </div>

      <div className="ac-persona__member" role="group" aria-label={t('agent-console.talking-to-named', { member: user.username })}>
        <h3 className="ac-card__title">
          <span className="ac-person__kind">{t('agent-console.talking-to')}</span> {user.username}, {user.age}
        </h3>
        <Facts
          rows={[
            [t('agent-console.local-time'), local.time],
            [t('agent-console.looking-for'), lookingFor],
            [t('agent-console.lives-in'), placeOf(user.location) || user.country],
          ]}
        />
        <p className="ac-persona__zone muted">{t('agent-console.local-time-zone', { zone: local.zone })}</p>
        <Tags label={t('agent-console.member-interests')} tags={user.lookingFor} />
      </div>
    </section>
  );
}
