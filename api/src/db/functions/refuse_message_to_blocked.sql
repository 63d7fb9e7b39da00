-- Every way a member writes (the REST send, the batched push, a conversation started from 'blank') inserts the
-- message into messages, whose trigger messages_refuse_blocked (api/drizzle/0022_block_report_and_account_deletion.sql)
-- calls this: the one place that refuses writing to a profile the member blocked. DM001 is a business failure:
-- the push records it against the mutation, the REST routes answer 403 profile-blocked.
CREATE OR REPLACE FUNCTION public.refuse_message_to_blocked()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF EXISTS (
    SELECT 1 FROM conversations c JOIN profile_blocks b ON b.user_id = c.user_id AND b.profile_id = c.profile_id
    WHERE c.id = NEW.conversation_id
  ) THEN
    RAISE EXCEPTION 'profile-blocked' USING ERRCODE = 'DM001';
  END IF;
  RETURN NEW;
END $function$;
