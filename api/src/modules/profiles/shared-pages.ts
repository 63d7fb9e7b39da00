import type { Encoding } from '../../http-compression.js';
import type { CardRow } from './cards.js';
import type { ProfileListCache } from './list-cache.js';
import type { Viewer } from './viewer.js';

/**
 * What the shared member profile list keeps (docs/decisions/0042-shared-profile-list-pages.md), apart from the code
 * that reads and answers it (list-page.ts): the app's context names the cache by these types alone.
 */

/** A card kept for every member: its JSON up to the live fields, and what those are computed from. */
export interface SharedCard {
  id: string;
  /** `{"_id":…,"images":[…]` without the closing brace. */
  head: string;
  row: Pick<CardRow, 'isFeatured' | 'isPremium' | 'createDate' | 'activityDate'>;
}

export interface SharedPage {
  cards: SharedCard[];
  /** `],"total":…,"nextCursor":…}`: the envelope after the cards. */
  tail: string;
  bytes: number;
  /**
   * The answer for a member with none of these cards among their favourites, with its compressed forms as they are
   * first asked for: right from the app clock's `from` until `until`, when the first of its cards' live fields turns.
   */
  plain?: { from: number; until: number; body: Buffer<ArrayBuffer>; encoded: Partial<Record<Encoding, Buffer<ArrayBuffer>>> };
}

/** What the list keeps of a member: the viewer, and their favourites, or null when their list is read for them alone. */
export interface ListViewer {
  viewer: Viewer;
  favourites: ReadonlySet<string> | null;
}

export type ProfileLists = ProfileListCache<SharedPage, ListViewer>;
