import { expect } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** The small emoji set the composer tests mock `loadEmojiGroups` with. */
export const WAVING_HAND_GROUPS = { smileys_people: [{ code: '1f44b', names: ['waving hand'] }] };

/**
 * A composer's emoji button, as the member uses it: 'hi there' with the caret after 'hi', the waving hand
 * picked from the popup — it lands at the caret, the popup closes and the caret stands after the emoji.
 * Expects the emoji data mocked with WAVING_HAND_GROUPS.
 */
export async function expectEmojiInsertedAtCaret(user: UserEvent, box: HTMLTextAreaElement): Promise<void> {
  await user.type(box, 'hi there');
  box.setSelectionRange(2, 2);

  await user.click(screen.getByRole('button', { name: 'Emoji' }));
  await user.click(await screen.findByRole('button', { name: 'waving hand' }));

  expect(box.value).toBe('hi👋 there');
  expect(screen.queryByRole('dialog')).toBeNull();
  await waitFor(() => expect(document.activeElement).toBe(box));
  expect(box.selectionStart).toBe('hi👋'.length);
}
