-- The member's unread counts per list (SPEC §4 unreadMessageCount): inbox = not archived, never written by the
-- member; conversations = not archived, written; archive. A blocked conversation counts nowhere: the member does
-- not see it. PL/pgSQL, not SQL: a SQL function that cannot be inlined (it aggregates) is planned again in every
-- statement that calls it; PL/pgSQL keeps the plan for the connection.
CREATE OR REPLACE FUNCTION public.member_unread_counts(uid uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
AS $function$
BEGIN
  RETURN (SELECT jsonb_build_object(
    'total', coalesce(sum(unread_by_user), 0)::int,
    'inbox', coalesce(sum(unread_by_user) FILTER (WHERE NOT archived AND NOT has_user_message), 0)::int,
    'archive', coalesce(sum(unread_by_user) FILTER (WHERE archived), 0)::int,
    'conversation', coalesce(sum(unread_by_user) FILTER (WHERE NOT archived AND has_user_message), 0)::int)
  FROM conversations WHERE user_id = uid AND NOT blocked);
END $function$;
