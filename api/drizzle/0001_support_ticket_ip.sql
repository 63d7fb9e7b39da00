ALTER TABLE "support_tickets" ADD COLUMN "ip" text;--> statement-breakpoint
CREATE INDEX "support_tickets_ip_idx" ON "support_tickets" USING btree ("ip","create_date");