import type { ComponentType } from 'react';
import type { PopupKind, PopupPropsByKind } from './popup-kinds';

/** What a popup body receives: its props and a way to close itself (which shows the next in queue). */
export interface PopupBodyProps<K extends PopupKind> {
  props: PopupPropsByKind[K];
  close: () => void;
}

export interface PopupDefinition<K extends PopupKind> {
  /** The dialog's accessible name, shown as its heading. */
  title: string | ((props: PopupPropsByKind[K]) => string);
  description?: string | ((props: PopupPropsByKind[K]) => string);
  Body: ComponentType<PopupBodyProps<K>>;
  size?: 'sm' | 'md' | 'lg';
}

type Registry = { [K in PopupKind]?: PopupDefinition<K> };
const registry: Registry = {};

/**
 * Plug a popup body in by kind, e.g. the account forms:
 * `registerPopup('sign-in', { title: 'Sign in', Body: SignInPopup })`. A later call replaces the earlier one.
 */
export function registerPopup<K extends PopupKind>(kind: K, definition: PopupDefinition<K>): void {
  (registry as Record<K, PopupDefinition<K>>)[kind] = definition;
}

export function getPopup<K extends PopupKind>(kind: K): PopupDefinition<K> | undefined {
  return registry[kind] as PopupDefinition<K> | undefined;
}

let loadLater: (() => Promise<unknown>) | null = null;
let loading: Promise<unknown> | null = null;

/**
 * Popups registered when the first popup opens (or when the app is idle), not at start: their bodies bring
 * forms, the contract's schemas and the sync runtime, which the landing page does not need.
 */
export function registerPopupsLater(load: () => Promise<unknown>): void {
  loadLater = load;
  loading = null;
}

/** Settles once the popups registered later are in (at once when there are none). */
export function popupsReady(): Promise<unknown> {
  if (!loadLater) return Promise.resolve();
  return (loading ??= loadLater());
}
