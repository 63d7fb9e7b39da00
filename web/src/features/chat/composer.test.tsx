import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Composer } from './composer';

vi.mock('@web/sync/sync-runtime', () => ({ mutate: vi.fn(() => Promise.resolve({ ok: true })) }));
vi.mock('@web/sync/mirror-queries', () => ({ useDraft: () => null }));

/** An onSend the test finishes by hand: a send still in flight while the member types on. */
function slowSends() {
  const sent: string[] = [];
  const finish: Array<(ok: boolean) => void> = [];
  const onSend = (text: string) =>
    new Promise<boolean>((resolve) => {
      sent.push(text);
      finish.push(resolve);
    });
  return { sent, finish, onSend };
}

describe('Composer sends', () => {
  it('clears the box at Enter, keeps what is typed while a send is in flight, and sends every Enter in order', async () => {
    const user = userEvent.setup();
    const { sent, finish, onSend } = slowSends();
    render(<Composer profileId="p1" username="Anna" credits={undefined} onSend={onSend} canSend={() => true} />);
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message to Anna' });
    await user.type(box, 'ok{Enter}');
    expect(box.value).toBe('');
    await user.type(box, 'see you at 8{Enter}');
    await user.type(box, 'and');
    await waitFor(() => expect(sent).toEqual(['ok']));
    finish[0]!(true);
    await waitFor(() => expect(sent).toEqual(['ok', 'see you at 8']));
    finish[1]!(true);
    await waitFor(() => expect(finish).toHaveLength(2));
    expect(box.value).toBe('and');
  });

  it('gives the text back when the send is refused, unless the member already typed anew', async () => {
    const user = userEvent.setup();
    const { finish, onSend } = slowSends();
    render(<Composer profileId="p1" username="Anna" credits={undefined} onSend={onSend} canSend={() => true} />);
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message to Anna' });
    await user.type(box, 'hello{Enter}');
    await waitFor(() => expect(finish).toHaveLength(1));
    finish[0]!(false);
    await waitFor(() => expect(box.value).toBe('hello'));
    await user.clear(box);
    await user.type(box, 'first{Enter}');
    await user.type(box, 'second');
    await waitFor(() => expect(finish).toHaveLength(2));
    finish[1]!(false);
    await new Promise((r) => setTimeout(r, 20));
    expect(box.value).toBe('second');
  });
});
