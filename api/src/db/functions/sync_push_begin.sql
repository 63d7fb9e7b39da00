-- One mutation's first step (archive, restore, mark read: api/src/modules/sync/push.ts): 'next' when this id is
-- the one to apply; 'future' when the client must resend from last + 1; 'recorded' with sync_push_recorded's
-- answer for an id already applied.
CREATE OR REPLACE FUNCTION public.sync_push_begin(p_client_id text, uid uuid, p_mutation_id integer, p_now timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  last_id int;
BEGIN
  last_id := sync_push_client(p_client_id, uid, p_now);
  IF p_mutation_id > last_id + 1 THEN
    RETURN jsonb_build_object('kind', 'future', 'last', last_id);
  END IF;
  IF p_mutation_id > last_id THEN
    RETURN jsonb_build_object('kind', 'next', 'last', last_id);
  END IF;
  RETURN jsonb_build_object('kind', 'recorded', 'last', last_id, 'answer', sync_push_recorded(p_client_id, p_mutation_id));
END $function$;
