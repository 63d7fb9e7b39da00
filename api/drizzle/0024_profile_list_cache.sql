-- Hand-written: API processes keep the member list's shared pages and each member's overlay for a few seconds
-- (docs/decisions/0042-shared-profile-list-pages.md). Every change a cached page or overlay depends on is announced
-- here, whoever makes it, so each process drops its copy at the change's commit (a NOTIFY is delivered at commit,
-- never on rollback). The bodies are in api/src/db/functions/profile_list_changed.sql and
-- profile_list_viewer_changed.sql, applied after the migrations (docs/decisions/0037-sql-functions-in-their-own-files.md).
CREATE FUNCTION profile_list_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'profile_list_changed: the body is applied from api/src/db/functions/profile_list_changed.sql';
END $$;
--> statement-breakpoint
CREATE FUNCTION profile_list_viewer_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'profile_list_viewer_changed: the body is applied from api/src/db/functions/profile_list_viewer_changed.sql';
END $$;
--> statement-breakpoint
-- Listed profiles and their photos: once per statement (a bulk import announces each brand once). A transition
-- table belongs to a trigger of one event, hence one trigger per event.
CREATE TRIGGER profiles_list_inserted AFTER INSERT ON profiles REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION profile_list_changed();
--> statement-breakpoint
CREATE TRIGGER profiles_list_updated AFTER UPDATE ON profiles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION profile_list_changed();
--> statement-breakpoint
CREATE TRIGGER profiles_list_deleted AFTER DELETE ON profiles REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION profile_list_changed();
--> statement-breakpoint
CREATE TRIGGER images_list_inserted AFTER INSERT ON images REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION profile_list_changed();
--> statement-breakpoint
CREATE TRIGGER images_list_updated AFTER UPDATE ON images REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION profile_list_changed();
--> statement-breakpoint
CREATE TRIGGER images_list_deleted AFTER DELETE ON images REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION profile_list_changed();
--> statement-breakpoint
-- What a member's overlay holds: whom they look for, premium (flag or subscription), brand, favourites, blocks.
CREATE TRIGGER users_list_viewer_changed AFTER UPDATE ON users FOR EACH ROW
WHEN (OLD.looking_for IS DISTINCT FROM NEW.looking_for OR OLD.is_premium IS DISTINCT FROM NEW.is_premium OR OLD.brand_id IS DISTINCT FROM NEW.brand_id)
EXECUTE FUNCTION profile_list_viewer_changed();
--> statement-breakpoint
CREATE TRIGGER subscriptions_list_viewer_changed AFTER INSERT OR UPDATE OR DELETE ON subscriptions FOR EACH ROW
EXECUTE FUNCTION profile_list_viewer_changed();
--> statement-breakpoint
CREATE TRIGGER favourites_list_viewer_changed AFTER INSERT OR UPDATE OR DELETE ON favourites FOR EACH ROW
EXECUTE FUNCTION profile_list_viewer_changed();
--> statement-breakpoint
CREATE TRIGGER profile_blocks_list_viewer_changed AFTER INSERT OR UPDATE OR DELETE ON profile_blocks FOR EACH ROW
EXECUTE FUNCTION profile_list_viewer_changed();
