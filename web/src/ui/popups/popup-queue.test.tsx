import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createPopupQueue } from './popup-queue';
import { PopupHost } from './popup-host';
import { registerPopup } from './popup-registry';

describe('popup queue', () => {
  it('shows one popup at a time and the next queued one when the active closes', () => {
    const queue = createPopupQueue();
    const first = queue.open('general', { message: 'one' });
    const second = queue.open('no-credits', {});
    const third = queue.open('sign-in', { redirect: '/messages' });
    expect(queue.getState().active?.id).toBe(first);
    expect(queue.getState().queued.map((entry) => entry.id)).toEqual([second, third]);
    queue.close();
    expect(queue.getState().active).toMatchObject({ id: second, kind: 'no-credits' });
    queue.close(second);
    expect(queue.getState().active).toMatchObject({ id: third, kind: 'sign-in', props: { redirect: '/messages' } });
    queue.close();
    expect(queue.getState()).toEqual({ active: null, queued: [] });
  });

  it('removes a queued popup without touching the active one, and calls onClose once', () => {
    const queue = createPopupQueue();
    const onClose = vi.fn();
    const active = queue.open('general', { message: 'a' });
    const queued = queue.open('terms', {}, { onClose });
    queue.close(queued);
    queue.close(queued);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(queue.getState().active?.id).toBe(active);
    expect(queue.getState().queued).toHaveLength(0);
  });

  it('clear drops everything', () => {
    const queue = createPopupQueue();
    queue.open('general', { message: 'a' });
    queue.open('general', { message: 'b' });
    queue.clear();
    expect(queue.getState()).toEqual({ active: null, queued: [] });
  });
});

describe('popup host', () => {
  registerPopup('general', {
    title: (props) => props.title ?? 'Notice',
    Body: ({ props, close }) => (
      <>
        <p>{props.message}</p>
        <button type="button" onClick={close}>
          OK
        </button>
      </>
    ),
  });

  it('renders the active popup as a labelled dialog; Escape closes it and the next one opens', async () => {
    const user = userEvent.setup();
    const queue = createPopupQueue();
    render(<PopupHost queue={queue} />);
    act(() => {
      queue.open('general', { title: 'First', message: 'first body' });
      queue.open('general', { title: 'Second', message: 'second body' });
    });
    const dialog = await screen.findByRole('dialog', { name: 'First' });
    expect(dialog).toHaveProperty('textContent', expect.stringContaining('first body'));
    expect(screen.queryByRole('dialog', { name: 'Second' })).toBeNull();
    // Focus is moved into the dialog (Radix traps it there).
    expect(dialog.contains(document.activeElement)).toBe(true);

    await user.keyboard('{Escape}');
    const next = await screen.findByRole('dialog', { name: 'Second' });
    expect(next.contains(document.activeElement)).toBe(true);

    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(queue.getState().active).toBeNull();
  });

  it('the close button is labelled and closes the popup', async () => {
    const user = userEvent.setup();
    const queue = createPopupQueue();
    render(<PopupHost queue={queue} />);
    act(() => void queue.open('general', { message: 'hello' }));
    await screen.findByRole('dialog', { name: 'Notice' });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a tidy placeholder for a kind nobody registered yet', async () => {
    const queue = createPopupQueue();
    render(<PopupHost queue={queue} />);
    act(() => void queue.open('agent-end-session', {}));
    const dialog = await screen.findByRole('dialog', { name: 'agent-end-session' });
    expect(dialog.textContent).toContain('Coming soon');
  });
});
