-- A mutation's outcome and the client's counter; the member's poke is sent by the API once this committed.
CREATE OR REPLACE FUNCTION public.sync_push_record(p_client_id text, p_mutation_id integer, p_name text, p_result jsonb, p_error jsonb, p_now timestamp with time zone)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO sync_mutations (client_id, mutation_id, name, result, error, create_date)
  VALUES (p_client_id, p_mutation_id, left(p_name, 64), p_result, p_error, p_now);
  UPDATE sync_clients SET last_mutation_id = p_mutation_id, last_seen_date = p_now WHERE client_id = p_client_id;
END $function$;
