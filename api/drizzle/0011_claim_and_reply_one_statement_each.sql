-- A claim and a reply are one prepared statement each (docs/decisions/0017-claim-and-reply-one-statement-each.md).
-- Generated from the schema first: claims leave conversations' indexes (so taking one is a HOT update) and an
-- agent's live claims are read from agent_claims; messages keep the sync-client unique index only where a
-- client wrote, and the admin report's staff messages by day in place of an index no statement read.
DROP INDEX "conversations_claim_idx";--> statement-breakpoint
DROP INDEX "messages_conversation_idx";--> statement-breakpoint
DROP INDEX "messages_mutation_uq";--> statement-breakpoint
CREATE INDEX "agent_claims_live_idx" ON "agent_claims" USING btree ("agent_id","expiry_date") WHERE "agent_claims"."end_date" IS NULL;--> statement-breakpoint
CREATE INDEX "messages_staff_sent_idx" ON "messages" USING btree ("date_sent") WHERE "messages"."agent_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_mutation_uq" ON "messages" USING btree ("client_id","mutation_id") WHERE "messages"."client_id" IS NOT NULL;
--> statement-breakpoint
-- Hand-written below. A claim changes only the claim columns, which no index of conversations holds: with room
-- on the page (fillfactor; pages written before keep theirs until rewritten) it writes no index entry. Before,
-- each claim added an entry to every index of conversations, the claim-order one among them, where every
-- later claim stepped over the dead ones until vacuum.
ALTER TABLE conversations SET (fillfactor = 85);
--> statement-breakpoint
-- agent_claims is a queue's history: every claim ends with an update that leaves a dead entry in the partial
-- indexes of open claims (agent_claims_open_idx, agent_claims_live_idx), which the cap count of the agent's
-- next claims steps over until vacuum removes it. Vacuum after every 2,000 ended claims, not after a fifth of
-- a table that only grows.
ALTER TABLE agent_claims SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 2000);
--> statement-breakpoint
-- profile_gallery, sync_bump_space setting its remembered value itself, member_unread_counts in PL/pgSQL,
-- staff_conversation_view, and agent_claim and agent_reply with new signatures: their bodies are in
-- api/src/db/functions/, applied after the migrations (docs/decisions/0037-sql-functions-in-their-own-files.md).
DROP FUNCTION IF EXISTS agent_claim(uuid, timestamptz, timestamptz);
--> statement-breakpoint
DROP FUNCTION IF EXISTS conversation_scope(uuid, uuid);
--> statement-breakpoint
DROP FUNCTION IF EXISTS agent_reply(uuid, boolean, boolean, uuid, message_type, text, uuid, uuid, timestamptz);
