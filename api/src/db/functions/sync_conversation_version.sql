-- A conversation's member-visible change stamped with the member's next sync version; a deleted one leaves a
-- tombstone for the pull (docs/decisions/0008-sync-engine.md). Its triggers, and the columns that fire the update
-- one, are in api/drizzle/0002_sync_versions.sql and 0022_block_report_and_account_deletion.sql.
CREATE OR REPLACE FUNCTION public.sync_conversation_version()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO sync_tombstones (user_id, kind, entity_id, conversation_id, version)
    VALUES (OLD.user_id, 'conversation', OLD.id, OLD.id, sync_bump_space(OLD.user_id));
    RETURN OLD;
  END IF;
  NEW.version := sync_bump_space(NEW.user_id);
  RETURN NEW;
END $function$;
