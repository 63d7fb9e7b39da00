import { describe, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectEmojiInsertedAtCaret } from '@web/test/emoji-insertion';
import { Composer } from './composer';

// The composer alone: no sync runtime, an empty draft, and a small emoji set instead of the lazy chunk.
vi.mock('@web/sync/sync-runtime', () => ({ mutate: vi.fn(() => Promise.resolve({ ok: true })) }));
vi.mock('@web/sync/mirror-queries', () => ({ useDraft: () => null }));
vi.mock('@web/ui/emoji/emoji-data', async () => {
  const { WAVING_HAND_GROUPS } = await import('@web/test/emoji-insertion');
  return { loadEmojiGroups: () => Promise.resolve(WAVING_HAND_GROUPS) };
});

describe('Composer emoji button', () => {
  it('inserts the chosen emoji at the caret and puts the caret after it', async () => {
    const user = userEvent.setup();
    render(<Composer profileId="p1" username="Anna" credits={undefined} onSend={() => Promise.resolve(true)} canSend={() => true} />);
    await expectEmojiInsertedAtCaret(user, screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message to Anna' }));
  });
});
