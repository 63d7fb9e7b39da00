CREATE TYPE "public"."claim_outcome" AS ENUM('replied', 'expired', 'released');--> statement-breakpoint
CREATE TABLE "agent_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"stock" "stock" NOT NULL,
	"claim_date" timestamp with time zone NOT NULL,
	"expiry_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone,
	"outcome" "claim_outcome"
);
--> statement-breakpoint
ALTER TABLE "meet_ups" ADD COLUMN "stocked_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agent_claims" ADD CONSTRAINT "agent_claims_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_claims" ADD CONSTRAINT "agent_claims_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_claims_agent_idx" ON "agent_claims" USING btree ("agent_id","claim_date");--> statement-breakpoint
CREATE INDEX "agent_claims_open_idx" ON "agent_claims" USING btree ("conversation_id") WHERE "agent_claims"."end_date" IS NULL;