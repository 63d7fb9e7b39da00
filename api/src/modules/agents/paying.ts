import { sql } from 'drizzle-orm';

/**
 * Whether the conversation's member pays (premium, or a paid order), for `conversations.stock_paying` when a
 * conversation enters a stock: a correlated subquery, usable in the SET of any UPDATE of conversations (qualified
 * by hand: drizzle leaves an UPDATE's own columns unqualified).
 */
export const memberPays = sql<boolean>`(select u.is_premium or exists (select 1 from orders o where o.user_id = u.id and o.status = 'paid') from users u where u.id = "conversations"."user_id")`;
