import { useState, type KeyboardEvent } from 'react';
import { TAG_MAX, TAGS_MAX } from '@sync/contract/profile-edit';
import { addTexts, t } from '@sync/texts';
import { enMember } from '@sync/locales/en-member';
import type { FieldControlProps } from '@web/ui/forms/form-field';

addTexts(enMember);

export const SUGGESTED_TAGS = ['travel', 'music', 'movies', 'cooking', 'hiking', 'fitness', 'books', 'dancing', 'art', 'coffee'];

/** Interest tags: type and press Enter or comma, or pick a suggestion; each chip removes itself. */
export function TagsInput({ value, onChange, control }: { value: string[]; onChange: (tags: string[]) => void; control: FieldControlProps }) {
  const [text, setText] = useState('');
  const add = (raw: string) => {
    const tag = raw.trim().toLowerCase().slice(0, TAG_MAX);
    if (!tag || value.includes(tag) || value.length >= TAGS_MAX) return;
    onChange([...value, tag]);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add(text);
      setText('');
    } else if (event.key === 'Backspace' && !text && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };
  const suggestions = SUGGESTED_TAGS.filter((tag) => !value.includes(tag));
  return (
    <div className="tags-input">
      {value.length > 0 && (
        <ul className="tags-input__chips" aria-label={t('member.account.your-interests')}>
          {value.map((tag) => (
            <li key={tag}>
              {tag}
              <button type="button" aria-label={t('member.account.remove-tag', { tag })} onClick={() => onChange(value.filter((item) => item !== tag))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="tags-input__entry">
        <input {...control} className="form-input" type="text" value={text} maxLength={TAG_MAX} placeholder={t('member.account.tag-placeholder')} onChange={(event) => setText(event.target.value)} onKeyDown={onKeyDown} />
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            add(text);
            setText('');
          }}
        >
          {t('member.account.add')}
        </button>
      </div>
      {suggestions.length > 0 && value.length < TAGS_MAX && (
        <div className="tags-input__suggestions">
          <span className="form-field__hint">{t('member.account.ideas')}</span>
          {suggestions.slice(0, 6).map((tag) => (
            <button key={tag} type="button" className="tags-input__suggestion" onClick={() => add(tag)} aria-label={t('member.account.add-tag', { tag })}>
              + {tag}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
