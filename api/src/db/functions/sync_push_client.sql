-- A push's first step: the client's row, created bound to the member on first use and locked until commit
-- (concurrent pushes of one client serialize here); its counter. DM002 when it belongs to another member.
CREATE OR REPLACE FUNCTION public.sync_push_client(p_client_id text, uid uuid, p_now timestamp with time zone)
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
DECLARE
  owner_id uuid;
  last_id int;
BEGIN
  INSERT INTO sync_clients (client_id, user_id, last_seen_date) VALUES (p_client_id, uid, p_now)
  ON CONFLICT (client_id) DO UPDATE SET client_id = excluded.client_id
  RETURNING user_id, last_mutation_id INTO owner_id, last_id;
  IF owner_id <> uid THEN
    RAISE EXCEPTION 'forbidden' USING ERRCODE = 'DM002';
  END IF;
  RETURN last_id;
END $function$;
