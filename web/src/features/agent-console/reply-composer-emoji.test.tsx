import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectEmojiInsertedAtCaret } from '@web/test/emoji-insertion';
import { Composer } from './conversation-view';

// A small emoji set instead of the lazy emojibase chunk.
vi.mock('@web/ui/emoji/emoji-data', async () => {
  const { WAVING_HAND_GROUPS } = await import('@web/test/emoji-insertion');
  return { loadEmojiGroups: () => Promise.resolve(WAVING_HAND_GROUPS) };
});

describe('agent reply composer emoji button', () => {
  it('inserts the chosen emoji at the caret, keeps the caret after it, and sends the text with it', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn(() => true);
    render(<Composer profileId="p1" disabled={false} sending={false} onSend={onSend} label="Reply as zoe" />);
    await expectEmojiInsertedAtCaret(user, screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Reply as zoe' }));

    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(onSend).toHaveBeenCalledWith({ messageType: 'text', message: 'hi👋 there', attachment: null }, { next: false });
  });

  it('offers no emoji button on a read-only conversation', () => {
    render(<Composer profileId="p1" disabled sending={false} onSend={() => true} label="Reply as zoe" />);
    expect(screen.queryByRole('button', { name: 'Emoji' })).toBeNull();
  });
});
