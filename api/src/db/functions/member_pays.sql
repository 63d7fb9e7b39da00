-- Whether the member pays (premium, or any paid order): paying members' conversations go first in the agents'
-- stock (send_member_message sets conversations.stock_paying; api/src/modules/agents/paying.ts).
CREATE OR REPLACE FUNCTION public.member_pays(uid uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE
AS $function$
  SELECT u.is_premium OR EXISTS (SELECT 1 FROM orders o WHERE o.user_id = u.id AND o.status = 'paid') FROM users u WHERE u.id = uid
$function$;
