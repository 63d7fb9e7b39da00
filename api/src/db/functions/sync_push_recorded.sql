-- What a replayed id answers, as the push answers it: its first outcome, or `pruned` when the prune job removed
-- the record (7 days; the next pull shows the outcome).
CREATE OR REPLACE FUNCTION public.sync_push_recorded(p_client_id text, p_mutation_id integer)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
AS $function$
  SELECT coalesce((
    SELECT CASE
      WHEN error IS NOT NULL THEN jsonb_build_object('mutationId', mutation_id, 'ok', false, 'error', error)
      WHEN result IS NULL THEN jsonb_build_object('mutationId', mutation_id, 'ok', true)
      ELSE jsonb_build_object('mutationId', mutation_id, 'ok', true, 'result', result) END
    FROM sync_mutations WHERE client_id = p_client_id AND mutation_id = p_mutation_id),
    jsonb_build_object('mutationId', p_mutation_id, 'ok', true, 'pruned', true))
$function$;
