-- Whether a conversation waits to be claimed (docs/architecture.md, rule authority): in a stock and not held by a
-- live claim (a lapsed one counts as free). The one definition: agent_claim takes from these and the queue counts
-- (api/src/modules/agents/claims.ts) count them. Immutable SQL so the planner inlines it and still walks
-- conversations_stock_wait_idx (whose predicate is `stock IS NOT NULL`).
CREATE OR REPLACE FUNCTION public.claim_waiting(stock stock, claim_agent_id uuid, claim_expiry_date timestamp with time zone, p_now timestamp with time zone)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT stock IS NOT NULL AND (claim_agent_id IS NULL OR claim_expiry_date <= p_now)
$function$;
