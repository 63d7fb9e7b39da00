-- API processes keep the sessions they read for a few seconds (docs/decisions/0016-session-cache.md). Every change
-- that ends or narrows a session is announced here, whoever makes it, so each process drops its copy at the
-- change's commit (a NOTIFY is delivered at commit, never on rollback). The triggers that call it, on
-- auth_sessions, users and agents, are in api/drizzle/0010_session_cache.sql.
CREATE OR REPLACE FUNCTION public.auth_session_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_TABLE_NAME = 'auth_sessions' THEN
    PERFORM pg_notify('auth_sessions', OLD.id::text);
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('auth_sessions', 'user:' || OLD.id::text);
  ELSE
    PERFORM pg_notify('auth_sessions', 'agent:' || OLD.id::text);
  END IF;
  RETURN NULL;
END $function$;
