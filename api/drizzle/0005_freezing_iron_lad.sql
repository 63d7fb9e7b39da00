ALTER TABLE "subscriptions" ADD COLUMN "end_reason" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "action_url" text;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_cards_live_token_uq" ON "saved_cards" USING btree ("user_id","provider_token") WHERE "saved_cards"."delete_date" is null;