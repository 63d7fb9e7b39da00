-- Whether the member may write under the age gate: the check does not apply to them and their brand, or their
-- verification passed. A rule the statements share (send_member_message among them).
CREATE OR REPLACE FUNCTION public.member_age_verified(uid uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE
AS $function$
  SELECT coalesce((
    SELECT NOT (u.age_verification_applicable OR b.age_verification_required) OR coalesce(u.age_verification->'result' = 'true'::jsonb, false)
    FROM users u JOIN brands b ON b.id = u.brand_id WHERE u.id = uid), true)
$function$;
