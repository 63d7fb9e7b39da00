-- GET /api/claim (docs/decisions/0011-claim-order.md, 0017-claim-and-reply-one-statement-each.md), answering the
-- claim with the staff view of the conversation taken (p_limit messages, staff_conversation_view), or
-- {refused: 'unauthorized' | 'session-not-started' | 'claim-limit', maxClaims}, or {empty: true}.
-- The agent's row is locked FOR NO KEY UPDATE, which serialises two tabs of one agent for the cap (its live claims
-- counted in agent_claims) without blocking the key-share locks of foreign keys. The candidate is locked FOR UPDATE
-- SKIP LOCKED, so concurrent agents each take a different row without waiting on one another; its scope is compared
-- per row by correlated subqueries (a join made the planner sort the whole stock instead of walking
-- conversations_stock_wait_idx in claim order). The claim and its history row are written together.
-- A conversation's open claim is its holder's, so a lapsed claim is ended by (agent_id, conversation_id), which
-- agent_claims_live_idx finds among the holder's few open rows: by conversation alone the planner, with statistics
-- taken while no claim was open, chose a scan of every agent's open claims.
CREATE OR REPLACE FUNCTION public.agent_claim(p_agent uuid, p_now timestamp with time zone, p_expiry timestamp with time zone, p_limit integer)
 RETURNS json
 LANGUAGE plpgsql
AS $function$
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
  WHERE claim_waiting(c.stock, c.claim_agent_id, c.claim_expiry_date, p_now)
    AND staff_covers(is_admin, scope, (SELECT u.country FROM users u WHERE u.id = c.user_id), (SELECT b.domain FROM brands b WHERE b.id = c.brand_id))
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
END $function$;
