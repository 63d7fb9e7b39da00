-- A message's member-visible change stamped with its member's next sync version; a deleted one leaves a tombstone
-- unless its conversation went with it (docs/decisions/0008-sync-engine.md). Its triggers are in
-- api/drizzle/0002_sync_versions.sql.
CREATE OR REPLACE FUNCTION public.sync_message_version()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE uid uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT user_id INTO uid FROM conversations WHERE id = OLD.conversation_id;
    -- Gone with its conversation: the conversation's tombstone covers it.
    IF uid IS NOT NULL THEN
      INSERT INTO sync_tombstones (user_id, kind, entity_id, conversation_id, version)
      VALUES (uid, 'message', OLD.id, OLD.conversation_id, sync_bump_space(uid));
    END IF;
    RETURN OLD;
  END IF;
  SELECT user_id INTO uid FROM conversations WHERE id = NEW.conversation_id;
  IF uid IS NOT NULL THEN
    NEW.version := sync_bump_space(uid);
  END IF;
  RETURN NEW;
END $function$;
