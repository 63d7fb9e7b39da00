CREATE TABLE "snippets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "snippets" ADD CONSTRAINT "snippets_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "snippets_agent_idx" ON "snippets" USING btree ("agent_id");
--> statement-breakpoint
CREATE INDEX "snippets_shared_idx" ON "snippets" USING btree ("title") WHERE "snippets"."agent_id" IS NULL;
-- staff_conversation_view answers what an agent needs to reply in character (issue 16, persona panel): its body
-- is in api/src/db/functions/staff_conversation_view.sql (docs/decisions/0037-sql-functions-in-their-own-files.md).
