-- Hand-written: API processes keep the sessions they read for a few seconds (docs/decisions/0016-session-cache.md).
-- Every change that ends or narrows a session is announced here, whoever makes it, so each process drops its copy
-- at the change's commit (a NOTIFY is delivered at commit, never on rollback).
-- Its body is in api/src/db/functions/auth_session_changed.sql, applied after the migrations (docs/decisions/0037-sql-functions-in-their-own-files.md); the
-- triggers below need it to exist.
CREATE FUNCTION auth_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'auth_session_changed: the body is applied from api/src/db/functions/auth_session_changed.sql';
END $$;
--> statement-breakpoint
-- Refresh (expiry), logout and take-over (revoked); the lastSeenDate touch is not a change that matters.
CREATE TRIGGER auth_sessions_changed AFTER UPDATE ON auth_sessions FOR EACH ROW
WHEN (OLD.revoked_date IS DISTINCT FROM NEW.revoked_date OR OLD.expiry_date IS DISTINCT FROM NEW.expiry_date)
EXECUTE FUNCTION auth_session_changed();
--> statement-breakpoint
CREATE TRIGGER auth_sessions_deleted AFTER DELETE ON auth_sessions FOR EACH ROW EXECUTE FUNCTION auth_session_changed();
--> statement-breakpoint
CREATE TRIGGER users_session_changed AFTER UPDATE ON users FOR EACH ROW
WHEN (OLD.blocked IS DISTINCT FROM NEW.blocked)
EXECUTE FUNCTION auth_session_changed();
--> statement-breakpoint
CREATE TRIGGER users_session_deleted AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION auth_session_changed();
--> statement-breakpoint
CREATE TRIGGER agents_session_changed AFTER UPDATE ON agents FOR EACH ROW
WHEN (OLD.role IS DISTINCT FROM NEW.role)
EXECUTE FUNCTION auth_session_changed();
--> statement-breakpoint
CREATE TRIGGER agents_session_deleted AFTER DELETE ON agents FOR EACH ROW EXECUTE FUNCTION auth_session_changed();
