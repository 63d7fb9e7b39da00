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
-- The functions' bodies live in api/src/db/functions/ (sync_bump_space.sql, sync_conversation_version.sql,
-- sync_message_version.sql), applied after the migrations (docs/decisions/0037-sql-functions-in-their-own-files.md);
-- the triggers below need the trigger functions to exist, so they are declared here with a body that only refuses.
CREATE FUNCTION sync_conversation_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'sync_conversation_version: the body is applied from api/src/db/functions/sync_conversation_version.sql';
END $$;
--> statement-breakpoint
CREATE FUNCTION sync_message_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'sync_message_version: the body is applied from api/src/db/functions/sync_message_version.sql';
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
