import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Snippet } from '@sync/contract/snippets';
import { Composer } from '../conversation-view';
import { renderWithQuery } from '@web/test/with-query';
import { SnippetsProvider } from './snippets-context';

const snippet = (id: string, title: string, body: string, shared = false): Snippet => ({
  _id: id,
  title,
  body,
  shared,
  agentId: shared ? null : 'a1',
  editable: !shared,
  createDate: '2026-11-25T08:00:00.000Z',
  updateDate: '2026-11-25T08:00:00.000Z',
});

vi.mock('./snippets-api', () => ({
  fetchSnippets: () =>
    Promise.resolve({
      data: [snippet('s1', 'Greeting', 'Hi {member}, {profile} here!'), snippet('s2', 'Good night', 'Sleep well {member} x', true), snippet('s3', 'Weekend', 'Any plans for the weekend?')],
      total: 3,
    }),
}));

function setup(onSend = vi.fn(() => true)) {
  const user = userEvent.setup();
  renderWithQuery(
    <SnippetsProvider>
      <Composer profileId="p1" disabled={false} sending={false} onSend={onSend} label="Reply as Lena" names={{ member: 'Sam', profile: 'Lena' }} />
    </SnippetsProvider>,
  );
  const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Reply as Lena' });
  return { user, box, onSend };
}

describe('canned replies in the reply composer', () => {
  it('/ at the start opens the list; arrows move, Enter inserts with the names filled, the caret is back in the box', async () => {
    const { user, box, onSend } = setup();
    await user.click(box);
    await user.keyboard('/');
    const search = await screen.findByRole('combobox', { name: 'Search canned replies' });
    expect(document.activeElement).toBe(search);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    expect(search.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    await user.keyboard('{ArrowDown}');
    expect(search.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    await user.keyboard('{ArrowUp}{Enter}');
    expect(box.value).toBe('Hi Sam, Lena here!');
    expect(screen.queryByRole('dialog', { name: 'Canned replies' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(box));
    await user.keyboard(' More.{Control>}{Enter}{/Control}');
    expect(onSend).toHaveBeenCalledWith({ messageType: 'text', message: 'Hi Sam, Lena here! More.', attachment: null }, { next: false });
  });

  it('Ctrl K opens it mid-text; the search filters; the snippet goes in at the caret', async () => {
    const { user, box } = setup();
    await user.click(box);
    await user.keyboard('Hey. ');
    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('combobox', { name: 'Search canned replies' });
    await user.keyboard('night');
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(1);
    expect(options[0]!.textContent).toContain('Sleep well Sam x');
    await user.keyboard('{Enter}');
    expect(box.value).toBe('Hey. Sleep well Sam x');
  });

  it('Esc closes and keeps the typed /; / later in the text is just a slash; nothing matching says so', async () => {
    const { user, box } = setup();
    await user.click(box);
    await user.keyboard('/');
    await screen.findByRole('combobox', { name: 'Search canned replies' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('combobox')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(box.value).toBe('/');
    await user.keyboard('a/b');
    expect(box.value).toBe('/a/b');
    expect(screen.queryByRole('combobox')).toBeNull();

    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('combobox');
    await user.keyboard('zzz');
    expect(screen.getByRole('status').textContent).toBe('No canned reply matches “zzz”.');
    await user.keyboard('{Enter}{Escape}');
    expect(box.value).toBe('/a/b');
  });

  it('a click on the button and on an option works too', async () => {
    const { user, box } = setup();
    await user.click(screen.getByRole('button', { name: /Canned replies/ }));
    await user.click(await screen.findByRole('option', { name: /Weekend/ }));
    expect(box.value).toBe('Any plans for the weekend?');
  });

  it('offers nothing on a read-only composer or without names', () => {
    renderWithQuery(
      <SnippetsProvider>
        <Composer profileId="p1" disabled sending={false} onSend={() => true} label="Reply as Lena" names={{ member: 'Sam', profile: 'Lena' }} />
        <Composer profileId="p1" disabled={false} sending={false} onSend={() => true} label="Reply as admin" />
      </SnippetsProvider>,
    );
    expect(screen.queryByRole('button', { name: /Canned replies/ })).toBeNull();
  });
});
