-- What staff see of a conversation (SPEC §3 agent conversation), as raw rows the API formats
-- (api/src/modules/agents/staff-conversation.ts): p_limit + 1 messages newest first (older than p_before when
-- given; the extra one tells whether there are more), the member and their profile, the fictive profile, both
-- galleries, the memos (this conversation's, then the global ones of the member and of the profile) and the
-- meet-ups. Of the member and both profiles only the columns the view shows: no password hash, email or sign-on
-- subject travels to the API; the fictive profile's facts and the member's interests, looking-for and timezone
-- are what an agent needs to reply in character. 'before-not-found' (DM001) when p_before is not a message of
-- this conversation. agent_claim calls it, so a claim's answer carries the same fields without a second fetch.
CREATE OR REPLACE FUNCTION public.staff_conversation_view(p_conversation uuid, p_user uuid, p_profile uuid, p_limit integer, p_before uuid)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
AS $function$
DECLARE
  before_seq bigint;
BEGIN
  IF p_before IS NOT NULL THEN
    SELECT seq INTO before_seq FROM messages WHERE id = p_before AND conversation_id = p_conversation;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'before-not-found' USING ERRCODE = 'DM001';
    END IF;
  END IF;
  RETURN (
    WITH member_profile AS (SELECT p.id, p.birth_date, p.location, p.about_me, p.looking_for_tags, p.looking_for_age_min, p.looking_for_age_max
      FROM profiles p WHERE p.user_id = p_user LIMIT 1)
    SELECT json_build_object(
      'messages', (SELECT coalesce(json_agg(m ORDER BY m.seq DESC), '[]'::json) FROM (
        SELECT * FROM messages
        WHERE conversation_id = p_conversation AND seq < coalesce(before_seq, 9223372036854775807)
        ORDER BY seq DESC LIMIT p_limit + 1) m),
      'user', (SELECT json_build_object('id', u.id, 'username', u.username, 'birth_date', u.birth_date, 'gender', u.gender,
          'country', u.country, 'is_premium', u.is_premium, 'credits', u.credits, 'create_date', u.create_date,
          'update_date', u.update_date, 'activity_date', u.activity_date, 'looking_for', u.looking_for, 'timezone', u.timezone)
        FROM users u WHERE u.id = p_user),
      'memberProfile', (SELECT row_to_json(mp) FROM member_profile mp),
      'profile', (SELECT json_build_object('id', p.id, 'username', p.username, 'birth_date', p.birth_date, 'gender', p.gender,
          'create_date', p.create_date, 'update_date', p.update_date, 'activity_date', p.activity_date, 'location', p.location,
          'about_me', p.about_me, 'body_type', p.body_type, 'ethnicity', p.ethnicity, 'hair_color', p.hair_color,
          'eye_color', p.eye_color, 'height_cm', p.height_cm, 'relationship_status', p.relationship_status,
          'looking_for_tags', p.looking_for_tags, 'looking_for_age_min', p.looking_for_age_min, 'looking_for_age_max', p.looking_for_age_max)
        FROM profiles p WHERE p.id = p_profile),
      'notes', (SELECT coalesce(json_agg(n ORDER BY n.conversation_id IS NULL, n.create_date, n.id), '[]'::json) FROM memos n
        WHERE n.conversation_id = p_conversation
           OR (n.conversation_id IS NULL AND n.type = 'user' AND n.user_id = p_user)
           OR (n.conversation_id IS NULL AND n.type = 'profile' AND n.profile_id = p_profile)),
      'meets', (SELECT coalesce(json_agg(m ORDER BY m.meet_date), '[]'::json) FROM meet_ups m WHERE m.conversation_id = p_conversation),
      'photos', (SELECT coalesce(json_agg(g), '[]'::json) FROM (
        SELECT * FROM profile_gallery(p_profile)
        UNION ALL SELECT g.* FROM member_profile mp CROSS JOIN LATERAL profile_gallery(mp.id) g) g)));
END $function$;
