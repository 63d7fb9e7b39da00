-- API processes keep the member list's pages, shared by every member of a brand, for a few seconds
-- (docs/decisions/0042-shared-profile-list-pages.md). A statement that changes a listed (fictive) profile or one
-- of its photos announces 'brand:<id>' on profile_lists for each brand it touched, and every process drops that
-- brand's pages. A change of activity_date alone is not announced: the "recently active" order and the online
-- dot are as fresh as the cache's lifetime (an agent's every reply moves it). The triggers that call it, on
-- profiles and images, are in api/drizzle/0024_profile_list_cache.sql.
CREATE OR REPLACE FUNCTION public.profile_list_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  brand uuid;
BEGIN
  IF TG_TABLE_NAME = 'profiles' THEN
    IF TG_OP = 'INSERT' THEN
      FOR brand IN SELECT DISTINCT n.brand_id FROM new_rows n WHERE n.kind = 'fictive' LOOP
        PERFORM pg_notify('profile_lists', 'brand:' || brand);
      END LOOP;
    ELSIF TG_OP = 'DELETE' THEN
      FOR brand IN SELECT DISTINCT o.brand_id FROM old_rows o WHERE o.kind = 'fictive' LOOP
        PERFORM pg_notify('profile_lists', 'brand:' || brand);
      END LOOP;
    ELSE
      FOR brand IN
        SELECT DISTINCT b.brand_id
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        CROSS JOIN LATERAL (VALUES (o.brand_id), (n.brand_id)) AS b(brand_id)
        WHERE (o.kind = 'fictive' OR n.kind = 'fictive')
          AND to_jsonb(o) - 'activity_date' IS DISTINCT FROM to_jsonb(n) - 'activity_date'
      LOOP
        PERFORM pg_notify('profile_lists', 'brand:' || brand);
      END LOOP;
    END IF;
  ELSE
    IF TG_OP = 'INSERT' THEN
      FOR brand IN SELECT DISTINCT p.brand_id FROM new_rows n JOIN profiles p ON p.id = n.profile_id WHERE p.kind = 'fictive' LOOP
        PERFORM pg_notify('profile_lists', 'brand:' || brand);
      END LOOP;
    ELSIF TG_OP = 'DELETE' THEN
      FOR brand IN SELECT DISTINCT p.brand_id FROM old_rows o JOIN profiles p ON p.id = o.profile_id WHERE p.kind = 'fictive' LOOP
        PERFORM pg_notify('profile_lists', 'brand:' || brand);
      END LOOP;
    ELSE
      FOR brand IN
        SELECT DISTINCT p.brand_id
        FROM (SELECT profile_id FROM old_rows UNION SELECT profile_id FROM new_rows) AS i
        JOIN profiles p ON p.id = i.profile_id
        WHERE p.kind = 'fictive'
      LOOP
        PERFORM pg_notify('profile_lists', 'brand:' || brand);
      END LOOP;
    END IF;
  END IF;
  RETURN NULL;
END $function$;
