import { isLocale, type Locale } from '@sync/texts';
import { chooseLanguage } from './i18n';
import { createStore, useStore } from './store';
import { registerStoreReset } from './store-reset';

/** docs/product.md#data user state; the account issue narrows it with the sync/contract schema. */
export interface User {
  _id: string;
  username?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  emailValidated?: boolean;
  credits?: number;
  likes?: number;
  isPremium?: boolean;
  images?: unknown[];
  [field: string]: unknown;
}

/** The member's own profile photo (the avatar, else the first photo) as a small URL, or null. */
export function ownPhotoUrl(user: User): string | null {
  const images = (Array.isArray(user.images) ? user.images : []) as { type?: string; small?: string; medium?: string }[];
  const avatar = images.find((image) => image.type === 'avatar') ?? images[0];
  return avatar?.small ?? avatar?.medium ?? null;
}

export interface UserState {
  isSet: boolean;
  user: User | null;
}

export const USER_STORAGE_KEY = 'user';
const empty: UserState = { isSet: false, user: null };

function read(): UserState {
  try {
    const raw = globalThis.localStorage?.getItem(USER_STORAGE_KEY);
    const parsed = raw ? (JSON.parse(raw) as UserState) : null;
    return parsed?.isSet && parsed.user ? parsed : empty;
  } catch {
    return empty;
  }
}

const store = createStore<UserState>(read());

/** The language kept on the account (settings.language, docs/decisions/0045), if the member chose one. */
function accountLanguage(user: User | null): Locale | null {
  const language = (user?.profile as { settings?: { language?: unknown } } | undefined)?.settings?.language;
  return isLocale(language) ? language : null;
}

function commit(next: UserState): void {
  // A choice made on another device arrives with the account: followed when the account's language changes, so an
  // older answer still in flight never undoes the choice just made here.
  const language = accountLanguage(next.user);
  if (language && language !== accountLanguage(store.get().user)) void chooseLanguage(language).catch(() => undefined);
  try {
    if (next.isSet) globalThis.localStorage?.setItem(USER_STORAGE_KEY, JSON.stringify(next));
    else globalThis.localStorage?.removeItem(USER_STORAGE_KEY);
  } catch {
    // storage unavailable: memory is enough for this tab
  }
  store.set(next);
}

export const userStore = {
  get: store.get,
  set(user: User): void {
    commit({ isSet: true, user });
  },
  update(patch: Partial<User>): void {
    const { user } = store.get();
    if (user) commit({ isSet: true, user: { ...user, ...patch } });
  },
  reset(): void {
    commit(empty);
  },
  subscribe: store.subscribe,
  /** GET /api/user/{id} (docs/api.md#endpoints), stored as the current user. */
  async load(id: string): Promise<User> {
    // The typed client loads with the signed-in app, off the landing page's critical path (e2e/web-budget.test.ts).
    const { call, pathParams, rpc } = await import('./rpc');
    const user: User = await call(rpc.user[':id'].$get({ param: pathParams({ id }) }));
    commit({ isSet: true, user });
    return user;
  },
};

registerStoreReset('user', () => userStore.reset());

export function useUser(): UserState {
  return useStore(userStore);
}
