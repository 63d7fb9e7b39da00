import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Accordion } from './accordion';

const items = [
  { id: 'a', title: 'First question', body: <p>First answer</p> },
  { id: 'b', title: 'Second question', body: <p>Second answer</p> },
];

describe('Accordion', () => {
  it('expands a panel from its header and wires aria-expanded / aria-controls', async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} />);
    const first = screen.getByRole('button', { name: 'First question' });
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region', { name: 'First question' })).toBeNull();
    await user.click(first);
    expect(first.getAttribute('aria-expanded')).toBe('true');
    const region = screen.getByRole('region', { name: 'First question' });
    expect(region.id).toBe(first.getAttribute('aria-controls'));
    expect(region.textContent).toBe('First answer');
  });

  it('moves between headers with the arrow keys', async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} />);
    screen.getByRole('button', { name: 'First question' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Second question');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('First question');
    await user.keyboard('{End}');
    expect(document.activeElement?.textContent).toBe('Second question');
  });
});
