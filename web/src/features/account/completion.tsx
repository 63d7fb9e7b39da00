import { Link } from '@tanstack/react-router';
import type { CompletionInput } from '@sync/contract/profile-edit';
import { registerPopup, type PopupBodyProps } from '@web/ui/popups/popup-registry';

export interface CompletionItem {
  key: string;
  label: string;
  done: boolean;
}

/** docs/product.md#verification's checklist, item by item (sync's isProfileComplete is the all-done rule). */
export function completionItems({ images, profile: p }: CompletionInput): CompletionItem[] {
  return [
    { key: 'image', label: 'Add a photo', done: images.length > 0 },
    { key: 'interests', label: 'Add your interests', done: (p.lookingFor?.length ?? 0) > 0 },
    { key: 'about', label: 'Write about yourself', done: Boolean(p.aboutMe?.trim()) },
    { key: 'height', label: 'Add your height', done: p.height != null },
    { key: 'hair', label: 'Add your hair colour', done: Boolean(p.hairColor) },
    { key: 'eyes', label: 'Add your eye colour', done: Boolean(p.eyeColor) },
    { key: 'relationship', label: 'Add your relationship status', done: Boolean(p.relationshipStatus) },
    { key: 'body', label: 'Add your body type', done: Boolean(p.bodyType) },
  ];
}

export function CompletionChecklist({ items, editable }: { items: CompletionItem[]; editable: boolean }) {
  const done = items.filter((item) => item.done).length;
  if (done === items.length) return null;
  const percent = Math.round((done / items.length) * 100);
  return (
    <section className="completion panel" aria-labelledby="completion-title">
      <h2 id="completion-title">Complete your profile</h2>
      <p className="muted">
        {done} of {items.length} done. Complete profiles get more views and replies.
      </p>
      <progress className="completion__bar" max={items.length} value={done} aria-label={`Profile ${percent}% complete`} />
      <ul className="completion__list">
        {items.map((item) => (
          <li key={item.key} className={item.done ? 'is-done' : undefined}>
            <span aria-hidden="true">{item.done ? '✓' : '○'}</span> {item.label}
            <span className="visually-hidden">{item.done ? ' (done)' : ' (to do)'}</span>
          </li>
        ))}
      </ul>
      {!editable && (
        <Link to="/user/edit" className="button button--primary">
          Complete my profile
        </Link>
      )}
    </section>
  );
}

function ProfileCompletedPopup({ close }: PopupBodyProps<'profile-completed'>) {
  return (
    <div className="stack">
      <p>Your profile is complete. Members now see your photo, interests and story: expect more views and messages.</p>
      <div className="popup__actions">
        <button type="button" className="button button--primary" onClick={close}>
          Great!
        </button>
      </div>
    </div>
  );
}

export function registerProfileCompletedPopup(): void {
  registerPopup('profile-completed', { title: 'Profile completed', Body: ProfileCompletedPopup, size: 'sm' });
}
