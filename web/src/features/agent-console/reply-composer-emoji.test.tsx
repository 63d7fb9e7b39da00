import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Composer } from './conversation-view';

// A small emoji set instead of the lazy emojibase chunk.
vi.mock('@web/ui/emoji/emoji-data', () => ({
  loadEmojiGroups: () => Promise.resolve({ smileys_people: [{ code: '1f44b', names: ['waving hand'] }] }),
}));

describe('agent reply composer emoji button', () => {
  it('inserts the chosen emoji at the caret, keeps the caret after it, and sends the text with it', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn(() => true);
    render(<Composer profileId="p1" disabled={false} sending={false} onSend={onSend} label="Reply as zoe" />);
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Reply as zoe' });
    await user.type(box, 'hi there');
    box.setSelectionRange(2, 2);

    await user.click(screen.getByRole('button', { name: 'Emoji' }));
    await user.click(await screen.findByRole('button', { name: 'waving hand' }));

    expect(box.value).toBe('hi👋 there');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(box.selectionStart).toBe('hi👋'.length);

    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(onSend).toHaveBeenCalledWith({ messageType: 'text', message: 'hi👋 there', attachment: null });
  });

  it('offers no emoji button on a read-only conversation', () => {
    render(<Composer profileId="p1" disabled sending={false} onSend={() => true} label="Reply as zoe" />);
    expect(screen.queryByRole('button', { name: 'Emoji' })).toBeNull();
  });
});
