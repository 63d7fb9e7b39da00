import { sql } from 'drizzle-orm';

/**
 * Whether the conversation's member pays (premium, or a paid order: the SQL function member_pays, which
 * send_member_message uses too), for `conversations.stock_paying` when a
 * conversation enters a stock: a correlated subquery, usable in the SET of any UPDATE of conversations (qualified
 * by hand: drizzle leaves an UPDATE's own columns unqualified).
 */
export const memberPays = sql<boolean>`member_pays("conversations"."user_id")`;
