-- The one way to change a member's credits (api/src/modules/credits/ledger.ts): a conditional UPDATE (two
-- concurrent spends cannot both pass) and its ledger row, so sum(ledger.delta) = users.credits. NULL, and nothing
-- changed, when the balance would go below 0 or the member does not exist.
CREATE OR REPLACE FUNCTION public.credit_change(uid uuid, delta integer, reason credit_reason, message_id uuid, transaction_id uuid, note text, at timestamp with time zone)
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
DECLARE balance int;
BEGIN
  UPDATE users SET credits = credits + delta WHERE id = uid AND credits + delta >= 0 RETURNING credits INTO balance;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  INSERT INTO credit_ledger (user_id, delta, reason, balance_after, message_id, transaction_id, note, create_date)
  VALUES (uid, delta, reason, balance, message_id, transaction_id, note, coalesce(at, now()));
  RETURN balance;
END $function$;
