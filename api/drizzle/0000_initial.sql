CREATE TYPE "public"."gender" AS ENUM('man', 'woman');--> statement-breakpoint
CREATE TYPE "public"."agent_role" AS ENUM('agent', 'admin');--> statement-breakpoint
CREATE TYPE "public"."agent_status" AS ENUM('online', 'offline', 'paused');--> statement-breakpoint
CREATE TYPE "public"."email_token_purpose" AS ENUM('verify-email', 'reset-password', 'auto-login');--> statement-breakpoint
CREATE TYPE "public"."subject_type" AS ENUM('user', 'agent');--> statement-breakpoint
CREATE TYPE "public"."body_type" AS ENUM('fit', 'average', 'curvy');--> statement-breakpoint
CREATE TYPE "public"."ethnicity" AS ENUM('asian', 'black', 'hispanic', 'middle-eastern', 'white', 'other');--> statement-breakpoint
CREATE TYPE "public"."eye_color" AS ENUM('amber', 'blue', 'brown', 'gray', 'green', 'hazel');--> statement-breakpoint
CREATE TYPE "public"."hair_color" AS ENUM('black', 'brown', 'blond', 'red', 'gray', 'other');--> statement-breakpoint
CREATE TYPE "public"."image_type" AS ENUM('avatar', 'photo', 'hidden', 'message', 'attachment');--> statement-breakpoint
CREATE TYPE "public"."moderation_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."profile_kind" AS ENUM('member', 'fictive');--> statement-breakpoint
CREATE TYPE "public"."relationship_status" AS ENUM('married', 'single', 'divorced', 'in-relationship', 'complicated', 'separated', 'widowed', 'open-relationship');--> statement-breakpoint
CREATE TYPE "public"."swipe_action" AS ENUM('like', 'dislike');--> statement-breakpoint
CREATE TYPE "public"."memo_type" AS ENUM('user', 'profile');--> statement-breakpoint
CREATE TYPE "public"."message_type" AS ENUM('text', 'attachment');--> statement-breakpoint
CREATE TYPE "public"."sender_type" AS ENUM('user', 'profile', 'admin', 'system');--> statement-breakpoint
CREATE TYPE "public"."stock" AS ENUM('message', 'follow-up', 'meet-up');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('created', 'pending', 'paid', 'failed');--> statement-breakpoint
CREATE TYPE "public"."transaction_failure" AS ENUM('bank', 'system');--> statement-breakpoint
CREATE TYPE "public"."transaction_status" AS ENUM('pending', 'success', 'failed');--> statement-breakpoint
CREATE TYPE "public"."ticket_kind" AS ENUM('contact', 'affiliate');--> statement-breakpoint
CREATE TYPE "public"."credit_reason" AS ENUM('signup', 'message', 'refund', 'purchase', 'complimentary', 'admin');--> statement-breakpoint
CREATE TABLE "brands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"domain" text NOT NULL,
	"aliases" text[] DEFAULT '{}' NOT NULL,
	"company" text NOT NULL,
	"brand" text NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"countries" text[] DEFAULT '{}' NOT NULL,
	"default_country" text DEFAULT 'US' NOT NULL,
	"legacy_mode" boolean DEFAULT false NOT NULL,
	"customer_support" jsonb NOT NULL,
	"maintenance_fee_cents" integer DEFAULT 0 NOT NULL,
	"default_descriptor" text NOT NULL,
	"api_key" text NOT NULL,
	"age_verification_required" boolean DEFAULT false NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"package_type" text[] DEFAULT '{}' NOT NULL,
	"pricing" jsonb NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"gender" "gender" NOT NULL,
	"looking_for" "gender" NOT NULL,
	"birth_date" date NOT NULL,
	"country" text DEFAULT 'US' NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"email_validated" boolean DEFAULT false NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"likes_refill_date" timestamp with time zone,
	"is_organic" boolean DEFAULT true NOT NULL,
	"is_premium" boolean DEFAULT false NOT NULL,
	"is_doi" boolean DEFAULT false NOT NULL,
	"age_verification_applicable" boolean DEFAULT false NOT NULL,
	"age_verification" jsonb DEFAULT '{"status":"none","result":null}'::jsonb NOT NULL,
	"promotions" jsonb DEFAULT '{"firstPurchasePromotion":true,"complete_profile":false}'::jsonb NOT NULL,
	"settings" jsonb DEFAULT '{"notifyByEmail":true,"showOnline":true,"keepLocationPrivate":false,"measurement":"imperial","timeFormat":"12h"}'::jsonb NOT NULL,
	"sso_subject" text,
	"blocked" boolean DEFAULT false NOT NULL,
	"first_login_date" timestamp with time zone,
	"activity_date" timestamp with time zone,
	"last_verification_email_date" timestamp with time zone,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_credits_nonneg" CHECK ("users"."credits" >= 0),
	CONSTRAINT "users_likes_nonneg" CHECK ("users"."likes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "agent_breaks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"work_session_id" uuid,
	"reason" text DEFAULT '' NOT NULL,
	"start_date" timestamp with time zone DEFAULT now() NOT NULL,
	"end_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "agent_work_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"start_date" timestamp with time zone DEFAULT now() NOT NULL,
	"end_date" timestamp with time zone,
	"end_reason" text
);
--> statement-breakpoint
CREATE TABLE "agents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"role" "agent_role" DEFAULT 'agent' NOT NULL,
	"scope" text[] DEFAULT '{}' NOT NULL,
	"status" "agent_status" DEFAULT 'offline' NOT NULL,
	"status_last_update" timestamp with time zone DEFAULT now() NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"max_claims" integer DEFAULT 3 NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_type" "subject_type" NOT NULL,
	"user_id" uuid,
	"agent_id" uuid,
	"user_agent" text,
	"ip" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_date" timestamp with time zone DEFAULT now() NOT NULL,
	"expiry_date" timestamp with time zone NOT NULL,
	"revoked_date" timestamp with time zone,
	"revoked_reason" text,
	CONSTRAINT "auth_sessions_subject" CHECK (("auth_sessions"."user_id" IS NOT NULL) <> ("auth_sessions"."agent_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "email_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" "email_token_purpose" NOT NULL,
	"token_hash" text NOT NULL,
	"email" text,
	"expiry_date" timestamp with time zone NOT NULL,
	"used_date" timestamp with time zone,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer,
	"response" jsonb,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_key" text NOT NULL,
	"ip" text NOT NULL,
	"success" boolean NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid,
	"type" "image_type" NOT NULL,
	"processed" boolean DEFAULT false NOT NULL,
	"moderation" "moderation_status" DEFAULT 'pending' NOT NULL,
	"variants" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"storage_key" text NOT NULL,
	"mime" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "profile_kind" NOT NULL,
	"user_id" uuid,
	"brand_id" uuid NOT NULL,
	"username" text NOT NULL,
	"gender" "gender" NOT NULL,
	"birth_date" date NOT NULL,
	"body_type" "body_type",
	"ethnicity" "ethnicity",
	"hair_color" "hair_color",
	"eye_color" "eye_color",
	"height_cm" integer,
	"relationship_status" "relationship_status",
	"about_me" text DEFAULT '' NOT NULL,
	"looking_for_tags" text[] DEFAULT '{}' NOT NULL,
	"looking_for_age_min" integer,
	"looking_for_age_max" integer,
	"location" jsonb DEFAULT '{"country":"US"}'::jsonb NOT NULL,
	"country" text DEFAULT 'US' NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"is_premium" boolean DEFAULT false NOT NULL,
	"match_on_like" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"activity_date" timestamp with time zone DEFAULT now() NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_member_has_user" CHECK (("profiles"."kind" = 'fictive') OR ("profiles"."user_id" IS NOT NULL)),
	CONSTRAINT "profiles_height_range" CHECK ("profiles"."height_cm" IS NULL OR ("profiles"."height_cm" BETWEEN 120 AND 230)),
	CONSTRAINT "profiles_age_range" CHECK ("profiles"."looking_for_age_min" IS NULL OR ("profiles"."looking_for_age_min" BETWEEN 18 AND 100 AND "profiles"."looking_for_age_max" BETWEEN "profiles"."looking_for_age_min" AND 100))
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"from_profile_id" uuid NOT NULL,
	"to_profile_id" uuid NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"conversation_id" uuid,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"viewer_profile_id" uuid NOT NULL,
	"viewed_profile_id" uuid NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_view_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "swipes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"action_type" "swipe_action" NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"undo_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"has_user_message" boolean DEFAULT false NOT NULL,
	"last_message_date" timestamp with time zone,
	"last_user_message_date" timestamp with time zone,
	"last_profile_message_date" timestamp with time zone,
	"unread_by_user" integer DEFAULT 0 NOT NULL,
	"stock" "stock",
	"stock_date" timestamp with time zone,
	"claim_agent_id" uuid,
	"claim_date" timestamp with time zone,
	"claim_expiry_date" timestamp with time zone,
	"last_agent_id" uuid,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_unread_nonneg" CHECK ("conversations"."unread_by_user" >= 0)
);
--> statement-breakpoint
CREATE TABLE "meet_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"meet_date" timestamp with time zone NOT NULL,
	"meet_status" text DEFAULT 'proposed' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"cancel_interval" integer DEFAULT 24 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"cancel_date" timestamp with time zone,
	"agent_id" uuid,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" "memo_type" NOT NULL,
	"conversation_id" uuid,
	"user_id" uuid,
	"profile_id" uuid,
	"global" boolean DEFAULT false NOT NULL,
	"note" text NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"agent_id" uuid,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"sender_type" "sender_type" NOT NULL,
	"agent_id" uuid,
	"message_type" "message_type" NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"attachment_id" uuid,
	"is_read" boolean DEFAULT false NOT NULL,
	"client_id" text,
	"mutation_id" integer,
	"date_sent" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_has_content" CHECK ("messages"."message" <> '' OR "messages"."attachment_id" IS NOT NULL OR "messages"."message_type" = 'attachment')
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"country" text NOT NULL,
	"products" jsonb NOT NULL,
	"total_cents" integer NOT NULL,
	"vat_cents" integer DEFAULT 0 NOT NULL,
	"status" "order_status" DEFAULT 'created' NOT NULL,
	"invoice_id" text,
	"idempotency_key" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_total_nonneg" CHECK ("orders"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "saved_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider_token" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"delete_date" timestamp with time zone,
	CONSTRAINT "saved_cards_last4" CHECK ("saved_cards"."last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"order_id" uuid,
	"saved_card_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"interval_days" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"monthly_credits" integer DEFAULT 0 NOT NULL,
	"start_date" timestamp with time zone DEFAULT now() NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"next_credits_date" timestamp with time zone,
	"cancel_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text DEFAULT 'purchase' NOT NULL,
	"status" "transaction_status" DEFAULT 'pending' NOT NULL,
	"failure" "transaction_failure",
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"provider_ref" text,
	"saved_card_id" uuid,
	"idempotency_key" text NOT NULL,
	"requires_action" boolean DEFAULT false NOT NULL,
	"fulfilled_date" timestamp with time zone,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"messenger" text NOT NULL,
	"messenger_id" text NOT NULL,
	"country" text NOT NULL,
	"years_of_experience" integer NOT NULL,
	"geos" text[] DEFAULT '{}' NOT NULL,
	"traffic_sources" text[] NOT NULL,
	"other_verticals" text[] DEFAULT '{}' NOT NULL,
	"other_text" text DEFAULT '' NOT NULL,
	"extra" jsonb,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_number" text NOT NULL,
	"brand_id" uuid,
	"kind" "ticket_kind" NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"user_id" uuid,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"delta" integer NOT NULL,
	"reason" "credit_reason" NOT NULL,
	"balance_after" integer NOT NULL,
	"message_id" uuid,
	"transaction_id" uuid,
	"note" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_ledger_balance_nonneg" CHECK ("credit_ledger"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sync_clients" (
	"client_id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"last_mutation_id" integer DEFAULT 0 NOT NULL,
	"last_seen_date" timestamp with time zone DEFAULT now() NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_mutations" (
	"client_id" text NOT NULL,
	"mutation_id" integer NOT NULL,
	"name" text NOT NULL,
	"result" jsonb,
	"error" jsonb,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sync_mutations_client_id_mutation_id_pk" PRIMARY KEY("client_id","mutation_id")
);
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_breaks" ADD CONSTRAINT "agent_breaks_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_breaks" ADD CONSTRAINT "agent_breaks_work_session_id_agent_work_sessions_id_fk" FOREIGN KEY ("work_session_id") REFERENCES "public"."agent_work_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_work_sessions" ADD CONSTRAINT "agent_work_sessions_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_from_profile_id_profiles_id_fk" FOREIGN KEY ("from_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_to_profile_id_profiles_id_fk" FOREIGN KEY ("to_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_views" ADD CONSTRAINT "profile_views_viewer_profile_id_profiles_id_fk" FOREIGN KEY ("viewer_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_views" ADD CONSTRAINT "profile_views_viewed_profile_id_profiles_id_fk" FOREIGN KEY ("viewed_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swipes" ADD CONSTRAINT "swipes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swipes" ADD CONSTRAINT "swipes_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_claim_agent_id_agents_id_fk" FOREIGN KEY ("claim_agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_last_agent_id_agents_id_fk" FOREIGN KEY ("last_agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_ups" ADD CONSTRAINT "meet_ups_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_ups" ADD CONSTRAINT "meet_ups_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memos" ADD CONSTRAINT "memos_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memos" ADD CONSTRAINT "memos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memos" ADD CONSTRAINT "memos_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memos" ADD CONSTRAINT "memos_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_attachment_id_images_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_saved_card_id_saved_cards_id_fk" FOREIGN KEY ("saved_card_id") REFERENCES "public"."saved_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_saved_card_id_saved_cards_id_fk" FOREIGN KEY ("saved_card_id") REFERENCES "public"."saved_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_applications" ADD CONSTRAINT "affiliate_applications_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_clients" ADD CONSTRAINT "sync_clients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_mutations" ADD CONSTRAINT "sync_mutations_client_id_sync_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."sync_clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "brands_domain_uq" ON "brands" USING btree ("domain");--> statement-breakpoint
CREATE UNIQUE INDEX "brands_api_key_uq" ON "brands" USING btree ("api_key");--> statement-breakpoint
CREATE UNIQUE INDEX "products_brand_sku_uq" ON "products" USING btree ("brand_id","sku");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_uq" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_sso_subject_uq" ON "users" USING btree ("sso_subject");--> statement-breakpoint
CREATE INDEX "users_brand_idx" ON "users" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "agent_breaks_agent_idx" ON "agent_breaks" USING btree ("agent_id","start_date");--> statement-breakpoint
CREATE INDEX "agent_work_sessions_agent_idx" ON "agent_work_sessions" USING btree ("agent_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "agents_email_uq" ON "agents" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "auth_sessions_user_idx" ON "auth_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_sessions_agent_idx" ON "auth_sessions" USING btree ("agent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_tokens_hash_uq" ON "email_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_tokens_user_idx" ON "email_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_subject_key_uq" ON "idempotency_keys" USING btree ("subject","key");--> statement-breakpoint
CREATE INDEX "login_attempts_account_idx" ON "login_attempts" USING btree ("account_key","create_date");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_idx" ON "login_attempts" USING btree ("ip","create_date");--> statement-breakpoint
CREATE INDEX "images_profile_idx" ON "images" USING btree ("profile_id","sort_order");--> statement-breakpoint
CREATE INDEX "images_moderation_idx" ON "images" USING btree ("moderation","create_date");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_user_uq" ON "profiles" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "profiles_browse_idx" ON "profiles" USING btree ("brand_id","kind","gender","active");--> statement-breakpoint
CREATE INDEX "profiles_recent_idx" ON "profiles" USING btree ("brand_id","create_date");--> statement-breakpoint
CREATE INDEX "profiles_birth_idx" ON "profiles" USING btree ("brand_id","birth_date");--> statement-breakpoint
CREATE INDEX "profiles_username_idx" ON "profiles" USING btree ("brand_id",lower("username"));--> statement-breakpoint
CREATE INDEX "profiles_attrs_idx" ON "profiles" USING btree ("body_type","ethnicity","hair_color","eye_color","relationship_status");--> statement-breakpoint
CREATE INDEX "profiles_height_idx" ON "profiles" USING btree ("height_cm");--> statement-breakpoint
CREATE UNIQUE INDEX "favourites_pair_uq" ON "favourites" USING btree ("from_profile_id","to_profile_id");--> statement-breakpoint
CREATE INDEX "favourites_to_idx" ON "favourites" USING btree ("to_profile_id","create_date");--> statement-breakpoint
CREATE UNIQUE INDEX "matches_pair_uq" ON "matches" USING btree ("user_id","profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "profile_views_pair_uq" ON "profile_views" USING btree ("viewer_profile_id","viewed_profile_id");--> statement-breakpoint
CREATE INDEX "profile_views_viewed_idx" ON "profile_views" USING btree ("viewed_profile_id","last_view_date");--> statement-breakpoint
CREATE UNIQUE INDEX "swipes_live_uq" ON "swipes" USING btree ("user_id","profile_id") WHERE "swipes"."undo_date" IS NULL;--> statement-breakpoint
CREATE INDEX "swipes_user_idx" ON "swipes" USING btree ("user_id","create_date");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_pair_uq" ON "conversations" USING btree ("user_id","profile_id");--> statement-breakpoint
CREATE INDEX "conversations_user_idx" ON "conversations" USING btree ("user_id","last_message_date");--> statement-breakpoint
CREATE INDEX "conversations_stock_idx" ON "conversations" USING btree ("stock","stock_date") WHERE "conversations"."stock" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "conversations_claim_idx" ON "conversations" USING btree ("claim_agent_id","claim_expiry_date");--> statement-breakpoint
CREATE INDEX "meet_ups_conversation_idx" ON "meet_ups" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "meet_ups_due_idx" ON "meet_ups" USING btree ("meet_date") WHERE "meet_ups"."cancel_date" IS NULL;--> statement-breakpoint
CREATE INDEX "memos_conversation_idx" ON "memos" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "memos_user_idx" ON "memos" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "memos_profile_idx" ON "memos" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("conversation_id","date_sent");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_mutation_uq" ON "messages" USING btree ("client_id","mutation_id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","create_date");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idem_uq" ON "orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_invoice_uq" ON "orders" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "saved_cards_user_idx" ON "saved_cards" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "subscriptions_renewal_idx" ON "subscriptions" USING btree ("current_period_end") WHERE "subscriptions"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_active_uq" ON "subscriptions" USING btree ("user_id") WHERE "subscriptions"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_idem_uq" ON "transactions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_provider_ref_uq" ON "transactions" USING btree ("provider_ref");--> statement-breakpoint
CREATE INDEX "transactions_order_idx" ON "transactions" USING btree ("order_id","create_date");--> statement-breakpoint
CREATE UNIQUE INDEX "support_tickets_number_uq" ON "support_tickets" USING btree ("ticket_number");--> statement-breakpoint
CREATE INDEX "support_tickets_email_idx" ON "support_tickets" USING btree ("email");--> statement-breakpoint
CREATE INDEX "credit_ledger_user_idx" ON "credit_ledger" USING btree ("user_id","create_date");--> statement-breakpoint
CREATE INDEX "sync_clients_user_idx" ON "sync_clients" USING btree ("user_id");