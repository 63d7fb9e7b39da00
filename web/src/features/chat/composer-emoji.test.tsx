import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Composer } from './composer';

// The composer alone: no sync runtime, an empty draft, and a small emoji set instead of the lazy chunk.
vi.mock('@web/sync/sync-runtime', () => ({ mutate: vi.fn(() => Promise.resolve({ ok: true })) }));
vi.mock('@web/sync/mirror-queries', () => ({ useDraft: () => null }));
vi.mock('@web/ui/emoji/emoji-data', () => ({
  loadEmojiGroups: () => Promise.resolve({ smileys_people: [{ code: '1f44b', names: ['waving hand'] }] }),
}));

describe('Composer emoji button', () => {
  it('inserts the chosen emoji at the caret and puts the caret after it', async () => {
    const user = userEvent.setup();
    render(<Composer profileId="p1" username="Anna" credits={undefined} onSend={() => Promise.resolve(true)} canSend={() => true} onSendAttachment={() => Promise.resolve(true)} />);
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message to Anna' });
    await user.type(box, 'hi there');
    box.setSelectionRange(2, 2);

    await user.click(screen.getByRole('button', { name: 'Emoji' }));
    await user.click(await screen.findByRole('button', { name: 'waving hand' }));

    expect(box.value).toBe('hi👋 there');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(box.selectionStart).toBe('hi👋'.length);
  });
});
