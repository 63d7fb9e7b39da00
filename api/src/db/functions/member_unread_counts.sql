-- The member's unread counts per list (SPEC §4 unreadMessageCount), each list as conversation_type decides it.
-- A blocked conversation counts nowhere: the member does not see it. PL/pgSQL, not SQL: a SQL function that cannot be inlined (it aggregates) is planned again in every
-- statement that calls it; PL/pgSQL keeps the plan for the connection.
CREATE OR REPLACE FUNCTION public.member_unread_counts(uid uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
AS $function$
BEGIN
  RETURN (SELECT jsonb_build_object(
    'total', coalesce(sum(unread_by_user), 0)::int,
    'inbox', coalesce(sum(unread_by_user) FILTER (WHERE conversation_type(archived, has_user_message) = 'inbox'), 0)::int,
    'archive', coalesce(sum(unread_by_user) FILTER (WHERE conversation_type(archived, has_user_message) = 'archive'), 0)::int,
    'conversation', coalesce(sum(unread_by_user) FILTER (WHERE conversation_type(archived, has_user_message) = 'conversations'), 0)::int)
  FROM conversations WHERE user_id = uid AND NOT blocked);
END $function$;
