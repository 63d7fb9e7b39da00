-- A claim and a reply are one prepared statement each (docs/decisions/0017-claim-and-reply-one-statement-each.md).
-- Generated from the schema first: claims leave conversations' indexes (so taking one is a HOT update) and an
-- agent's live claims are read from agent_claims; messages keep the sync-client unique index only where a
-- client wrote, and the admin report's staff messages by day in place of an index no statement read.
DROP INDEX "conversations_claim_idx";--> statement-breakpoint
DROP INDEX "messages_conversation_idx";--> statement-breakpoint
DROP INDEX "messages_mutation_uq";--> statement-breakpoint
CREATE INDEX "agent_claims_live_idx" ON "agent_claims" USING btree ("agent_id","expiry_date") WHERE "agent_claims"."end_date" IS NULL;--> statement-breakpoint
CREATE INDEX "messages_staff_sent_idx" ON "messages" USING btree ("date_sent") WHERE "messages"."agent_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_mutation_uq" ON "messages" USING btree ("client_id","mutation_id") WHERE "messages"."client_id" IS NOT NULL;
--> statement-breakpoint
-- Hand-written below. A claim changes only the claim columns, which no index of conversations holds: with room
-- on the page (fillfactor; pages written before keep theirs until rewritten) it writes no index entry. Before,
-- each claim added an entry to every index of conversations, the claim-order one among them, where every
-- later claim stepped over the dead ones until vacuum.
ALTER TABLE conversations SET (fillfactor = 85);
--> statement-breakpoint
-- agent_claims is a queue's history: every claim ends with an update that leaves a dead entry in the partial
-- indexes of open claims (agent_claims_open_idx, agent_claims_live_idx), which the cap count of the agent's
-- next claims steps over until vacuum removes it. Vacuum after every 2,000 ended claims, not after a fifth of
-- a table that only grows.
ALTER TABLE agent_claims SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 2000);
--> statement-breakpoint
-- The one gallery rule (SPEC §4): approved images of the gallery kinds, the avatar first, then as the member
-- sorted them. A plain SQL function, so PostgreSQL inlines it into the statements that read it (cards, profile
-- summaries, the staff view, the reply) and walks images_profile_idx.
CREATE OR REPLACE FUNCTION profile_gallery(p_profile uuid) RETURNS SETOF images LANGUAGE sql STABLE AS $$
  SELECT * FROM images
  WHERE profile_id = p_profile AND moderation = 'approved' AND type IN ('avatar', 'photo', 'hidden')
  ORDER BY (type = 'avatar') DESC, sort_order, create_date, id
$$;
--> statement-breakpoint
-- A member's sync space bumped once per transaction (0008), the remembered value set by the bump itself.
CREATE OR REPLACE FUNCTION sync_bump_space(uid uuid) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  bumped text := current_setting('sync.bumped', true);
  v bigint;
BEGIN
  IF bumped IS NOT NULL AND bumped <> '' AND split_part(bumped, ':', 1) = uid::text THEN
    RETURN split_part(bumped, ':', 2)::bigint;
  END IF;
  INSERT INTO sync_spaces (user_id, version) VALUES (uid, 1)
  ON CONFLICT (user_id) DO UPDATE SET version = sync_spaces.version + 1
  RETURNING version, set_config('sync.bumped', uid::text || ':' || version::text, true) INTO v, bumped;
  RETURN v;
END $$;
--> statement-breakpoint
-- The member's unread counts per list (0009), in PL/pgSQL: a SQL function that cannot be inlined (it
-- aggregates) is planned again in every statement that calls it; PL/pgSQL keeps the plan for the connection.
CREATE OR REPLACE FUNCTION member_unread_counts(uid uuid) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT jsonb_build_object(
    'total', coalesce(sum(unread_by_user), 0)::int,
    'inbox', coalesce(sum(unread_by_user) FILTER (WHERE NOT archived AND NOT has_user_message), 0)::int,
    'archive', coalesce(sum(unread_by_user) FILTER (WHERE archived), 0)::int,
    'conversation', coalesce(sum(unread_by_user) FILTER (WHERE NOT archived AND has_user_message), 0)::int)
  FROM conversations WHERE user_id = uid);
END $$;
--> statement-breakpoint
-- What staff see of a conversation (SPEC §3 agent conversation), as raw rows the API formats
-- (api/src/modules/agents/staff-conversation.ts): p_limit + 1 messages newest first (older than p_before when
-- given; the extra one tells whether there are more), the member and their profile, the fictive profile, both
-- galleries, the memos (this conversation's, then the global ones of the member and of the profile) and the
-- meet-ups. Of the member and both profiles only the columns the view shows: no password hash, email or sign-on
-- subject travels to the API. 'before-not-found' (DM001) when p_before is not a message of this conversation.
CREATE OR REPLACE FUNCTION staff_conversation_view(p_conversation uuid, p_user uuid, p_profile uuid, p_limit int, p_before uuid)
RETURNS json LANGUAGE plpgsql STABLE AS $$
DECLARE
  before_seq bigint;
BEGIN
  IF p_before IS NOT NULL THEN
    SELECT seq INTO before_seq FROM messages WHERE id = p_before AND conversation_id = p_conversation;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'before-not-found' USING ERRCODE = 'DM001';
    END IF;
  END IF;
  RETURN (
    WITH member_profile AS (SELECT p.id, p.birth_date, p.location, p.about_me FROM profiles p WHERE p.user_id = p_user LIMIT 1)
    SELECT json_build_object(
      'messages', (SELECT coalesce(json_agg(m ORDER BY m.seq DESC), '[]'::json) FROM (
        SELECT * FROM messages
        WHERE conversation_id = p_conversation AND seq < coalesce(before_seq, 9223372036854775807)
        ORDER BY seq DESC LIMIT p_limit + 1) m),
      'user', (SELECT json_build_object('id', u.id, 'username', u.username, 'birth_date', u.birth_date, 'gender', u.gender,
          'country', u.country, 'is_premium', u.is_premium, 'credits', u.credits, 'create_date', u.create_date,
          'update_date', u.update_date, 'activity_date', u.activity_date)
        FROM users u WHERE u.id = p_user),
      'memberProfile', (SELECT row_to_json(mp) FROM member_profile mp),
      'profile', (SELECT json_build_object('id', p.id, 'username', p.username, 'birth_date', p.birth_date, 'gender', p.gender,
          'create_date', p.create_date, 'update_date', p.update_date, 'activity_date', p.activity_date, 'location', p.location,
          'about_me', p.about_me)
        FROM profiles p WHERE p.id = p_profile),
      'notes', (SELECT coalesce(json_agg(n ORDER BY n.conversation_id IS NULL, n.create_date, n.id), '[]'::json) FROM memos n
        WHERE n.conversation_id = p_conversation
           OR (n.conversation_id IS NULL AND n.type = 'user' AND n.user_id = p_user)
           OR (n.conversation_id IS NULL AND n.type = 'profile' AND n.profile_id = p_profile)),
      'meets', (SELECT coalesce(json_agg(m ORDER BY m.meet_date), '[]'::json) FROM meet_ups m WHERE m.conversation_id = p_conversation),
      'photos', (SELECT coalesce(json_agg(g), '[]'::json) FROM (
        SELECT * FROM profile_gallery(p_profile)
        UNION ALL SELECT g.* FROM member_profile mp CROSS JOIN LATERAL profile_gallery(mp.id) g) g)));
END $$;
--> statement-breakpoint
DROP FUNCTION IF EXISTS agent_claim(uuid, timestamptz, timestamptz);
--> statement-breakpoint
DROP FUNCTION IF EXISTS conversation_scope(uuid, uuid);
--> statement-breakpoint
-- GET /api/claim (docs/decisions/0011-claim-order.md), answering the claim with the staff view of the
-- conversation taken (p_limit messages), or {refused: 'unauthorized' | 'session-not-started' | 'claim-limit',
-- maxClaims}, or {empty: true}. The agent's row is locked FOR NO KEY UPDATE, which serialises two tabs of one
-- agent for the cap (its live claims counted in agent_claims) without blocking the key-share locks of foreign
-- keys. The candidate is locked FOR UPDATE SKIP LOCKED, so concurrent agents each take a different row without
-- waiting on one another; its scope is compared per row by correlated subqueries (a join made the planner sort
-- the whole stock instead of walking conversations_stock_wait_idx in claim order). The claim and its history
-- row are written together, and commit without waiting for the WAL flush (see below).
CREATE FUNCTION agent_claim(p_agent uuid, p_now timestamptz, p_expiry timestamptz, p_limit int)
RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  is_admin boolean;
  agent_status agent_status;
  max_claims int;
  scope text[];
  live int;
  cand record;
  conv conversations;
BEGIN
  SELECT a.role = 'admin', a.status, a.max_claims, a.scope,
    (SELECT count(*) FROM agent_claims h WHERE h.agent_id = p_agent AND h.end_date IS NULL AND h.expiry_date > p_now)
  INTO is_admin, agent_status, max_claims, scope, live
  FROM agents a WHERE a.id = p_agent FOR NO KEY UPDATE OF a;
  IF NOT FOUND THEN
    RETURN json_build_object('refused', 'unauthorized');
  END IF;
  IF NOT is_admin AND agent_status <> 'online' THEN
    RETURN json_build_object('refused', 'session-not-started');
  END IF;
  IF live >= max_claims THEN
    RETURN json_build_object('refused', 'claim-limit', 'maxClaims', max_claims);
  END IF;
  -- Exactly the order of conversations_stock_wait_idx (paying members, at stock entry, ahead within a waited
  -- minute), so the scan stops at the first free row in scope.
  SELECT c.id, c.stock, c.claim_agent_id INTO cand FROM conversations c
  WHERE c.stock IS NOT NULL AND (c.claim_agent_id IS NULL OR c.claim_expiry_date <= p_now)
    AND (is_admin OR ((SELECT u.country FROM users u WHERE u.id = c.user_id) || '-' || (SELECT b.domain FROM brands b WHERE b.id = c.brand_id)) = ANY (scope))
  ORDER BY date_trunc('minute', (c.stock_date AT TIME ZONE 'UTC')), c.stock_paying DESC NULLS LAST, c.stock_date, c.id
  LIMIT 1 FOR UPDATE OF c SKIP LOCKED;
  IF NOT FOUND THEN
    RETURN json_build_object('empty', true);
  END IF;
  -- A claim is a lease of CLAIM_LIFETIME_MS: a crash that loses it before its WAL reaches the disk only puts the
  -- conversation back in its stock, so its commit does not wait for the flush (replies and sends still do).
  PERFORM set_config('synchronous_commit', 'off', true);
  IF cand.claim_agent_id IS NOT NULL THEN
    -- A claim that lapsed without the job having run yet is closed here as expired.
    UPDATE agent_claims SET end_date = p_now, outcome = 'expired' WHERE conversation_id = cand.id AND end_date IS NULL;
  END IF;
  WITH claimed AS (
    UPDATE conversations SET claim_agent_id = p_agent, claim_date = p_now, claim_expiry_date = p_expiry
    WHERE id = cand.id RETURNING *
  ), history AS (
    INSERT INTO agent_claims (agent_id, conversation_id, stock, claim_date, expiry_date)
    SELECT p_agent, claimed.id, claimed.stock, p_now, p_expiry FROM claimed
  )
  SELECT * INTO conv FROM claimed;
  RETURN json_build_object(
    'conversation', row_to_json(conv),
    'domain', (SELECT b.domain FROM brands b WHERE b.id = conv.brand_id),
    'view', staff_conversation_view(conv.id, conv.user_id, conv.profile_id, p_limit, NULL));
END $$;
--> statement-breakpoint
DROP FUNCTION IF EXISTS agent_reply(uuid, boolean, boolean, uuid, message_type, text, uuid, uuid, timestamptz);
--> statement-breakpoint
-- A reply as the fictive profile (or as admin): only the agent holding the live claim may reply (an admin always
-- may), else 'claim-required'; 'new-messages' when the member wrote after the newest message the agent loaded
-- (none loaded, or not of this conversation: any). The message, the conversation out of its stock with the
-- claim released, and the claim history (the replier's claim ends as replied, any other open one as released).
-- Lock order as every write: the member's sync space, then the conversation.
--
-- It answers the message, the conversation and the profile's summary (id, username, first gallery image), and
-- notifies p_channel with the same rows for the member's live events (p_build names their formatter in the
-- realtime hub, api/src/realtime/hub.ts): the text as the member may read it (p_member_text, masked and cut by
-- the API, p_member_text_partial when cut) and the member's unread counts. The NOTIFY leaves at commit, never
-- on a rollback; the process that holds the member's sockets formats the events.
CREATE FUNCTION agent_reply(
  p_agent uuid, p_is_admin boolean, p_as_admin boolean, p_conversation uuid, p_type message_type, p_message text,
  p_attachment uuid, p_last_message uuid, p_now timestamptz, p_channel text, p_build text, p_member_text text,
  p_member_text_partial boolean
) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  conv conversations;
  msg messages;
  profile json;
  notified text;
BEGIN
  PERFORM sync_bump_space(c.user_id) FROM conversations c WHERE c.id = p_conversation;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'not-found' USING ERRCODE = 'DM001';
  END IF;
  SELECT * INTO conv FROM conversations WHERE id = p_conversation FOR UPDATE;
  IF NOT p_is_admin AND NOT (conv.claim_agent_id IS NOT DISTINCT FROM p_agent AND conv.claim_expiry_date > p_now) THEN
    RAISE EXCEPTION 'claim-required' USING ERRCODE = 'DM001';
  END IF;
  -- A member message newer than the one the agent loaded (none loaded, or not of this conversation: any).
  PERFORM 1 FROM messages
  WHERE conversation_id = p_conversation AND sender_type = 'user'
    AND seq > coalesce((SELECT l.seq FROM messages l WHERE l.id = p_last_message AND l.conversation_id = p_conversation), 0)
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'new-messages' USING ERRCODE = 'DM001';
  END IF;
  IF p_attachment IS NOT NULL THEN
    PERFORM 1 FROM images WHERE id = p_attachment AND profile_id = conv.profile_id;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'attachment-not-found' USING ERRCODE = 'DM001';
    END IF;
  END IF;
  INSERT INTO messages (conversation_id, sender_type, agent_id, message_type, message, attachment_id, date_sent)
  VALUES (p_conversation, CASE WHEN p_as_admin THEN 'admin' ELSE 'profile' END::sender_type, p_agent, p_type, p_message, p_attachment, p_now)
  RETURNING * INTO msg;
  WITH replied AS (
    UPDATE conversations SET unread_by_user = unread_by_user + 1, last_message_date = p_now, last_profile_message_date = p_now,
      update_date = p_now, stock = NULL, stock_date = NULL, last_agent_id = p_agent, claim_agent_id = NULL, claim_date = NULL,
      claim_expiry_date = NULL
    WHERE id = p_conversation RETURNING *
  ), history AS (
    UPDATE agent_claims SET end_date = p_now, outcome = CASE WHEN agent_id = p_agent THEN 'replied' ELSE 'released' END::claim_outcome
    WHERE conversation_id = p_conversation AND end_date IS NULL
  )
  SELECT * INTO conv FROM replied;
  -- Only what the events show, so the payload stays far below NOTIFY's 8000 bytes (the API bounds the text).
  SELECT s.summary, pg_notify(p_channel, json_build_object('build', p_build, 'data', json_build_object(
      'message', to_jsonb(msg) - 'message',
      'memberText', p_member_text,
      'partial', p_member_text_partial,
      'conversation', json_build_object('id', conv.id, 'user_id', conv.user_id, 'profile_id', conv.profile_id, 'archived', conv.archived,
        'has_user_message', conv.has_user_message, 'unread_by_user', conv.unread_by_user),
      'profile', s.summary,
      'unread', member_unread_counts(conv.user_id)))::text)::text
  INTO profile, notified
  FROM (SELECT json_build_object('id', p.id, 'username', p.username, 'first', (SELECT row_to_json(g) FROM profile_gallery(p.id) g LIMIT 1)) AS summary
        FROM profiles p WHERE p.id = conv.profile_id) s;
  RETURN json_build_object('message', row_to_json(msg), 'conversation', row_to_json(conv), 'profile', profile);
END $$;
