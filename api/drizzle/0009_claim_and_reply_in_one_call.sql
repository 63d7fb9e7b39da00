-- Hand-written: the agent's claim and reply as database functions, as the send is (0008,
-- docs/decisions/0015-send-in-one-call.md): one call where there were five and seven statements.
-- Failures a client can cause raise SQLSTATE 'DM001' with the failure's code as the message.

-- A conversation's scope, `COUNTRY-domain` (the member's country, the conversation's brand), read per row: in a
-- claim's filter it keeps the planner on the stock index in claim order (a join made it sort the whole stock).
CREATE OR REPLACE FUNCTION conversation_scope(p_user uuid, p_brand uuid) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT (SELECT u.country FROM users u WHERE u.id = p_user) || '-' || (SELECT b.domain FROM brands b WHERE b.id = p_brand)
$$;
--> statement-breakpoint
-- The member's unread counts per list (SPEC §4 unreadMessageCount): inbox = not archived, never written by the
-- member; conversations = not archived, written; archive.
CREATE OR REPLACE FUNCTION member_unread_counts(uid uuid) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'total', coalesce(sum(unread_by_user), 0)::int,
    'inbox', coalesce(sum(unread_by_user) FILTER (WHERE NOT archived AND NOT has_user_message), 0)::int,
    'archive', coalesce(sum(unread_by_user) FILTER (WHERE archived), 0)::int,
    'conversation', coalesce(sum(unread_by_user) FILTER (WHERE NOT archived AND has_user_message), 0)::int)
  FROM conversations WHERE user_id = uid
$$;
--> statement-breakpoint
-- GET /api/claim (docs/decisions/0011-claim-order.md): the agent's row is locked first (the per-agent cap counts
-- right even with two tabs claiming at once); the oldest waiting conversation in scope is locked FOR UPDATE SKIP
-- LOCKED, so concurrent agents each take a different row without waiting on one another. Answers
-- {refused: 'unauthorized' | 'session-not-started' | 'claim-limit', maxClaims}, {empty: true}, or the claimed
-- conversation and its brand's domain.
CREATE OR REPLACE FUNCTION agent_claim(p_agent uuid, p_now timestamptz, p_expiry timestamptz)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  me agents;
  is_admin boolean;
  live int;
  cand record;
  conv conversations;
BEGIN
  SELECT * INTO me FROM agents WHERE id = p_agent FOR UPDATE;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('refused', 'unauthorized');
  END IF;
  is_admin := me.role = 'admin';
  IF NOT is_admin AND me.status <> 'online' THEN
    RETURN jsonb_build_object('refused', 'session-not-started');
  END IF;
  SELECT count(*) INTO live FROM conversations c WHERE c.claim_agent_id = p_agent AND c.claim_expiry_date > p_now;
  IF live >= me.max_claims THEN
    RETURN jsonb_build_object('refused', 'claim-limit', 'maxClaims', me.max_claims);
  END IF;
  -- Exactly the order of conversations_stock_wait_idx (paying members, at stock entry, ahead within a waited
  -- minute), so the scan stops at the first free row in scope.
  SELECT c.id, c.stock, c.claim_agent_id INTO cand FROM conversations c
  WHERE c.stock IS NOT NULL AND (c.claim_agent_id IS NULL OR c.claim_expiry_date <= p_now)
    AND (is_admin OR conversation_scope(c.user_id, c.brand_id) = ANY (me.scope))
  ORDER BY date_trunc('minute', (c.stock_date AT TIME ZONE 'UTC')), c.stock_paying DESC NULLS LAST, c.stock_date, c.id
  LIMIT 1 FOR UPDATE OF c SKIP LOCKED;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('empty', true);
  END IF;
  IF cand.claim_agent_id IS NOT NULL THEN
    -- A claim that lapsed without the job having run yet is closed here as expired.
    UPDATE agent_claims SET end_date = p_now, outcome = 'expired' WHERE conversation_id = cand.id AND end_date IS NULL;
  END IF;
  UPDATE conversations SET claim_agent_id = p_agent, claim_date = p_now, claim_expiry_date = p_expiry
  WHERE id = cand.id RETURNING * INTO conv;
  INSERT INTO agent_claims (agent_id, conversation_id, stock, claim_date, expiry_date) VALUES (p_agent, cand.id, cand.stock, p_now, p_expiry);
  RETURN jsonb_build_object('conversation', row_to_json(conv), 'domain', (SELECT b.domain FROM brands b WHERE b.id = conv.brand_id));
END $$;
--> statement-breakpoint
-- A reply as the fictive profile (or as admin): only the agent holding the live claim may reply (an admin always
-- may), else 'claim-required'; 'new-messages' when the member wrote after the newest message the agent loaded
-- (none loaded, or not of this conversation: any). The message, the conversation out of its stock with the claim
-- released, and the claim history (the replier's claim ends as replied, any other open one as released).
-- Lock order as every write: the member's sync space, then the conversation.
CREATE OR REPLACE FUNCTION agent_reply(
  p_agent uuid, p_is_admin boolean, p_as_admin boolean, p_conversation uuid, p_type message_type, p_message text,
  p_attachment uuid, p_last_message uuid, p_now timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  conv conversations;
  msg messages;
  loaded bigint := 0;
BEGIN
  PERFORM sync_bump_space(c.user_id) FROM conversations c WHERE c.id = p_conversation;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'not-found' USING ERRCODE = 'DM001';
  END IF;
  SELECT * INTO conv FROM conversations WHERE id = p_conversation FOR UPDATE;
  IF NOT p_is_admin AND NOT (conv.claim_agent_id IS NOT DISTINCT FROM p_agent AND conv.claim_expiry_date > p_now) THEN
    RAISE EXCEPTION 'claim-required' USING ERRCODE = 'DM001';
  END IF;
  IF p_last_message IS NOT NULL THEN
    SELECT seq INTO loaded FROM messages WHERE id = p_last_message AND conversation_id = p_conversation;
    loaded := coalesce(loaded, 0);
  END IF;
  PERFORM 1 FROM messages WHERE conversation_id = p_conversation AND sender_type = 'user' AND seq > loaded LIMIT 1;
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
  UPDATE conversations SET unread_by_user = unread_by_user + 1, last_message_date = p_now, last_profile_message_date = p_now,
    update_date = p_now, stock = NULL, stock_date = NULL, last_agent_id = p_agent, claim_agent_id = NULL, claim_date = NULL,
    claim_expiry_date = NULL
  WHERE id = p_conversation RETURNING * INTO conv;
  UPDATE agent_claims SET end_date = p_now, outcome = CASE WHEN agent_id = p_agent THEN 'replied' ELSE 'released' END::claim_outcome
  WHERE conversation_id = p_conversation AND end_date IS NULL;
  RETURN jsonb_build_object('message', row_to_json(msg), 'conversation', row_to_json(conv), 'unread', member_unread_counts(conv.user_id));
END $$;
