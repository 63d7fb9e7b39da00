import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { MESSAGE_COST } from '@sync/contract/messaging';
import { t } from '@sync/texts';
import { useDraft } from '@web/sync/mirror-queries';
import { mutate } from '@web/sync/sync-runtime';
import { EmojiButton } from '@web/ui/emoji/emoji-button';
import { insertIntoBox } from '@web/ui/emoji/insert-at-caret';
import type { PickerOptionsInput } from '@web/ui/emoji/picker-options';
import { AttachButton, AttachmentState, PhotoPreview, useAttachment } from './attach-button';

const DRAFT_SAVE_MS = 300;
/** The chat keeps recents on (the library default is off). */
const CHAT_EMOJI_OPTIONS: PickerOptionsInput = { displayRecent: true };

export interface ComposerProps {
  profileId: string;
  username: string;
  credits: number | undefined;
  /** The askForCity variant: a chip that writes the question for the member. */
  hint?: { label: string; text: string };
  /** Sends the text and the uploaded photo (if any) as one message; answers whether it went out (the box empties only then). */
  onSend: (text: string, imageId?: string) => Promise<boolean>;
  /** Whether a message may go out now (credits); false has already told the member why. */
  canSend: () => boolean;
}

/**
 * The message box: a draft per profile kept on the device across reloads (saveDraft / clearDraft never
 * leave it), Enter sends, Shift+Enter breaks the line. The emoji picker inserts at the caret; the photo
 * button chooses one photo, previewed until Send sends it with the text as one message at the price shown
 * (attach-button.tsx).
 */
export function Composer({ profileId, username, credits, hint, onSend, canSend }: ComposerProps) {
  const attachment = useAttachment({ canSend });
  const draft = useDraft(profileId);
  const [text, setText] = useState('');
  const [restored, setRestored] = useState(false);
  const [sending, setSending] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);

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

  const hasPhoto = attachment.pending !== null;
  // Sends go out one after another in the order pressed; a text-only send clears the box at once, so what the
  // member types next is never wiped by the previous send finishing, and an Enter pressed meanwhile is not lost.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const submit = async () => {
    if (sending || (text.trim() === '' && !hasPhoto)) return;
    if (timer.current) clearTimeout(timer.current);
    if (!hasPhoto) {
      const message = text;
      setText('');
      const sent = queue.current.then(() => onSend(message, undefined));
      queue.current = sent.catch(() => false);
      // Not sent (no credits: the popup is open): the text comes back, unless the member already typed anew.
      if (!(await sent.catch(() => false))) setText((current) => (current === '' ? message : current));
      return;
    }
    setSending(true);
    try {
      // Credits first: a photo is uploaded only for a message that may go out.
      if (!canSend()) return;
      const imageId = await attachment.upload();
      if (imageId === null) return;
      const sent = queue.current.then(() => onSend(text, imageId));
      queue.current = sent.catch(() => false);
      if (await sent) {
        setText('');
        attachment.remove();
      }
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
      <PhotoPreview attachment={attachment} />
      <div className="composer__row">
        <label className="visually-hidden" htmlFor={`composer-${profileId}`}>
          {t('chat.composer-label', { username })}
        </label>
        <EmojiButton options={CHAT_EMOJI_OPTIONS} onPick={(picked) => insertIntoBox(input.current, text, picked.text, change)} />
        <AttachButton attachment={attachment} />
        <textarea
          ref={input}
          id={`composer-${profileId}`}
          className="composer__input"
          rows={1}
          value={text}
          placeholder={t('chat.placeholder')}
          maxLength={2000}
          onChange={(event) => change(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="button button--primary composer__send" disabled={(text.trim() === '' && !hasPhoto) || sending}>
          {t('chat.send')}
        </button>
      </div>
      <AttachmentState attachment={attachment} />
      <p className="composer__credits">
        <span>{t('chat.price', { count: MESSAGE_COST })}</span>
        {credits !== undefined && <span>{t('chat.credits-left', { count: credits })}</span>}
      </p>
    </form>
  );
}
