import { Link } from '@tanstack/react-router';
import type { CompletionInput } from '@sync/contract/profile-edit';
import { addTexts, t, type TextKey } from '@sync/texts';
import { enMember } from '@sync/locales/en-member';
import { registerPopup, type PopupBodyProps } from '@web/ui/popups/popup-registry';

addTexts(enMember);

export interface CompletionItem {
  key: string;
  label: TextKey;
  done: boolean;
}

/** docs/product.md#verification's checklist, item by item (sync's isProfileComplete is the all-done rule). */
export function completionItems({ images, profile: p }: CompletionInput): CompletionItem[] {
  return [
    { key: 'image', label: 'member.account.add-photo', done: images.length > 0 },
    { key: 'interests', label: 'member.account.add-interests', done: (p.lookingFor?.length ?? 0) > 0 },
    { key: 'about', label: 'member.account.write-about', done: Boolean(p.aboutMe?.trim()) },
    { key: 'height', label: 'member.account.add-height', done: p.height != null },
    { key: 'hair', label: 'member.account.add-hair', done: Boolean(p.hairColor) },
    { key: 'eyes', label: 'member.account.add-eyes', done: Boolean(p.eyeColor) },
    { key: 'relationship', label: 'member.account.add-relationship', done: Boolean(p.relationshipStatus) },
    { key: 'body', label: 'member.account.add-body', done: Boolean(p.bodyType) },
  ];
}

export function CompletionChecklist({ items, editable }: { items: CompletionItem[]; editable: boolean }) {
  const done = items.filter((item) => item.done).length;
  if (done === items.length) return null;
  const percent = Math.round((done / items.length) * 100);
  return (
    <section className="completion panel" aria-labelledby="completion-title">
      <h2 id="completion-title">{t('member.account.complete-title')}</h2>
      <p className="muted">
        {t('member.account.complete-count', { done, total: items.length })}
      </p>
      <progress className="completion__bar" max={items.length} value={done} aria-label={t('member.account.complete-percent', { percent })} />
      <ul className="completion__list">
        {items.map((item) => (
          <li key={item.key} className={item.done ? 'is-done' : undefined}>
            <span aria-hidden="true">{item.done ? '✓' : '○'}</span> {t(item.label)}
            <span className="visually-hidden">{item.done ? t('member.account.item-done') : t('member.account.item-todo')}</span>
          </li>
        ))}
      </ul>
      {!editable && (
        <Link to="/user/edit" className="button button--primary">
          {t('member.account.complete-my-profile')}
        </Link>
      )}
    </section>
  );
}

function ProfileCompletedPopup({ close }: PopupBodyProps<'profile-completed'>) {
  return (
    <div className="stack">
      <p>{t('member.account.completed-text')}</p>
      <div className="popup__actions">
        <button type="button" className="button button--primary" onClick={close}>
          {t('member.account.great')}
        </button>
      </div>
    </div>
  );
}

export function registerProfileCompletedPopup(): void {
  registerPopup('profile-completed', { title: () => t('member.account.completed-title'), Body: ProfileCompletedPopup, size: 'sm' });
}
