-- A member's message (SPEC §5, docs/decisions/0015-send-in-one-call.md): the age gate, the conversation (by id, or
-- with the profile, created on the first send), the attachment's owner, one credit, the message, the conversation
-- into the agents' message stock. Business failures raise SQLSTATE 'DM001' with the failure's code as the message
-- (api/src/db/raised.ts). Lock order, as in every write: the member's sync space, users, conversations.
CREATE OR REPLACE FUNCTION public.send_member_message(uid uuid, p_conversation uuid, p_profile uuid, p_message_id uuid, p_type message_type, p_message text, p_attachment uuid, p_client_id text, p_mutation_id integer, p_cost integer, p_now timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  conv_id uuid;
  brand uuid;
  created boolean := false;
  balance int;
  msg messages;
  conv conversations;
BEGIN
  PERFORM sync_bump_space(uid);
  IF NOT member_age_verified(uid) THEN
    RAISE EXCEPTION 'age-verification-required' USING ERRCODE = 'DM001';
  END IF;
  IF p_conversation IS NOT NULL THEN
    SELECT id INTO conv_id FROM conversations WHERE id = p_conversation AND user_id = uid;
    IF conv_id IS NULL THEN
      RAISE EXCEPTION 'conversation-not-found' USING ERRCODE = 'DM001';
    END IF;
  ELSE
    SELECT p.brand_id INTO brand FROM profiles p JOIN users u ON u.id = uid
    WHERE p.id = p_profile AND p.kind = 'fictive' AND p.active AND p.brand_id = u.brand_id;
    IF brand IS NULL THEN
      RAISE EXCEPTION 'profile-not-found' USING ERRCODE = 'DM001';
    END IF;
    SELECT id INTO conv_id FROM conversations WHERE user_id = uid AND profile_id = p_profile;
    IF conv_id IS NULL THEN
      INSERT INTO conversations (brand_id, user_id, profile_id, create_date, update_date)
      VALUES (brand, uid, p_profile, p_now, p_now) ON CONFLICT DO NOTHING RETURNING id INTO conv_id;
      created := conv_id IS NOT NULL;
      -- Another device of the member created it meanwhile: this statement's fresh snapshot sees it.
      IF conv_id IS NULL THEN
        SELECT id INTO conv_id FROM conversations WHERE user_id = uid AND profile_id = p_profile;
      END IF;
      IF conv_id IS NULL THEN
        RAISE EXCEPTION 'conversation-not-found' USING ERRCODE = 'DM001';
      END IF;
    END IF;
  END IF;
  IF p_attachment IS NOT NULL THEN
    PERFORM 1 FROM images i JOIN profiles p ON p.id = i.profile_id WHERE i.id = p_attachment AND p.user_id = uid;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'attachment-not-found' USING ERRCODE = 'DM001';
    END IF;
  END IF;
  balance := credit_change(uid, -p_cost, 'message', p_message_id, NULL, NULL, p_now);
  IF balance IS NULL THEN
    PERFORM 1 FROM users WHERE id = uid;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'send_member_message: no user %', uid;
    END IF;
    RAISE EXCEPTION 'no-credits' USING ERRCODE = 'DM001';
  END IF;
  -- The member's own messages are read by definition; is_read tracks what the member has not seen.
  INSERT INTO messages (id, conversation_id, sender_type, message_type, message, attachment_id, is_read, client_id, mutation_id, date_sent)
  VALUES (p_message_id, conv_id, 'user', p_type, p_message, p_attachment, true, p_client_id, p_mutation_id, p_now)
  ON CONFLICT DO NOTHING RETURNING * INTO msg;
  IF msg.id IS NULL THEN
    RAISE EXCEPTION 'duplicate-message' USING ERRCODE = 'DM001';
  END IF;
  -- The agents' message stock (issue D): a member's message waits there for a reply, oldest first.
  UPDATE conversations SET has_user_message = true, last_message_date = p_now, last_user_message_date = p_now, update_date = p_now,
    stock_date = CASE WHEN stock = 'message' AND stock_date IS NOT NULL THEN stock_date ELSE p_now END,
    stock = 'message', stock_paying = member_pays(uid)
  WHERE id = conv_id RETURNING * INTO conv;
  RETURN jsonb_build_object('credits', balance, 'created', created, 'message', row_to_json(msg), 'conversation', row_to_json(conv));
END $function$;
