CREATE TYPE "public"."report_outcome" AS ENUM('dismissed', 'warned', 'profile-deactivated');--> statement-breakpoint
CREATE TYPE "public"."report_reason" AS ENUM('fake-profile', 'harassment', 'inappropriate-photos', 'spam-or-scam', 'underage', 'other');--> statement-breakpoint
CREATE TYPE "public"."report_status" AS ENUM('open', 'resolved');--> statement-breakpoint
CREATE TABLE "profile_blocks" (
	"user_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_user_id" uuid,
	"profile_id" uuid NOT NULL,
	"reason" "report_reason" NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"status" "report_status" DEFAULT 'open' NOT NULL,
	"outcome" "report_outcome",
	"note" text,
	"resolved_by_agent_id" uuid,
	"resolve_date" timestamp with time zone,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deletion_request_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deletion_due_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "blocked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profile_blocks" ADD CONSTRAINT "profile_blocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_blocks" ADD CONSTRAINT "profile_blocks_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_reports" ADD CONSTRAINT "profile_reports_reporter_user_id_users_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_reports" ADD CONSTRAINT "profile_reports_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_reports" ADD CONSTRAINT "profile_reports_resolved_by_agent_id_agents_id_fk" FOREIGN KEY ("resolved_by_agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "profile_blocks_pair_uq" ON "profile_blocks" USING btree ("user_id","profile_id");--> statement-breakpoint
CREATE INDEX "profile_blocks_profile_idx" ON "profile_blocks" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "profile_reports_status_idx" ON "profile_reports" USING btree ("status","create_date");--> statement-breakpoint
CREATE INDEX "profile_reports_reporter_idx" ON "profile_reports" USING btree ("reporter_user_id") WHERE "profile_reports"."reporter_user_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_deletion_due_idx" ON "users" USING btree ("deletion_due_date") WHERE "users"."deletion_due_date" IS NOT NULL AND "users"."deleted_date" IS NULL;--> statement-breakpoint
-- Hand-written below (docs/decisions/0034-block-report-and-account-deletion.md).
-- A block hides the conversation from the member's devices: the pull turns a blocked conversation into a delete,
-- so flipping the flag must bump the member's sync version like the other member-visible columns.
DROP TRIGGER conversations_sync_update ON conversations;
--> statement-breakpoint
CREATE TRIGGER conversations_sync_update BEFORE UPDATE ON conversations
FOR EACH ROW WHEN (
  OLD.archived IS DISTINCT FROM NEW.archived
  OR OLD.blocked IS DISTINCT FROM NEW.blocked
  OR OLD.has_user_message IS DISTINCT FROM NEW.has_user_message
  OR OLD.last_message_date IS DISTINCT FROM NEW.last_message_date
  OR OLD.unread_by_user IS DISTINCT FROM NEW.unread_by_user
  OR OLD.profile_id IS DISTINCT FROM NEW.profile_id
  OR OLD.user_id IS DISTINCT FROM NEW.user_id
) EXECUTE FUNCTION sync_conversation_version();
--> statement-breakpoint
-- Every way a member writes (the REST send, the batched push, a conversation started from 'blank') inserts the
-- message here, so this is the one place that refuses writing to a profile the member blocked. DM001 is a
-- business failure: the push records it against the mutation, the REST routes answer 403 profile-blocked.
-- Its body is in api/src/db/functions/refuse_message_to_blocked.sql, applied after the migrations
-- (docs/decisions/0037-sql-functions-in-their-own-files.md); the trigger below needs it to exist.
CREATE FUNCTION refuse_message_to_blocked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'refuse_message_to_blocked: the body is applied from api/src/db/functions/refuse_message_to_blocked.sql';
END $$;
--> statement-breakpoint
CREATE TRIGGER messages_refuse_blocked BEFORE INSERT ON messages
FOR EACH ROW WHEN (NEW.sender_type = 'user') EXECUTE FUNCTION refuse_message_to_blocked();
-- A blocked conversation counts nowhere (member_unread_counts, api/src/db/functions/member_unread_counts.sql).
