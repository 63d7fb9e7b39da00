-- Hand-written (docs/decisions/0017-claim-and-reply-one-statement-each.md): the claim answers the staff view of
-- the conversation it took, so GET /api/claim is one statement; the view and the gallery rule are written once
-- here for every caller. A PL/pgSQL function keeps the plans of its statements for the connection's life; the
-- same reads sent as unnamed statements were parsed, analysed and planned again on every claim.

-- The one gallery rule (SPEC §4): approved images of the gallery kinds, the avatar first, then as the member
-- sorted them. A plain SQL function, so PostgreSQL inlines it into the statements that read it (cards, profile
-- summaries, the staff view) and walks images_profile_idx.
CREATE OR REPLACE FUNCTION profile_gallery(p_profile uuid) RETURNS SETOF images LANGUAGE sql STABLE AS $$
  SELECT * FROM images
  WHERE profile_id = p_profile AND moderation = 'approved' AND type IN ('avatar', 'photo', 'hidden')
  ORDER BY (type = 'avatar') DESC, sort_order, create_date, id
$$;
--> statement-breakpoint
-- What staff see of a conversation (SPEC §3 agent conversation), as raw rows the API formats: p_limit + 1
-- messages newest first (older than p_before when given; the extra one tells whether there are more), the member
-- and their profile, the fictive profile, both galleries, the memos (this conversation's, then the global ones
-- of the member and of the profile) and the meet-ups. 'before-not-found' (DM001) when p_before is not a message
-- of this conversation.
CREATE OR REPLACE FUNCTION staff_conversation_view(p_conversation uuid, p_user uuid, p_profile uuid, p_limit int, p_before uuid)
RETURNS json LANGUAGE plpgsql STABLE AS $$
DECLARE
  member_profile uuid;
  before_seq bigint;
BEGIN
  IF p_before IS NOT NULL THEN
    SELECT seq INTO before_seq FROM messages WHERE id = p_before AND conversation_id = p_conversation;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'before-not-found' USING ERRCODE = 'DM001';
    END IF;
  END IF;
  SELECT p.id INTO member_profile FROM profiles p WHERE p.user_id = p_user LIMIT 1;
  RETURN json_build_object(
    'messages', (SELECT coalesce(json_agg(m ORDER BY m.seq DESC), '[]'::json) FROM (
      SELECT * FROM messages
      WHERE conversation_id = p_conversation AND seq < coalesce(before_seq, 9223372036854775807)
      ORDER BY seq DESC LIMIT p_limit + 1) m),
    'user', (SELECT row_to_json(u) FROM users u WHERE u.id = p_user),
    'memberProfile', (SELECT row_to_json(p) FROM profiles p WHERE p.id = member_profile),
    'profile', (SELECT row_to_json(p) FROM profiles p WHERE p.id = p_profile),
    'notes', (SELECT coalesce(json_agg(n ORDER BY n.conversation_id IS NULL, n.create_date, n.id), '[]'::json) FROM memos n
      WHERE n.conversation_id = p_conversation
         OR (n.conversation_id IS NULL AND n.type = 'user' AND n.user_id = p_user)
         OR (n.conversation_id IS NULL AND n.type = 'profile' AND n.profile_id = p_profile)),
    'meets', (SELECT coalesce(json_agg(m ORDER BY m.meet_date), '[]'::json) FROM meet_ups m WHERE m.conversation_id = p_conversation),
    'photos', (SELECT coalesce(json_agg(g), '[]'::json) FROM (
      SELECT * FROM profile_gallery(p_profile) UNION ALL SELECT * FROM profile_gallery(member_profile)) g));
END $$;
--> statement-breakpoint
DROP FUNCTION IF EXISTS agent_claim(uuid, timestamptz, timestamptz);
--> statement-breakpoint
-- GET /api/claim (docs/decisions/0011-claim-order.md): as 0009's, answering the staff view of the conversation
-- taken (p_limit messages). The agent's row is locked FOR NO KEY UPDATE: it serialises two tabs of one agent
-- for the cap without blocking the key-share locks that foreign keys to the agent take. The scope is compared
-- per row by correlated subqueries (a join made the planner sort the whole stock instead of walking
-- conversations_stock_wait_idx in claim order).
CREATE FUNCTION agent_claim(p_agent uuid, p_now timestamptz, p_expiry timestamptz, p_limit int)
RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  me agents;
  is_admin boolean;
  live int;
  cand record;
  conv conversations;
BEGIN
  SELECT * INTO me FROM agents WHERE id = p_agent FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RETURN json_build_object('refused', 'unauthorized');
  END IF;
  is_admin := me.role = 'admin';
  IF NOT is_admin AND me.status <> 'online' THEN
    RETURN json_build_object('refused', 'session-not-started');
  END IF;
  SELECT count(*) INTO live FROM conversations c WHERE c.claim_agent_id = p_agent AND c.claim_expiry_date > p_now;
  IF live >= me.max_claims THEN
    RETURN json_build_object('refused', 'claim-limit', 'maxClaims', me.max_claims);
  END IF;
  -- Exactly the order of conversations_stock_wait_idx (paying members, at stock entry, ahead within a waited
  -- minute), so the scan stops at the first free row in scope.
  SELECT c.id, c.stock, c.claim_agent_id INTO cand FROM conversations c
  WHERE c.stock IS NOT NULL AND (c.claim_agent_id IS NULL OR c.claim_expiry_date <= p_now)
    AND (is_admin OR ((SELECT u.country FROM users u WHERE u.id = c.user_id) || '-' || (SELECT b.domain FROM brands b WHERE b.id = c.brand_id)) = ANY (me.scope))
  ORDER BY date_trunc('minute', (c.stock_date AT TIME ZONE 'UTC')), c.stock_paying DESC NULLS LAST, c.stock_date, c.id
  LIMIT 1 FOR UPDATE OF c SKIP LOCKED;
  IF NOT FOUND THEN
    RETURN json_build_object('empty', true);
  END IF;
  IF cand.claim_agent_id IS NOT NULL THEN
    -- A claim that lapsed without the job having run yet is closed here as expired.
    UPDATE agent_claims SET end_date = p_now, outcome = 'expired' WHERE conversation_id = cand.id AND end_date IS NULL;
  END IF;
  UPDATE conversations SET claim_agent_id = p_agent, claim_date = p_now, claim_expiry_date = p_expiry
  WHERE id = cand.id RETURNING * INTO conv;
  INSERT INTO agent_claims (agent_id, conversation_id, stock, claim_date, expiry_date) VALUES (p_agent, cand.id, cand.stock, p_now, p_expiry);
  RETURN json_build_object(
    'conversation', row_to_json(conv),
    'domain', (SELECT b.domain FROM brands b WHERE b.id = conv.brand_id),
    'view', staff_conversation_view(conv.id, conv.user_id, conv.profile_id, p_limit, NULL));
END $$;
--> statement-breakpoint
DROP FUNCTION IF EXISTS conversation_scope(uuid, uuid);
