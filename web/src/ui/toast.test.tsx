import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { setToastArea, Toaster, toast, toSonnerOptions } from './toast';

describe('toast wrapper', () => {
  it('lets an area move toasts without a position of their own, and restores the default after', () => {
    const restore = setToastArea({ position: 'bottom-right' });
    expect(toSonnerOptions().position).toBe('bottom-right');
    expect(toSonnerOptions({ position: 'top' }).position).toBe('top-center');
    restore();
    expect(toSonnerOptions().position).toBe('top-right');
  });

  it('a frame that leaves after the next one set its area does not take that area away', () => {
    const restoreSignIn = setToastArea({ position: 'bottom-left' });
    const restoreConsole = setToastArea({ position: 'bottom-right', offsetTop: 'var(--ac-chrome-height)' });
    restoreSignIn();
    expect(toSonnerOptions().position).toBe('bottom-right');
    restoreConsole();
    expect(toSonnerOptions().position).toBe('bottom-left');
    setToastArea({ position: 'top-right' });
  });

  it('defaults to 4000 ms at top-right; top and bottom are centred', () => {
    expect(toSonnerOptions()).toMatchObject({ duration: 4000, position: 'top-right' });
    expect(toSonnerOptions({ position: 'top' }).position).toBe('top-center');
    expect(toSonnerOptions({ position: 'bottom' }).position).toBe('bottom-center');
    expect(toSonnerOptions({ position: 'bottom-left', duration: 6000 })).toMatchObject({ position: 'bottom-left', duration: 6000 });
    expect(toSonnerOptions({ sticky: true }).duration).toBe(Number.POSITIVE_INFINITY);
  });

  it("moves top toasts down by the area's offset while the area is shown, and back after", async () => {
    const { container } = render(<Toaster />);
    act(() => void toast.info('placed'));
    await screen.findByText('placed');
    const list = () => container.querySelector<HTMLElement>('[data-sonner-toaster]')!;
    expect(list().style.getPropertyValue('--offset-top')).toBe('24px');
    let restore = () => {};
    act(() => {
      restore = setToastArea({ position: 'top-right', offsetTop: 'var(--chrome-height)' });
    });
    expect(list().style.getPropertyValue('--offset-top')).toBe('var(--chrome-height)');
    act(() => restore());
    expect(list().style.getPropertyValue('--offset-top')).toBe('24px');
  });

  it('shows each type', async () => {
    render(<Toaster />);
    act(() => {
      toast.success('saved');
      toast.error('broken');
    });
    expect(await screen.findByText('saved')).toBeTruthy();
    expect(await screen.findByText('broken')).toBeTruthy();
  });
});
