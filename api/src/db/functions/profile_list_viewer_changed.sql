-- What an API process keeps of a member for the profile list (docs/decisions/0042-shared-profile-list-pages.md):
-- whom they look for, premium (the flag or a subscription), their brand, their favourites and whether they block
-- anyone. A change to any of it announces 'user:<id>' on profile_lists and every process drops its copy. A
-- fictive profile's favourites of members (from a profile without a user) announce nothing. The triggers that call
-- it, on users, subscriptions, favourites and profile_blocks, are in api/drizzle/0024_profile_list_cache.sql.
CREATE OR REPLACE FUNCTION public.profile_list_viewer_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  changed record;
  member uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  IF TG_TABLE_NAME = 'users' THEN
    member := changed.id;
  ELSIF TG_TABLE_NAME = 'favourites' THEN
    SELECT p.user_id INTO member FROM profiles p WHERE p.id = changed.from_profile_id;
  ELSE
    member := changed.user_id;
  END IF;
  IF member IS NOT NULL THEN
    PERFORM pg_notify('profile_lists', 'user:' || member);
  END IF;
  RETURN NULL;
END $function$;
