import { sql, type SQL } from 'drizzle-orm';
import { profileBlocks, profiles } from '../../db/schema/index.js';

/**
 * The one rule behind "a blocked profile disappears from every list": the profile row in the query is not one
 * the member blocked. Every member-facing list and lookup (profiles, swipe deck, matches, favourites, views,
 * likes, one profile) takes it through profiles/cards.ts `visibleTo`.
 */
export function notBlockedBy(userId: string): SQL {
  return sql`not exists (select 1 from ${profileBlocks} pb where pb.user_id = ${userId}::uuid and pb.profile_id = ${profiles.id})`;
}
