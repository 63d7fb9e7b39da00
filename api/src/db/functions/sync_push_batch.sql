-- A push's batch in one call and one transaction (docs/decisions/0026-batched-push-and-windowed-pull.md).
-- p_ops: the push's mutations in id order, each id once, each {id, name, kind, ...}: 'send' carries
-- send_member_message's arguments; 'fixed' carries the outcome the API decided without the database
-- ({ok, result} or {ok: false, error}: bad arguments, an empty text, a draft). p_texts: the member's text for each
-- business failure code send_member_message raises.
--
-- The client's row is locked first (concurrent pushes of one client serialize here), then the member's sync space
-- (one version for the whole batch). Ids already applied answer their first outcome; the run of next ids is applied
-- in order; the first id past the next one ends the batch. A business failure (SQLSTATE DM001) rolls back only
-- the run it interrupted: the part before it is applied again (it succeeded, so it succeeds again under the same
-- locks), then the failing mutation alone, whose failure is recorded. One exception block per run rather than per
-- mutation: a subtransaction that writes takes a subtransaction id, and past 64 of them every snapshot on the
-- server has to consult pg_subtrans.
CREATE OR REPLACE FUNCTION public.sync_push_batch(uid uuid, p_client_id text, p_ops jsonb, p_texts jsonb, p_cost integer, p_now timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  last_id int;
  n int := jsonb_array_length(p_ops);
  i int := 0;
  replayed jsonb[] := '{}';
  done jsonb[] := '{}';
  pending jsonb[];
  first int;
  stop int;
  start int;
  upto int;
  cur int;
  failed int;
  failure text;
  op jsonb;
  sent jsonb;
  base timestamp with time zone;
BEGIN
  last_id := sync_push_client(p_client_id, uid, p_now);
  WHILE i < n AND (p_ops->i->>'id')::int <= last_id LOOP
    replayed := replayed || sync_push_recorded(p_client_id, (p_ops->i->>'id')::int);
    i := i + 1;
  END LOOP;
  first := i;
  stop := i;
  WHILE stop < n AND (p_ops->stop->>'id')::int = last_id + 1 + (stop - first) LOOP
    stop := stop + 1;
  END LOOP;
  IF stop > first THEN
    PERFORM sync_bump_space(uid);
    -- Never before the client's previous send: the batch before dated its sends up to a few hundred ms past its clock.
    SELECT greatest(p_now, max(m.date_sent) + interval '1 millisecond') INTO base
      FROM messages m WHERE m.client_id = p_client_id AND m.mutation_id = last_id;
    start := first;
    upto := stop;
    WHILE start < stop LOOP
      pending := '{}';
      failed := NULL;
      BEGIN
        FOR j IN start .. upto - 1 LOOP
          cur := j;
          op := p_ops->j;
          IF op->>'kind' = 'send' THEN
            sent := send_member_message(uid, (op->>'conversation')::uuid, (op->>'profile')::uuid, (op->>'messageId')::uuid,
              (op->>'type')::message_type, op->>'message', (op->>'attachment')::uuid, p_client_id, (op->>'id')::int, p_cost,
              -- One millisecond apart, so the member's devices (which order by date, then id) keep the batch's order.
              base + (j - first) * interval '1 millisecond');
            pending := pending || jsonb_build_object('mutationId', (op->>'id')::int, 'ok', true, 'result',
              jsonb_build_object('conversationId', sent->'conversation'->'id', 'messageId', sent->'message'->'id', 'credits', sent->'credits'));
          ELSE
            pending := pending || (jsonb_build_object('mutationId', (op->>'id')::int) || (op->'outcome'));
          END IF;
        END LOOP;
      EXCEPTION WHEN SQLSTATE 'DM001' THEN
        failed := cur;
        failure := SQLERRM;
      END;
      IF failed IS NULL THEN
        done := done || pending;
        start := upto;
        upto := stop;
      ELSIF failed = start THEN
        done := done || jsonb_build_object('mutationId', (p_ops->start->>'id')::int, 'ok', false, 'error', CASE
          WHEN p_texts ? failure THEN jsonb_build_object('code', failure, 'message', p_texts->>failure)
          ELSE jsonb_build_object('code', 'invalid-mutation', 'message', failure) END);
        start := start + 1;
        upto := stop;
      ELSE
        upto := failed;
      END IF;
    END LOOP;
    INSERT INTO sync_mutations (client_id, mutation_id, name, result, error, create_date)
    SELECT p_client_id, (d->>'mutationId')::int, left(p_ops->(first + k::int - 1)->>'name', 64), d->'result', d->'error', p_now
    FROM unnest(done) WITH ORDINALITY AS t(d, k);
    last_id := last_id + (stop - first);
    UPDATE sync_clients SET last_mutation_id = last_id, last_seen_date = p_now WHERE client_id = p_client_id;
  END IF;
  RETURN jsonb_build_object('results', to_jsonb(replayed || done), 'last', last_id,
    'applied', (SELECT count(*) FROM unnest(done) d WHERE (d->>'ok')::boolean));
END $function$;
