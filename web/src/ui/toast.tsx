import { lazy, Suspense, type ReactNode } from 'react';
import type { ExternalToast } from 'sonner';
import { createStore, useStore } from '@web/lib/store';

/**
 * sonner is fetched with the first toast, not with the first render: the landing page paints without it.
 * Its <Toaster> replays the toasts created before it subscribed, so none is lost while it loads.
 */
type Sonner = typeof import('sonner');
let sonnerModule: Promise<Sonner> | null = null;
const loadSonner = () => (sonnerModule ??= import('sonner'));
const SonnerToaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));
/** Whether a toast was asked for yet: the root mounts sonner's toaster from then on. */
const wanted = createStore(false);
let lastId = 0;

/** docs/product.md#screens-and-routes toast types and positions; 'top' and 'bottom' are centred. */
export type ToastType = 'success' | 'warning' | 'info' | 'error' | 'default';
export type ToastPosition = 'top' | 'top-left' | 'top-right' | 'bottom' | 'bottom-left' | 'bottom-right';

/** docs/product.md#constants: 4000 ms, top-right, pause on hover (sonner pauses on hover by itself). */
export const TOAST_DEFAULT_DURATION = 4000;
export const TOAST_DEFAULT_POSITION: ToastPosition = 'top-right';

export interface ToastOptions {
  position?: ToastPosition;
  duration?: number;
  id?: string | number;
  description?: ReactNode;
  action?: { label: string; onClick: () => void };
  /** Keep the toast until the user acts (e.g. the update prompt). */
  sticky?: boolean;
  /** Shown in place of the type's icon (a sender's photo). */
  icon?: ReactNode;
}

type SonnerPosition = NonNullable<ExternalToast['position']>;
const positions: Record<ToastPosition, SonnerPosition> = {
  top: 'top-center',
  'top-left': 'top-left',
  'top-right': 'top-right',
  bottom: 'bottom-center',
  'bottom-left': 'bottom-left',
  'bottom-right': 'bottom-right',
};

/** Where toasts without a position of their own appear in the current area, and how far from the top edge. */
export interface ToastArea {
  position: ToastPosition;
  /** A CSS length (a custom property, say) for toasts at the top; the default offset when absent. */
  offsetTop?: string;
}

const area = createStore<ToastArea>({ position: TOAST_DEFAULT_POSITION });

/**
 * A layout may move toasts that give no position of their own: the agent console shows them at the top right
 * just under its session bar, whose timers must stay visible (issue D), rather than over the reply composer.
 * Returns the restore function.
 */
export function setToastArea(next: ToastArea): () => void {
  const previous = area.get();
  area.set(next);
  // A layout that goes after the next one came (the staff sign-in's frame leaving once the console is up) must
  // not take the console's area away: only the area still in place is restored.
  return () => {
    if (area.get() === next) area.set(previous);
  };
}

function useToastArea(): ToastArea {
  return useStore(area);
}

export function toSonnerOptions(options: ToastOptions = {}): ExternalToast {
  return {
    position: positions[options.position ?? area.get().position],
    duration: options.sticky ? Number.POSITIVE_INFINITY : (options.duration ?? TOAST_DEFAULT_DURATION),
    ...(options.id !== undefined ? { id: options.id } : {}),
    ...(options.description ? { description: options.description } : {}),
    ...(options.action ? { action: options.action } : {}),
    ...(options.icon ? { icon: options.icon } : {}),
  };
}

/** Show a toast; returns its id (pass it to toast.dismiss). */
export function showToast(type: ToastType, message: string, options?: ToastOptions): string | number {
  // The options are read now (the area in place when the toast was asked for); the id too, so that the caller
  // can dismiss a toast whose code is still loading.
  const sonnerOptions = { ...toSonnerOptions(options), id: options?.id ?? `toast-${++lastId}` };
  wanted.set(true);
  void loadSonner().then(({ toast: sonner }) => {
    switch (type) {
      case 'success':
        return sonner.success(message, sonnerOptions);
      case 'warning':
        return sonner.warning(message, sonnerOptions);
      case 'info':
        return sonner.info(message, sonnerOptions);
      case 'error':
        return sonner.error(message, sonnerOptions);
      default:
        return sonner(message, sonnerOptions);
    }
  });
  return sonnerOptions.id;
}

export const toast = {
  show: showToast,
  success: (message: string, options?: ToastOptions) => showToast('success', message, options),
  warning: (message: string, options?: ToastOptions) => showToast('warning', message, options),
  info: (message: string, options?: ToastOptions) => showToast('info', message, options),
  error: (message: string, options?: ToastOptions) => showToast('error', message, options),
  default: (message: string, options?: ToastOptions) => showToast('default', message, options),
  // After the toasts asked for before it: they wait on the same load.
  dismiss: (id?: string | number) => void loadSonner().then(({ toast: sonner }) => sonner.dismiss(id)),
};

/** Mounted once in the root. Toasts render in every position the calls ask for. */
export function Toaster() {
  const { offsetTop } = useToastArea();
  const shown = useStore(wanted);
  if (!shown) return null;
  const offset = offsetTop ? { top: offsetTop } : undefined;
  return (
    <Suspense fallback={null}>
      <SonnerToaster
        position={positions[TOAST_DEFAULT_POSITION]}
        offset={offset}
        mobileOffset={offset}
        duration={TOAST_DEFAULT_DURATION}
        closeButton
        visibleToasts={4}
        toastOptions={{ className: 'toast' }}
        style={{ zIndex: 'var(--z-toast)' as unknown as number }}
      />
    </Suspense>
  );
}
