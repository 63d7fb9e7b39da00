import { useRef, useState, type PointerEvent } from 'react';

/** How far (px) a card must travel before letting go counts as a swipe. */
export const SWIPE_THRESHOLD = 110;

/**
 * Horizontal drag of the top card with pointer events (mouse, touch, pen). Releasing past the
 * threshold swipes right (like) or left (dislike); anything shorter springs back.
 */
export function useDrag(onSwipe: (direction: 'left' | 'right') => void, disabled: boolean) {
  const [dx, setDx] = useState(0);
  const [dragging, setDragging] = useState(false);
  const start = useRef<{ x: number; id: number } | null>(null);

  const end = (event: PointerEvent<HTMLElement>) => {
    if (!start.current || start.current.id !== event.pointerId) return;
    const distance = event.clientX - start.current.x;
    start.current = null;
    setDragging(false);
    setDx(0);
    if (Math.abs(distance) >= SWIPE_THRESHOLD) onSwipe(distance > 0 ? 'right' : 'left');
  };

  return {
    dx,
    dragging,
    handlers: {
      onPointerDown: (event: PointerEvent<HTMLElement>) => {
        // Links and buttons on the card keep their own clicks.
        if (disabled || event.button !== 0 || (event.target as HTMLElement).closest?.('a, button')) return;
        start.current = { x: event.clientX, id: event.pointerId };
        setDragging(true);
        event.currentTarget.setPointerCapture?.(event.pointerId);
      },
      onPointerMove: (event: PointerEvent<HTMLElement>) => {
        if (start.current?.id === event.pointerId) setDx(event.clientX - start.current.x);
      },
      onPointerUp: end,
      onPointerCancel: () => {
        start.current = null;
        setDragging(false);
        setDx(0);
      },
    },
  };
}
