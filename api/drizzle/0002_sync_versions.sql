CREATE TABLE "sync_spaces" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_tombstones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"version" bigint NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "sync_tombstones_user_version_idx" ON "sync_tombstones" USING btree ("user_id","version");--> statement-breakpoint
CREATE INDEX "conversations_user_version_idx" ON "conversations" USING btree ("user_id","version");--> statement-breakpoint
CREATE INDEX "messages_conversation_seq_idx" ON "messages" USING btree ("conversation_id","seq");--> statement-breakpoint
CREATE INDEX "messages_conversation_version_idx" ON "messages" USING btree ("conversation_id","version");--> statement-breakpoint
-- Hand-written below: the per-member version counter behind the pull cursor (docs/decisions/0008-sync-engine.md).
-- Every member-visible change bumps the member's sync space row and stamps the changed row with the new value.
-- The bump takes the space's row lock until commit, so one member's versions commit in order and a pull that
-- reads the space version and the rows in one snapshot never skips a change.
CREATE OR REPLACE FUNCTION sync_bump_space(uid uuid) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE v bigint;
BEGIN
  INSERT INTO sync_spaces (user_id, version) VALUES (uid, 1)
  ON CONFLICT (user_id) DO UPDATE SET version = sync_spaces.version + 1
  RETURNING version INTO v;
  RETURN v;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sync_conversation_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO sync_tombstones (user_id, kind, entity_id, conversation_id, version)
    VALUES (OLD.user_id, 'conversation', OLD.id, OLD.id, sync_bump_space(OLD.user_id));
    RETURN OLD;
  END IF;
  NEW.version := sync_bump_space(NEW.user_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sync_message_version() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
CREATE TRIGGER conversations_sync_insert BEFORE INSERT ON conversations
FOR EACH ROW EXECUTE FUNCTION sync_conversation_version();
--> statement-breakpoint
-- Claim and stock columns (the agents' side) do not concern the member's mirror.
CREATE TRIGGER conversations_sync_update BEFORE UPDATE ON conversations
FOR EACH ROW WHEN (
  OLD.archived IS DISTINCT FROM NEW.archived
  OR OLD.has_user_message IS DISTINCT FROM NEW.has_user_message
  OR OLD.last_message_date IS DISTINCT FROM NEW.last_message_date
  OR OLD.unread_by_user IS DISTINCT FROM NEW.unread_by_user
  OR OLD.profile_id IS DISTINCT FROM NEW.profile_id
  OR OLD.user_id IS DISTINCT FROM NEW.user_id
) EXECUTE FUNCTION sync_conversation_version();
--> statement-breakpoint
CREATE TRIGGER conversations_sync_delete AFTER DELETE ON conversations
FOR EACH ROW EXECUTE FUNCTION sync_conversation_version();
--> statement-breakpoint
CREATE TRIGGER messages_sync_insert BEFORE INSERT ON messages
FOR EACH ROW EXECUTE FUNCTION sync_message_version();
--> statement-breakpoint
CREATE TRIGGER messages_sync_update BEFORE UPDATE ON messages
FOR EACH ROW WHEN (
  OLD.is_read IS DISTINCT FROM NEW.is_read
  OR OLD.message IS DISTINCT FROM NEW.message
  OR OLD.attachment_id IS DISTINCT FROM NEW.attachment_id
) EXECUTE FUNCTION sync_message_version();
--> statement-breakpoint
CREATE TRIGGER messages_sync_delete AFTER DELETE ON messages
FOR EACH ROW EXECUTE FUNCTION sync_message_version();
