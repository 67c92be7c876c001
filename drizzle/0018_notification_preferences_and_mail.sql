CREATE TABLE "notification_preferences" (
	"user_id" integer NOT NULL,
	"event" text NOT NULL,
	"delivery" text NOT NULL,
	"threshold" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_user_id_event_pk" PRIMARY KEY("user_id","event"),
	CONSTRAINT "notification_preferences_delivery_check" CHECK ("notification_preferences"."delivery" in ('immediately', 'daily', 'weekly', 'off')),
	CONSTRAINT "notification_preferences_event_check" CHECK ("notification_preferences"."event" in ('attendance', 'work', 'grade', 'announcement', 'report_card', 'message')),
	CONSTRAINT "notification_preferences_threshold_check" CHECK ("notification_preferences"."threshold" between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "detail" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "student_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "level_code" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "digest" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "digested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_digest_due_idx" ON "notifications" USING btree ("digest","user_id") WHERE digest is not null and digested_at is null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_digest_check" CHECK ("notifications"."digest" in ('daily', 'weekly'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_detail_length_check" CHECK (length("notifications"."detail") <= 2000);