-- Hand-written (docs/decisions/0017-claim-and-reply-one-statement-each.md): a reply is one statement, its own
-- transaction, with the member's live events queued inside it. Before, the reply was BEGIN, agent_reply, the
-- profile summary, the NOTIFY and COMMIT: five round trips, three of them statements parsed and planned anew.

-- The member's unread counts per list, as 0009's, in PL/pgSQL: a SQL function that cannot be inlined (it
-- aggregates) is planned again each time a statement calls it; PL/pgSQL keeps the plan for the connection.
CREATE OR REPLACE FUNCTION member_unread_counts(uid uuid) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT jsonb_build_object(
    'total', coalesce(sum(unread_by_user), 0)::int,
    'inbox', coalesce(sum(unread_by_user) FILTER (WHERE NOT archived AND NOT has_user_message), 0)::int,
    'archive', coalesce(sum(unread_by_user) FILTER (WHERE archived), 0)::int,
    'conversation', coalesce(sum(unread_by_user) FILTER (WHERE NOT archived AND has_user_message), 0)::int)
  FROM conversations WHERE user_id = uid);
END $$;
--> statement-breakpoint
DROP FUNCTION IF EXISTS agent_reply(uuid, boolean, boolean, uuid, message_type, text, uuid, uuid, timestamptz);
--> statement-breakpoint
-- A reply as the fictive profile (or as admin), with the rules of 0009's: only the agent holding the live claim
-- may reply (an admin always may), else 'claim-required'; 'new-messages' when the member wrote after the newest
-- message the agent loaded; the message, the conversation out of its stock with the claim released, the claim
-- history. Lock order as every write: the member's sync space, then the conversation.
--
-- It answers the message, the conversation and the profile's summary (id, username, first gallery image), and
-- notifies p_channel with the same rows for the member's live events (p_build names their formatter in the
-- realtime hub, api/src/realtime/hub.ts): the text as the member may read it (p_member_text, masked and cut
-- by the API, p_member_text_partial when cut) and the member's unread counts. The NOTIFY leaves at commit,
-- never on a rollback; the process that holds the member's sockets formats the events.
CREATE FUNCTION agent_reply(
  p_agent uuid, p_is_admin boolean, p_as_admin boolean, p_conversation uuid, p_type message_type, p_message text,
  p_attachment uuid, p_last_message uuid, p_now timestamptz, p_channel text, p_build text, p_member_text text,
  p_member_text_partial boolean
) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  conv conversations;
  msg messages;
  loaded bigint := 0;
  profile json;
BEGIN
  PERFORM sync_bump_space(c.user_id) FROM conversations c WHERE c.id = p_conversation;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'not-found' USING ERRCODE = 'DM001';
  END IF;
  SELECT * INTO conv FROM conversations WHERE id = p_conversation FOR UPDATE;
  IF NOT p_is_admin AND NOT (conv.claim_agent_id IS NOT DISTINCT FROM p_agent AND conv.claim_expiry_date > p_now) THEN
    RAISE EXCEPTION 'claim-required' USING ERRCODE = 'DM001';
  END IF;
  IF p_last_message IS NOT NULL THEN
    SELECT seq INTO loaded FROM messages WHERE id = p_last_message AND conversation_id = p_conversation;
    loaded := coalesce(loaded, 0);
  END IF;
  PERFORM 1 FROM messages WHERE conversation_id = p_conversation AND sender_type = 'user' AND seq > loaded LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'new-messages' USING ERRCODE = 'DM001';
  END IF;
  IF p_attachment IS NOT NULL THEN
    PERFORM 1 FROM images WHERE id = p_attachment AND profile_id = conv.profile_id;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'attachment-not-found' USING ERRCODE = 'DM001';
    END IF;
  END IF;
  INSERT INTO messages (conversation_id, sender_type, agent_id, message_type, message, attachment_id, date_sent)
  VALUES (p_conversation, CASE WHEN p_as_admin THEN 'admin' ELSE 'profile' END::sender_type, p_agent, p_type, p_message, p_attachment, p_now)
  RETURNING * INTO msg;
  UPDATE conversations SET unread_by_user = unread_by_user + 1, last_message_date = p_now, last_profile_message_date = p_now,
    update_date = p_now, stock = NULL, stock_date = NULL, last_agent_id = p_agent, claim_agent_id = NULL, claim_date = NULL,
    claim_expiry_date = NULL
  WHERE id = p_conversation RETURNING * INTO conv;
  UPDATE agent_claims SET end_date = p_now, outcome = CASE WHEN agent_id = p_agent THEN 'replied' ELSE 'released' END::claim_outcome
  WHERE conversation_id = p_conversation AND end_date IS NULL;
  SELECT json_build_object('id', p.id, 'username', p.username, 'first', (SELECT row_to_json(g) FROM profile_gallery(p.id) g LIMIT 1))
  INTO profile FROM profiles p WHERE p.id = conv.profile_id;
  -- Only what the events show, so the payload stays far below NOTIFY's 8000 bytes (the API bounds the text).
  PERFORM pg_notify(p_channel, json_build_object('build', p_build, 'data', json_build_object(
    'message', to_jsonb(msg) - 'message',
    'memberText', p_member_text,
    'partial', p_member_text_partial,
    'conversation', json_build_object('id', conv.id, 'user_id', conv.user_id, 'profile_id', conv.profile_id, 'archived', conv.archived,
      'has_user_message', conv.has_user_message, 'unread_by_user', conv.unread_by_user),
    'profile', profile,
    'unread', member_unread_counts(conv.user_id)))::text);
  RETURN json_build_object('message', row_to_json(msg), 'conversation', row_to_json(conv), 'profile', profile);
END $$;
