-- Whether a staff member may see a conversation or member (docs/architecture.md, rule authority): admins see
-- all; anyone else the `COUNTRY-domain` keys of their scope (the member's country, the brand's domain). The one
-- definition: agent_claim picks by it and api/src/modules/agents/staff.ts filters and checks by it. Immutable
-- SQL so the planner inlines it into the claim's scan.
CREATE OR REPLACE FUNCTION public.staff_covers(is_admin boolean, scope text[], country text, domain text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT is_admin OR (country || '-' || domain) = ANY (scope)
$function$;
