import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getLocalDb } from '@web/local/db';
import { userStore } from '@web/lib/user-store';
import { messagingMock } from '@web/mocks/handlers/messaging';
import { renderBlankChat, startChatMember } from './chat-test-setup';

const PROFILE = '6f1c2a3b-0000-4000-8000-000000000001';
let stop: (() => void) | null = null;

async function setup(credits: number) {
  stop = await startChatMember({ _id: PROFILE, username: 'Anna' }, credits);
}

const renderChat = () => renderBlankChat(PROFILE);

describe('ChatPage', () => {
  afterEach(() => {
    stop?.();
    stop = null;
  });

  describe('with credits', () => {
    beforeEach(() => setup(3));

    it('shows a sent message as pending, then sent once the server has it; credits drop at once', async () => {
      const user = userEvent.setup();
      renderChat();
      const box = await screen.findByRole('textbox', { name: 'Message to Anna' });
      messagingMock.offline = true;
      await user.type(box, 'Hello Anna{Enter}');

      const list = await screen.findByRole('list');
      const item = await within(list).findByText('Hello Anna');
      expect(item.closest('li')?.dataset.status).toBe('pending');
      expect(screen.getByText('Sending')).toBeTruthy();
      await waitFor(() => expect(userStore.get().user?.credits).toBe(2));
      expect((box as HTMLTextAreaElement).value).toBe('');

      messagingMock.offline = false;
      window.dispatchEvent(new Event('online'));
      await waitFor(() => expect(screen.getByText('Hello Anna').closest('li')?.dataset.status).toBe('sent'), { timeout: 4000 });
      expect(messagingMock.server.accepted).toHaveLength(1);
      expect(userStore.get().user?.credits).toBe(2);
    });

    it('Enter on empty text sends nothing; Shift+Enter breaks the line', async () => {
      const user = userEvent.setup();
      renderChat();
      const box = (await screen.findByRole('textbox', { name: 'Message to Anna' })) as HTMLTextAreaElement;
      await user.type(box, '   {Enter}');
      await user.clear(box);
      await user.type(box, 'line one{Shift>}{Enter}{/Shift}line two');
      expect(box.value).toBe('line one\nline two');
      expect(await getLocalDb().outbox.count()).toBe(0);
    });

    it('keeps the draft per profile across a reload', async () => {
      const user = userEvent.setup();
      const first = renderChat();
      await user.type(await screen.findByRole('textbox', { name: 'Message to Anna' }), 'half a thought');
      await waitFor(async () => expect((await getLocalDb().drafts.get(PROFILE))?.message).toBe('half a thought'), { timeout: 2000 });
      first.unmount();

      renderChat();
      await waitFor(() => expect((screen.getByRole('textbox', { name: 'Message to Anna' }) as HTMLTextAreaElement).value).toBe('half a thought'));
    });
  });

  describe('with 0 credits', () => {
    beforeEach(() => setup(0));

    it('opens the no-credits popup and sends nothing', async () => {
      const user = userEvent.setup();
      renderChat();
      await waitFor(() => expect(userStore.get().user?.credits).toBe(0));
      await user.type(await screen.findByRole('textbox', { name: 'Message to Anna' }), 'Hi{Enter}');
      const dialog = await screen.findByRole('dialog', { name: 'You are out of credits' });
      expect(within(dialog).getByRole('link', { name: 'Buy credits' })).toBeTruthy();
      expect(await getLocalDb().outbox.count()).toBe(0);
      expect(messagingMock.server.accepted).toHaveLength(0);
    });
  });
});
