import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LookupQuery, LookupRow } from '@sync/contract/agents';
import type { Executor } from '../../db/client.js';
import { agents, brands, conversations, messages, profiles, users } from '../../db/schema/index.js';
import { loadLastMessages, loadProfileInfo, toMessageRecord } from '../messaging/serialize.js';
import { inScope, type Staff } from './staff.js';

/** The agent holding a conversation's claim (the lookup says who, before an admin replies). */
const holder = alias(agents, 'holder');

/** `%term%` with LIKE's wildcards escaped, so a filter matches the text the agent typed. */
const contains = (term: string) => `%${term.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** GET /api/conversations for staff: filtered by the docs/product.md#data lookup dimensions, within the agent's scope. */
export async function lookupConversations(exec: Executor, staff: Staff, q: LookupQuery, now: Date) {
  const filters: (SQL | undefined)[] = [inScope(staff)];
  if (q.sentBefore) filters.push(lte(conversations.lastMessageDate, new Date(q.sentBefore)));
  if (q.sentAfter) filters.push(gte(conversations.lastMessageDate, new Date(q.sentAfter)));
  if (q.realUsername) filters.push(ilike(users.username, contains(q.realUsername)));
  if (q.fictiveUsername) filters.push(ilike(profiles.username, contains(q.fictiveUsername)));
  if (q.domain) filters.push(eq(brands.domain, q.domain.toLowerCase()));
  if (q.agentName) {
    const term = contains(q.agentName);
    const named = exec
      .select({ id: agents.id })
      .from(agents)
      .where(or(ilike(sql`${agents.firstName} || ' ' || ${agents.lastName}`, term), ilike(agents.email, term)));
    // Any agent who wrote in the conversation, not only the last one.
    filters.push(
      sql`exists (select 1 from ${messages} where ${messages.conversationId} = ${conversations.id} and ${inArray(messages.agentId, named)})`,
    );
  }
  const where = and(...filters);
  const base = () =>
    exec
      .select({ total: count() })
      .from(conversations)
      .innerJoin(users, eq(users.id, conversations.userId))
      .innerJoin(profiles, eq(profiles.id, conversations.profileId))
      .innerJoin(brands, eq(brands.id, conversations.brandId))
      .where(where);
  const [{ total } = { total: 0 }] = await base();
  const sent = sql`coalesce(${conversations.lastMessageDate}, ${conversations.createDate})`;
  const rows = await exec
    .select({
      c: conversations,
      domain: brands.domain,
      username: users.username,
      country: users.country,
      lastAgentFirst: agents.firstName,
      lastAgentLast: agents.lastName,
      holderFirst: holder.firstName,
      holderLast: holder.lastName,
    })
    .from(conversations)
    .innerJoin(users, eq(users.id, conversations.userId))
    .innerJoin(profiles, eq(profiles.id, conversations.profileId))
    .innerJoin(brands, eq(brands.id, conversations.brandId))
    .leftJoin(agents, eq(agents.id, conversations.lastAgentId))
    .leftJoin(holder, eq(holder.id, conversations.claimAgentId))
    .where(where)
    .orderBy(q.sortBy === 'oldest' ? asc(sent) : desc(sent), asc(conversations.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const last = await loadLastMessages(
    exec,
    rows.map((r) => r.c.id),
  );
  const info = await loadProfileInfo(
    exec,
    rows.map((r) => r.c.profileId),
  );
  const data: LookupRow[] = rows.map(({ c, domain, username, country, lastAgentFirst, lastAgentLast, holderFirst, holderLast }) => {
    const m = last.get(c.id);
    const claimed = !!c.claimAgentId && !!c.claimExpiryDate && c.claimExpiryDate > now;
    return {
      _id: c.id,
      createDate: c.createDate.toISOString(),
      updateDate: c.updateDate.toISOString(),
      domain,
      lastMessageDate: c.lastMessageDate?.toISOString() ?? null,
      stock: c.stock,
      claimed,
      claim: claimed ? { agentId: c.claimAgentId!, agentName: `${holderFirst ?? ''} ${holderLast ?? ''}`.trim(), expiryTime: c.claimExpiryDate!.toISOString() } : null,
      user: { _id: c.userId, username, country },
      profile: info.get(c.profileId)?.summary ?? { _id: c.profileId, username: '', avatar: null },
      lastAgent: c.lastAgentId ? { _id: c.lastAgentId, name: `${lastAgentFirst ?? ''} ${lastAgentLast ?? ''}`.trim() } : null,
      lastMessage: m ? toMessageRecord(m, 'staff') : null,
    };
  });
  return { data, total: Number(total), page: q.page, limit: q.limit };
}
