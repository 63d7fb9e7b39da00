-- Hand-written: a member's send, and the push that carries it, as database functions
-- (docs/decisions/0015-send-in-one-call.md). Each round trip between the API and PostgreSQL costs CPU on both
-- sides; a push of one message was seven of them. Now it is the session read and one call. Every statement in
-- a PL/pgSQL function takes a fresh snapshot (READ COMMITTED) and keeps its plan for the connection's life.
--
-- Business failures raise SQLSTATE 'DM001' with the failure's code as the message; the caller turns them into
-- MutationError (api/src/db/functions.ts). 'DM002': the sync client belongs to another member.

-- One bump per member and transaction: a send or a reply bumped the space three times (the explicit lock, then the
-- message's and the conversation's triggers). Rows changed in one transaction become visible together, so they
-- may share a version; the first bump still takes the space's row lock until commit. The value lives in a
-- transaction-local setting (gone at commit or rollback, savepoints included), one key for the last member.
CREATE OR REPLACE FUNCTION sync_bump_space(uid uuid) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  bumped text := current_setting('sync.bumped', true);
  v bigint;
BEGIN
  IF bumped IS NOT NULL AND bumped <> '' AND split_part(bumped, ':', 1) = uid::text THEN
    RETURN split_part(bumped, ':', 2)::bigint;
  END IF;
  INSERT INTO sync_spaces (user_id, version) VALUES (uid, 1)
  ON CONFLICT (user_id) DO UPDATE SET version = sync_spaces.version + 1
  RETURNING version INTO v;
  PERFORM set_config('sync.bumped', uid::text || ':' || v::text, true);
  RETURN v;
END $$;
--> statement-breakpoint
-- The rules the API's statements share, each written once here (api/src/modules/... call them by name).
CREATE OR REPLACE FUNCTION member_age_verified(uid uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce((
    SELECT NOT (u.age_verification_applicable OR b.age_verification_required) OR coalesce(u.age_verification->'result' = 'true'::jsonb, false)
    FROM users u JOIN brands b ON b.id = u.brand_id WHERE u.id = uid), true)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_pays(uid uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT u.is_premium OR EXISTS (SELECT 1 FROM orders o WHERE o.user_id = u.id AND o.status = 'paid') FROM users u WHERE u.id = uid
$$;
--> statement-breakpoint
-- The one way to change a member's credits: a conditional UPDATE (two concurrent spends cannot both pass) and
-- its ledger row, so sum(ledger.delta) = users.credits. NULL, and nothing changed, when the balance would go
-- below 0 or the member does not exist.
CREATE OR REPLACE FUNCTION credit_change(uid uuid, delta int, reason credit_reason, message_id uuid, transaction_id uuid, note text, at timestamptz)
RETURNS int LANGUAGE plpgsql AS $$
DECLARE balance int;
BEGIN
  UPDATE users SET credits = credits + delta WHERE id = uid AND credits + delta >= 0 RETURNING credits INTO balance;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  INSERT INTO credit_ledger (user_id, delta, reason, balance_after, message_id, transaction_id, note, create_date)
  VALUES (uid, delta, reason, balance, message_id, transaction_id, note, coalesce(at, now()));
  RETURN balance;
END $$;
--> statement-breakpoint
-- A member's message (SPEC §5): the age gate, the conversation (by id, or with the profile, created on the first
-- send), the attachment's owner, one credit, the message, the conversation into the agents' message stock.
-- Lock order, as in every write: the member's sync space, users, conversations.
CREATE OR REPLACE FUNCTION send_member_message(
  uid uuid, p_conversation uuid, p_profile uuid, p_message_id uuid, p_type message_type, p_message text,
  p_attachment uuid, p_client_id text, p_mutation_id int, p_cost int, p_now timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
-- The push's first step for one mutation: the client's row, created bound to the member on first use and locked
-- until commit. 'next' when this id is the one to apply; 'future' when the client must resend from last + 1;
-- 'recorded' (the first outcome) or 'pruned' (the prune job removed it) for an id already applied.
CREATE OR REPLACE FUNCTION sync_push_begin(p_client_id text, uid uuid, p_mutation_id int, p_now timestamptz)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  owner_id uuid;
  last_id int;
  rec sync_mutations;
BEGIN
  INSERT INTO sync_clients (client_id, user_id, last_seen_date) VALUES (p_client_id, uid, p_now)
  ON CONFLICT (client_id) DO UPDATE SET client_id = excluded.client_id
  RETURNING user_id, last_mutation_id INTO owner_id, last_id;
  IF owner_id <> uid THEN
    RAISE EXCEPTION 'forbidden' USING ERRCODE = 'DM002';
  END IF;
  IF p_mutation_id > last_id + 1 THEN
    RETURN jsonb_build_object('kind', 'future', 'last', last_id);
  END IF;
  IF p_mutation_id > last_id THEN
    RETURN jsonb_build_object('kind', 'next', 'last', last_id);
  END IF;
  SELECT * INTO rec FROM sync_mutations WHERE client_id = p_client_id AND mutation_id = p_mutation_id;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('kind', 'pruned', 'last', last_id);
  END IF;
  RETURN jsonb_build_object('kind', 'recorded', 'last', last_id, 'result', rec.result, 'error', rec.error);
END $$;
--> statement-breakpoint
-- The outcome and the counter, with the member's poke (delivered at commit, never on rollback) when given.
CREATE OR REPLACE FUNCTION sync_push_record(p_client_id text, p_mutation_id int, p_name text, p_result jsonb, p_error jsonb, p_now timestamptz, p_channel text, p_payload text)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sync_mutations (client_id, mutation_id, name, result, error, create_date)
  VALUES (p_client_id, p_mutation_id, left(p_name, 64), p_result, p_error, p_now);
  UPDATE sync_clients SET last_mutation_id = p_mutation_id, last_seen_date = p_now WHERE client_id = p_client_id;
  IF p_channel IS NOT NULL THEN
    PERFORM pg_notify(p_channel, p_payload);
  END IF;
END $$;
--> statement-breakpoint
-- A pushed sendMessage, whole: begin, send, record. A business failure raises, which undoes everything; the
-- caller then records the failure in a transaction of its own (api/src/modules/sync/push.ts). After the push's
-- own arguments come send_member_message's, in its order (the client and mutation ids are the message's origin).
CREATE OR REPLACE FUNCTION sync_push_send(
  p_name text, p_channel text, p_payload text,
  uid uuid, p_conversation uuid, p_profile uuid, p_message_id uuid, p_type message_type, p_message text,
  p_attachment uuid, p_client_id text, p_mutation_id int, p_cost int, p_now timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  step jsonb;
  sent jsonb;
  result jsonb;
BEGIN
  step := sync_push_begin(p_client_id, uid, p_mutation_id, p_now);
  IF step->>'kind' <> 'next' THEN
    RETURN step;
  END IF;
  sent := send_member_message(uid, p_conversation, p_profile, p_message_id, p_type, p_message, p_attachment, p_client_id, p_mutation_id, p_cost, p_now);
  result := jsonb_build_object('conversationId', sent->'conversation'->'id', 'messageId', sent->'message'->'id', 'credits', sent->'credits');
  PERFORM sync_push_record(p_client_id, p_mutation_id, p_name, result, NULL, p_now, p_channel, p_payload);
  RETURN jsonb_build_object('kind', 'done', 'last', p_mutation_id, 'result', result);
END $$;
