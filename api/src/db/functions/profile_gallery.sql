-- The one gallery rule (SPEC §4): approved images of the gallery kinds, the avatar first, then as the member
-- sorted them. A plain SQL function, so PostgreSQL inlines it into the statements that read it (cards, profile
-- summaries, the staff view, the reply) and walks images_profile_idx.
CREATE OR REPLACE FUNCTION public.profile_gallery(p_profile uuid)
 RETURNS SETOF images
 LANGUAGE sql
 STABLE
AS $function$
  SELECT * FROM images
  WHERE profile_id = p_profile AND moderation = 'approved' AND type IN ('avatar', 'photo', 'hidden')
  ORDER BY (type = 'avatar') DESC, sort_order, create_date, id
$function$;
