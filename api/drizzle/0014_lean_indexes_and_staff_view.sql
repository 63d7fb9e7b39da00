-- Messages: the sync-client unique index only where a client wrote, the report's staff messages by day instead
-- of an index no statement read (generated below); then hand-written parts.
DROP INDEX "messages_conversation_idx";--> statement-breakpoint
DROP INDEX "messages_mutation_uq";--> statement-breakpoint
CREATE INDEX "messages_staff_sent_idx" ON "messages" USING btree ("date_sent") WHERE "messages"."agent_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_mutation_uq" ON "messages" USING btree ("client_id","mutation_id") WHERE "messages"."client_id" IS NOT NULL;--> statement-breakpoint
-- Hand-written: agent_claims is a queue's history. Every claim ends with an update that leaves a dead entry in the
-- partial indexes of open claims (agent_claims_open_idx, agent_claims_live_idx), which the cap count of the
-- agent's next claims steps over until vacuum removes it: vacuum after every 2,000 ended claims, not after a
-- fifth of a table that only grows.
ALTER TABLE agent_claims SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 2000);
--> statement-breakpoint
-- The staff view, as 0013's, carrying of the member and of both profiles only the columns it shows
-- (api/src/modules/agents/staff-conversation.ts lists the same): no password hash, email or sign-on subject
-- travels to the API, and a claim's answer is built and read at half the size.
CREATE OR REPLACE FUNCTION staff_conversation_view(p_conversation uuid, p_user uuid, p_profile uuid, p_limit int, p_before uuid)
RETURNS json LANGUAGE plpgsql STABLE AS $$
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
    WITH member_profile AS (SELECT p.id, p.birth_date, p.location, p.about_me FROM profiles p WHERE p.user_id = p_user LIMIT 1)
    SELECT json_build_object(
      'messages', (SELECT coalesce(json_agg(m ORDER BY m.seq DESC), '[]'::json) FROM (
        SELECT * FROM messages
        WHERE conversation_id = p_conversation AND seq < coalesce(before_seq, 9223372036854775807)
        ORDER BY seq DESC LIMIT p_limit + 1) m),
      'user', (SELECT json_build_object('id', u.id, 'username', u.username, 'birth_date', u.birth_date, 'gender', u.gender,
          'country', u.country, 'is_premium', u.is_premium, 'credits', u.credits, 'create_date', u.create_date,
          'update_date', u.update_date, 'activity_date', u.activity_date)
        FROM users u WHERE u.id = p_user),
      'memberProfile', (SELECT row_to_json(mp) FROM member_profile mp),
      'profile', (SELECT json_build_object('id', p.id, 'username', p.username, 'birth_date', p.birth_date, 'gender', p.gender,
          'create_date', p.create_date, 'update_date', p.update_date, 'activity_date', p.activity_date, 'location', p.location,
          'about_me', p.about_me)
        FROM profiles p WHERE p.id = p_profile),
      'notes', (SELECT coalesce(json_agg(n ORDER BY n.conversation_id IS NULL, n.create_date, n.id), '[]'::json) FROM memos n
        WHERE n.conversation_id = p_conversation
           OR (n.conversation_id IS NULL AND n.type = 'user' AND n.user_id = p_user)
           OR (n.conversation_id IS NULL AND n.type = 'profile' AND n.profile_id = p_profile)),
      'meets', (SELECT coalesce(json_agg(m ORDER BY m.meet_date), '[]'::json) FROM meet_ups m WHERE m.conversation_id = p_conversation),
      'photos', (SELECT coalesce(json_agg(g), '[]'::json) FROM (
        SELECT * FROM profile_gallery(p_profile)
        UNION ALL SELECT g.* FROM member_profile mp CROSS JOIN LATERAL profile_gallery(mp.id) g) g)));
END $$;
