-- A reply as the fictive profile (or as admin): only the agent holding the live claim may reply (an admin always
-- may), else 'claim-required'; 'new-messages' when the member wrote after the newest message the agent loaded
-- (none loaded, or not of this conversation: any); both raise SQLSTATE 'DM001' with the code as the message. The
-- message, the conversation out of its stock with the claim released, and the claim history (the replier's claim
-- ends as replied, the holder's as released, found by (agent_id, conversation_id) as in agent_claim).
-- Lock order as every write: the member's sync space, then the conversation. It answers the message, the
-- conversation, the profile's summary (id, username, first gallery image) and the member's unread counts: the
-- agent's answer and the member's live events, which the API sends once this committed
-- (api/src/modules/messaging/reply-events.ts, docs/decisions/0018-notify-after-commit.md).
CREATE OR REPLACE FUNCTION public.agent_reply(p_agent uuid, p_is_admin boolean, p_as_admin boolean, p_conversation uuid, p_type message_type, p_message text, p_attachment uuid, p_last_message uuid, p_now timestamp with time zone)
 RETURNS json
 LANGUAGE plpgsql
AS $function$
DECLARE
  conv conversations;
  msg messages;
BEGIN
  PERFORM sync_bump_space(c.user_id) FROM conversations c WHERE c.id = p_conversation;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'not-found' USING ERRCODE = 'DM001';
  END IF;
  SELECT * INTO conv FROM conversations WHERE id = p_conversation FOR UPDATE;
  IF NOT p_is_admin AND NOT claim_held_by(conv.claim_agent_id, conv.claim_expiry_date, p_agent, p_now) THEN
    RAISE EXCEPTION 'claim-required' USING ERRCODE = 'DM001';
  END IF;
  -- A member message newer than the one the agent loaded (none loaded, or not of this conversation: any).
  PERFORM 1 FROM messages
  WHERE conversation_id = p_conversation AND sender_type = 'user'
    AND seq > coalesce((SELECT l.seq FROM messages l WHERE l.id = p_last_message AND l.conversation_id = p_conversation), 0)
  LIMIT 1;
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
  WITH replied AS (
    UPDATE conversations SET unread_by_user = unread_by_user + 1, last_message_date = p_now, last_profile_message_date = p_now,
      update_date = p_now, stock = NULL, stock_date = NULL, last_agent_id = p_agent, claim_agent_id = NULL, claim_date = NULL,
      claim_expiry_date = NULL
    WHERE id = p_conversation RETURNING *
  ), history AS (
    UPDATE agent_claims SET end_date = p_now, outcome = CASE WHEN agent_id = p_agent THEN 'replied' ELSE 'released' END::claim_outcome
    WHERE agent_id = conv.claim_agent_id AND conversation_id = p_conversation AND end_date IS NULL
  )
  SELECT * INTO conv FROM replied;
  RETURN json_build_object('message', row_to_json(msg), 'conversation', row_to_json(conv),
    'profile', (SELECT json_build_object('id', p.id, 'username', p.username, 'first', (SELECT row_to_json(g) FROM profile_gallery(p.id) g LIMIT 1))
                FROM profiles p WHERE p.id = conv.profile_id),
    'unread', member_unread_counts(conv.user_id));
END $function$;
