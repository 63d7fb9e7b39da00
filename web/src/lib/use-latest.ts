import { useLayoutEffect, useRef } from 'react';

/**
 * A ref holding the last render's value, for a listener attached once that must call the latest closure (a key
 * handler on window, a widget's callback, an actor's event). Set in a layout effect, so it is current before the
 * next key or click: Preact, the renderer here, runs plain effects after the render's task (decision 0051).
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
