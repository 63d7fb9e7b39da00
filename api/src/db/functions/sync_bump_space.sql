-- The per-member version counter behind the pull cursor (docs/decisions/0008-sync-engine.md): every
-- member-visible change bumps the member's sync space row and stamps the changed row with the new value. The bump
-- takes the space's row lock until commit, so one member's versions commit in order and a pull that reads the
-- space version and the rows in one snapshot never skips a change.
-- One bump per member and transaction: rows changed in one transaction become visible together, so they may share
-- a version. The value lives in a transaction-local setting (gone at commit or rollback, savepoints included), one
-- key for the last member, set by the bump itself.
CREATE OR REPLACE FUNCTION public.sync_bump_space(uid uuid)
 RETURNS bigint
 LANGUAGE plpgsql
AS $function$
DECLARE
  bumped text := current_setting('sync.bumped', true);
  v bigint;
BEGIN
  IF bumped IS NOT NULL AND bumped <> '' AND split_part(bumped, ':', 1) = uid::text THEN
    RETURN split_part(bumped, ':', 2)::bigint;
  END IF;
  INSERT INTO sync_spaces (user_id, version) VALUES (uid, 1)
  ON CONFLICT (user_id) DO UPDATE SET version = sync_spaces.version + 1
  RETURNING version, set_config('sync.bumped', uid::text || ':' || version::text, true) INTO v, bumped;
  RETURN v;
END $function$;
