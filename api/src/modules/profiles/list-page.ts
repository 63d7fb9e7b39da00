import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { compress, COMPRESS_MIN_BYTES, type Encoding } from '../../http-compression.js';
import { todayString } from './age-bounds.js';
import { cardLiveFields, cardLiveFieldsTurnAt, imagePolicyFor, toCard, type ImagePolicy } from './cards.js';
import type { ProfileListQuery } from '@sync/contract/query';
import { filterConditions, readListPage } from './service.js';
import { loadViewer, type Viewer } from './viewer.js';
import type { ListViewer, ProfileLists, SharedCard, SharedPage } from './shared-pages.js';

/**
 * The member profile list as most members get it (docs/decisions/0042-shared-profile-list-pages.md): a page is the
 * same for every member of a brand who asks the same question with the same photo policy on the same day, so it is
 * read once, serialised once, and kept; each answer adds only what differs by member (favourites) or by the
 * minute (badges, the online dot). A member who blocked a profile, or keeps very many favourites, is answered by
 * service.ts listProfiles, read for them alone.
 */

/** Past this many favourites a member's list is read for them alone rather than held in memory. */
export const KEPT_FAVOURITES_MAX = 2_000;


/** The member, their favourites and whether they block anyone, in two round trips. */
export async function loadListViewer(exec: Executor, userId: string): Promise<ListViewer> {
  const viewer = await loadViewer(exec, userId);
  const [own] = rowsOf<{ favourites: string[]; blocks: boolean }>(
    await exec.execute(sql`select
      array(select f.to_profile_id::text from favourites f where f.from_profile_id = ${viewer.profileId} limit ${KEPT_FAVOURITES_MAX + 1}) as favourites,
      exists (select 1 from profile_blocks b where b.user_id = ${userId}) as blocks`),
  );
  const ownList = own!.blocks || own!.favourites.length > KEPT_FAVOURITES_MAX;
  return { viewer, favourites: ownList ? null : new Set(own!.favourites) };
}

/**
 * Names a page: the brand first (ProfileListCache drops a brand's pages by this prefix), the photo policy, the day
 * (ages and age filters), the gender the member looks for (the default filter), then the query string as sent. Two
 * spellings of one question are two pages; in exchange a kept page is answered without parsing its query again,
 * since only a query that parsed was ever read and kept.
 */
export function listPageKey(viewer: Viewer, rawQuery: string, policy: ImagePolicy, now: Date): string {
  return `${viewer.brandId}|${policy}|${todayString(now)}|${viewer.lookingFor}|${rawQuery}`;
}

/** Reads and serialises a page as every member of the brand without blocks sees it (favourites left to the overlay). */
export async function readSharedPage(exec: Executor, viewer: Viewer, query: ProfileListQuery, policy: ImagePolicy, now: Date): Promise<SharedPage> {
  const where = filterConditions(viewer.brandId, viewer.lookingFor, query, now);
  const read = await readListPage(exec, where, query, now, null);
  const cards = read.ids.map((id): SharedCard => {
    const row = read.rows.get(id)!;
    // Everything before the live fields, which toCard puts last.
    const { badges: _badges, isOnline: _isOnline, activityDate: _activityDate, favorite: _favorite, ...head } = toCard(row, read.galleries.get(id) ?? [], now, policy);
    const json = JSON.stringify(head);
    return { id, head: json.slice(0, -1), row: { isFeatured: row.isFeatured, isPremium: row.isPremium, createDate: row.createDate, activityDate: row.activityDate } };
  });
  const tail = `],${JSON.stringify({ total: read.total, totalExact: read.totalExact, page: query.page, limit: query.limit, nextCursor: read.nextCursor }).slice(1)}`;
  return { cards, tail, bytes: cards.reduce((sum, card) => sum + card.head.length + 200, tail.length) };
}

/** The answer as it goes out: its bytes, and their encoding when they are compressed. */
export interface RenderedPage {
  body: Buffer<ArrayBuffer>;
  encoding?: Encoding;
}

/**
 * The answer's JSON: the kept cards with this member's favourites and the live fields as of `now`, compressed in
 * `encoding` when one is given and the answer is shared. Most members favour none of a page's cards: they share one
 * body, made again only once a card's NEW badge or online dot turns (or the app clock went back), and its brotli
 * or gzip form is made once for all of them. A member's own answer is compressed on its way out (http-compression.ts).
 */
export function renderPage(page: SharedPage, favourites: ReadonlySet<string>, now: Date, encoding?: Encoding): RenderedPage {
  const plain = !page.cards.some((card) => favourites.has(card.id));
  const at = now.getTime();
  if (!plain || !page.plain || at < page.plain.from || at >= page.plain.until) {
    let json = '{"data":[';
    page.cards.forEach((card, i) => {
      const live = JSON.stringify(cardLiveFields({ ...card.row, favorite: favourites.has(card.id) }, now));
      json += `${i ? ',' : ''}${card.head},${live.slice(1)}`;
    });
    const body = Buffer.from(json + page.tail);
    if (!plain) return { body };
    const until = Math.min(...page.cards.map((card) => cardLiveFieldsTurnAt(card.row, now)));
    page.plain = { from: at, until, body, encoded: {} };
  }
  const shared = page.plain!;
  if (!encoding || shared.body.byteLength < COMPRESS_MIN_BYTES) return { body: shared.body };
  shared.encoded[encoding] ??= compress(shared.body, encoding);
  return { body: shared.encoded[encoding], encoding };
}

/**
 * The page for this member and query string, from the process's kept pages or read now; `parse` turns the query
 * string into the question (or throws its 400) only when the page is read.
 */
export function sharedListPage(
  deps: Pick<AppDeps, 'db' | 'clock'> & { profileLists: ProfileLists },
  viewer: Viewer,
  rawQuery: string,
  parse: () => ProfileListQuery,
): Promise<SharedPage> {
  const now = deps.clock.now();
  const policy = imagePolicyFor(viewer.isPremium);
  return deps.profileLists.page(viewer.brandId, listPageKey(viewer, rawQuery, policy, now), async () => readSharedPage(deps.db, viewer, parse(), policy, now));
}
