import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { t } from '@sync/texts';
import { useDraft } from '@web/sync/mirror-queries';
import { mutate } from '@web/sync/sync-runtime';

const DRAFT_SAVE_MS = 300;

export interface ComposerProps {
  profileId: string;
  username: string;
  credits: number | undefined;
  /** The askForCity variant: a chip that writes the question for the member. */
  hint?: { label: string; text: string };
  /** Answers whether the text went out (the box empties only then). */
  onSend: (text: string) => Promise<boolean>;
}

/**
 * The message box: a draft per profile kept on the device across reloads (saveDraft / clearDraft never
 * leave it), Enter sends, Shift+Enter breaks the line. Attachments and the emoji picker plug in beside the
 * text box later (issue C follow-up).
 */
export function Composer({ profileId, username, credits, hint, onSend }: ComposerProps) {
  const draft = useDraft(profileId);
  const [text, setText] = useState('');
  const [restored, setRestored] = useState(false);
  const [sending, setSending] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // The saved draft fills the box once, when the mirror answers; typing owns it after that.
  useEffect(() => {
    if (restored || draft === undefined) return;
    if (draft) setText(draft);
    setRestored(true);
  }, [draft, restored]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const change = (value: string) => {
    setText(value);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void mutate('saveDraft', { profileId, message: value }), DRAFT_SAVE_MS);
  };

  const submit = async () => {
    if (sending || text.trim() === '') return;
    if (timer.current) clearTimeout(timer.current);
    setSending(true);
    try {
      if (await onSend(text)) setText('');
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form
      className="composer"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {hint && (
        <button type="button" className="composer__hint" onClick={() => change(text ? `${text} ${hint.text}` : hint.text)}>
          {hint.label}
        </button>
      )}
      <div className="composer__row">
        <label className="visually-hidden" htmlFor={`composer-${profileId}`}>
          {t('chat.composer-label', { username })}
        </label>
        <textarea
          id={`composer-${profileId}`}
          className="composer__input"
          rows={1}
          value={text}
          placeholder={t('chat.placeholder')}
          maxLength={2000}
          onChange={(event) => change(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="button button--primary composer__send" disabled={text.trim() === ''}>
          {t('chat.send')}
        </button>
      </div>
      {credits !== undefined && <p className="composer__credits">{t('chat.credits-left', { count: credits })}</p>}
    </form>
  );
}
