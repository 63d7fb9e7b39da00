import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getLocalDb } from '@web/local/db';
import { messagingMock } from '@web/mocks/handlers/messaging';
import { registerAttachmentGalleryPopup } from './attachment-gallery-popup';
import { renderBlankChat, startChatMember } from './chat-test-setup';

// jsdom decodes no images: the real checks run on the bytes, the picture's size comes from here.
vi.mock('@web/lib/prepare-image', async (importOriginal) => {
  const real = await importOriginal<typeof import('@web/lib/prepare-image')>();
  const measure = async () => ({ width: 1024, height: 768, source: {} as CanvasImageSource, close: () => undefined });
  return { prepareImage: (file: File) => real.prepareImage(file, measure) };
});

const PROFILE = '6f1c2a3b-0000-4000-8000-000000000002';
const JPEG_BYTES = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0]);
const GIF_BYTES = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0, 0]);
let stop: (() => void) | null = null;

async function setup(credits: number) {
  stop = await startChatMember({ _id: PROFILE, username: 'Bea' }, credits);
  registerAttachmentGalleryPopup();
}

const renderChat = () => renderBlankChat(PROFILE);

function choose(bytes: Uint8Array, name: string, type: string) {
  const input = screen.getByTestId('attach-input') as HTMLInputElement;
  // The browser's own change event: the renderer listens for it on a file input (fireEvent.change is 'input' under
  // @testing-library/preact, as compat maps onChange to input events on text boxes).
  fireEvent(input, createEvent.change(input, { target: { files: [new File([bytes as BlobPart], name, { type })] } }));
}

function setOnline(value: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => value });
}

describe('chat attachments', () => {
  afterEach(() => {
    stop?.();
    stop = null;
    setOnline(true);
  });

  describe('with credits', () => {
    beforeEach(() => setup(3));

    it('choosing a photo previews it and charges nothing; Send sends text and photo as one message at the price shown', async () => {
      const user = userEvent.setup();
      renderChat();
      const box = (await screen.findByRole('textbox', { name: 'Message to Bea' })) as HTMLTextAreaElement;
      expect(screen.getByText('1 credit per message, photo included')).toBeTruthy();
      expect(screen.getByText('3 credits left')).toBeTruthy();
      await user.type(box, 'look at this');
      await user.click(screen.getByRole('button', { name: 'Attach a photo' }));
      choose(JPEG_BYTES, 'beach.jpg', 'image/jpeg');

      // Chosen, not sent: a preview with its remove button, nothing uploaded, nothing queued.
      expect(await screen.findByRole('img', { name: 'The photo to send' })).toBeTruthy();
      expect(messagingMock.uploads).toHaveLength(0);
      expect(await getLocalDb().outbox.count()).toBe(0);
      await user.click(screen.getByRole('button', { name: 'Remove the photo' }));
      expect(screen.queryByRole('img', { name: 'The photo to send' })).toBeNull();

      choose(JPEG_BYTES, 'beach.jpg', 'image/jpeg');
      await screen.findByRole('img', { name: 'The photo to send' });
      await user.click(screen.getByRole('button', { name: 'Send' }));

      const photo = await screen.findByRole('button', { name: 'Open photo' });
      const imageId = messagingMock.uploads[0]!;
      expect(within(photo).getByRole('img').getAttribute('src')).toBe(`/api/attachment/${imageId}/medium`);
      expect(photo.closest('li')?.textContent).toContain('look at this');
      await waitFor(() => expect(box.value).toBe(''));
      expect(screen.queryByRole('img', { name: 'The photo to send' })).toBeNull();
      await waitFor(() => expect(screen.getByRole('button', { name: 'Open photo' }).closest('li')?.dataset.status).toBe('sent'), { timeout: 4000 });
      expect(messagingMock.server.accepted).toHaveLength(1);
      expect(messagingMock.uploads).toHaveLength(1);

      await user.click(screen.getByRole('button', { name: 'Open photo' }));
      const dialog = await screen.findByRole('dialog', { name: 'Photos' });
      expect(within(dialog).getByRole('img').getAttribute('src')).toBe(`/api/attachment/${imageId}/large`);
    });

    it('a photo alone is sent with Send', async () => {
      const user = userEvent.setup();
      renderChat();
      await screen.findByRole('textbox', { name: 'Message to Bea' });
      choose(JPEG_BYTES, 'beach.jpg', 'image/jpeg');
      await screen.findByRole('img', { name: 'The photo to send' });
      await user.click(screen.getByRole('button', { name: 'Send' }));
      await screen.findByRole('button', { name: 'Open photo' });
      await waitFor(() => expect(messagingMock.server.accepted).toHaveLength(1), { timeout: 4000 });
    });

    it('refuses a file that is not jpeg or png with the documented text for 6 s, uploading nothing', async () => {
      renderChat();
      await screen.findByRole('textbox', { name: 'Message to Bea' });
      choose(GIF_BYTES, 'funny.jpg', 'image/jpeg');
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe('Invalid file type, jpeg or png only');
      expect(messagingMock.uploads).toHaveLength(0);
      await new Promise((resolve) => setTimeout(resolve, 5000));
      expect(screen.queryByRole('alert')).not.toBeNull();
      await waitFor(() => expect(screen.queryByRole('alert')).toBeNull(), { timeout: 2500 });
    }, 12_000);

    it('offline: Send says a photo needs a connection, keeps the photo and the text, uploads and queues nothing', async () => {
      const user = userEvent.setup();
      renderChat();
      const box = (await screen.findByRole('textbox', { name: 'Message to Bea' })) as HTMLTextAreaElement;
      await user.type(box, 'draft stays');
      choose(JPEG_BYTES, 'beach.jpg', 'image/jpeg');
      await screen.findByRole('img', { name: 'The photo to send' });
      setOnline(false);
      await user.click(screen.getByRole('button', { name: 'Send' }));
      expect((await screen.findByRole('alert')).textContent).toMatch(/offline/i);
      expect(box.value).toBe('draft stays');
      expect(screen.getByRole('img', { name: 'The photo to send' })).toBeTruthy();
      expect(messagingMock.uploads).toHaveLength(0);
      expect(await getLocalDb().outbox.count()).toBe(0);
    });
  });

  describe('with 0 credits', () => {
    beforeEach(() => setup(0));

    it('opens the no-credits popup instead of the file picker', async () => {
      const user = userEvent.setup();
      renderChat();
      await screen.findByRole('textbox', { name: 'Message to Bea' });
      const input = screen.getByTestId('attach-input') as HTMLInputElement;
      const picked = vi.fn();
      input.addEventListener('click', picked);
      await user.click(screen.getByRole('button', { name: 'Attach a photo' }));
      expect(await screen.findByRole('dialog', { name: 'You are out of credits' })).toBeTruthy();
      expect(picked).not.toHaveBeenCalled();
    });
  });
});
