-- Whether the agent holds the live claim on a conversation (docs/architecture.md, rule authority): its claim
-- columns name the agent and have not lapsed. The one definition: agent_reply refuses a reply without it, and
-- api/src/modules/agents/claims.ts (live claims) and uploads/attachment-right.ts (attaching as the profile) ask it.
-- Immutable SQL so the planner inlines it.
CREATE OR REPLACE FUNCTION public.claim_held_by(claim_agent_id uuid, claim_expiry_date timestamp with time zone, p_agent uuid, p_now timestamp with time zone)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT claim_agent_id IS NOT DISTINCT FROM p_agent AND claim_expiry_date > p_now
$function$;
