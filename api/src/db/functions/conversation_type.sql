-- Which list a member's conversation belongs to (docs/architecture.md, rule authority): archived wins; otherwise a
-- conversation the member has written in is 'conversations', else 'inbox'. The one server definition: the
-- conversation lists (api/src/modules/messaging/queries.ts) filter by it and member_unread_counts counts by it.
-- The device's guess of the same tab is sync/src/rules/conversation-type.ts. Immutable SQL so the planner
-- inlines it into the statement that calls it.
CREATE OR REPLACE FUNCTION public.conversation_type(archived boolean, has_user_message boolean)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT CASE WHEN archived THEN 'archive' WHEN has_user_message THEN 'conversations' ELSE 'inbox' END
$function$;
