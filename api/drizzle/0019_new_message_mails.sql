CREATE TABLE "message_mails" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"mailed_seq" bigint NOT NULL,
	"mail_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_mails" ADD CONSTRAINT "message_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;