-- A conversation's open claim is its holder's: every write that sets or clears the claim columns of a
-- conversation opens or ends the history row of the same agent, under the conversation's lock (the claim, the
-- reply, the expiry job, a stop). The reply and a claim of a lapsed conversation therefore end the history row
-- by its holder, (agent_id, conversation_id), which agent_claims_live_idx finds among the holder's few open
-- rows. By conversation alone the planner could not tell agent_claims_open_idx from a whole scan of
-- agent_claims_live_idx while its statistics were taken with no claim open (a fresh database, or after a quiet
-- night: both partial indexes then look empty), and chose the scan: every reply read every open claim of
-- every agent (70 index entries per reply with 50 agents at work).
CREATE OR REPLACE FUNCTION agent_claim(p_agent uuid, p_now timestamptz, p_expiry timestamptz, p_limit int)
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
    UPDATE agent_claims SET end_date = p_now, outcome = 'expired'
    WHERE agent_id = cand.claim_agent_id AND conversation_id = cand.id AND end_date IS NULL;
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
CREATE OR REPLACE FUNCTION agent_reply(
  p_agent uuid, p_is_admin boolean, p_as_admin boolean, p_conversation uuid, p_type message_type, p_message text,
  p_attachment uuid, p_last_message uuid, p_now timestamptz
) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  conv conversations;
  msg messages;
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
    WHERE agent_id = conv.claim_agent_id AND conversation_id = p_conversation AND end_date IS NULL
  )
  SELECT * INTO conv FROM replied;
  RETURN json_build_object('message', row_to_json(msg), 'conversation', row_to_json(conv),
    'profile', (SELECT json_build_object('id', p.id, 'username', p.username, 'first', (SELECT row_to_json(g) FROM profile_gallery(p.id) g LIMIT 1))
                FROM profiles p WHERE p.id = conv.profile_id),
    'unread', member_unread_counts(conv.user_id));
END $$;
