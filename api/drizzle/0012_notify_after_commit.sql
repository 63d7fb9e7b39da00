-- Writes no longer NOTIFY (api/src/db/client.ts NOTIFY_BATCH, docs/decisions/0018-notify-after-commit.md):
-- NOTIFY takes one lock for the whole cluster at commit and holds it until the commit is flushed, which made
-- every reply and every pushed send wait for all the others' flushes in turn. The API sends their events once
-- they committed; the functions answer what the events need. agent_reply, sync_push_record and sync_push_send
-- (dropped since) come back with new signatures from api/src/db/functions/
-- (docs/decisions/0037-sql-functions-in-their-own-files.md).
DROP FUNCTION IF EXISTS agent_reply(uuid, boolean, boolean, uuid, message_type, text, uuid, uuid, timestamptz, text, text, text, boolean);
--> statement-breakpoint
DROP FUNCTION IF EXISTS sync_push_send(text, text, text, uuid, uuid, uuid, uuid, message_type, text, uuid, text, int, int, timestamptz);
--> statement-breakpoint
DROP FUNCTION IF EXISTS sync_push_record(text, int, text, jsonb, jsonb, timestamptz, text, text);
