CREATE INDEX "messages_conversation_date_idx" ON "messages" USING btree ("conversation_id","date_sent","id");--> statement-breakpoint
-- Hand-written: a push's batch in one call and one transaction
-- (docs/decisions/0026-batched-push-and-windowed-pull.md): sync_push_batch, sync_push_client, sync_push_recorded
-- and sync_push_begin answering a replay's first outcome. Their bodies are in api/src/db/functions/, applied
-- after the migrations (docs/decisions/0037-sql-functions-in-their-own-files.md).
-- The push no longer sends one mutation per call (api/src/modules/sync/push.ts).
DROP FUNCTION IF EXISTS sync_push_send(text, uuid, uuid, uuid, uuid, message_type, text, uuid, text, int, int, timestamptz);
