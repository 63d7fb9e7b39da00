import { Toaster as SonnerToaster, toast as sonner, type ExternalToast } from 'sonner';

/** SPEC §2 toast types and positions; 'top' and 'bottom' are centred. */
export type ToastType = 'success' | 'warning' | 'info' | 'error' | 'default';
export type ToastPosition = 'top' | 'top-left' | 'top-right' | 'bottom' | 'bottom-left' | 'bottom-right';

/** SPEC §9: 4000 ms, top-right, pause on hover (sonner pauses on hover by itself). */
export const TOAST_DEFAULT_DURATION = 4000;
export const TOAST_DEFAULT_POSITION: ToastPosition = 'top-right';

export interface ToastOptions {
  position?: ToastPosition;
  duration?: number;
  id?: string | number;
  description?: string;
  action?: { label: string; onClick: () => void };
  /** Keep the toast until the user acts (e.g. the update prompt). */
  sticky?: boolean;
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

let areaPosition: ToastPosition = TOAST_DEFAULT_POSITION;

/**
 * A layout may move toasts that give no position of their own: the agent console keeps the top right for its
 * timers, which must stay visible (issue D), so its toasts appear bottom right. Returns the restore function.
 */
export function setAreaToastPosition(position: ToastPosition): () => void {
  const previous = areaPosition;
  areaPosition = position;
  return () => {
    areaPosition = previous;
  };
}

export function toSonnerOptions(options: ToastOptions = {}): ExternalToast {
  return {
    position: positions[options.position ?? areaPosition],
    duration: options.sticky ? Number.POSITIVE_INFINITY : (options.duration ?? TOAST_DEFAULT_DURATION),
    ...(options.id !== undefined ? { id: options.id } : {}),
    ...(options.description ? { description: options.description } : {}),
    ...(options.action ? { action: options.action } : {}),
  };
}

/** Show a toast; returns its id (pass it to toast.dismiss). */
export function showToast(type: ToastType, message: string, options?: ToastOptions): string | number {
  const sonnerOptions = toSonnerOptions(options);
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
}

export const toast = {
  show: showToast,
  success: (message: string, options?: ToastOptions) => showToast('success', message, options),
  warning: (message: string, options?: ToastOptions) => showToast('warning', message, options),
  info: (message: string, options?: ToastOptions) => showToast('info', message, options),
  error: (message: string, options?: ToastOptions) => showToast('error', message, options),
  default: (message: string, options?: ToastOptions) => showToast('default', message, options),
  dismiss: (id?: string | number) => sonner.dismiss(id),
};

/** Mounted once in the root. Toasts render in every position the calls ask for. */
export function Toaster() {
  return (
    <SonnerToaster
      position={positions[TOAST_DEFAULT_POSITION]}
      duration={TOAST_DEFAULT_DURATION}
      closeButton
      visibleToasts={4}
      toastOptions={{ className: 'toast' }}
      style={{ zIndex: 'var(--z-toast)' as unknown as number }}
    />
  );
}
