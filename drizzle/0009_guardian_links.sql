CREATE TABLE "guardian_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"relationship" text DEFAULT 'guardian' NOT NULL,
	"source" text NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guardian_links_parent_student_key" UNIQUE("parent_id","student_id"),
	CONSTRAINT "guardian_links_source_check" CHECK ("guardian_links"."source" in ('admin', 'phone')),
	CONSTRAINT "guardian_links_relationship_check" CHECK ("guardian_links"."relationship" in ('mother', 'father', 'guardian', 'grandparent', 'other'))
);
--> statement-breakpoint
CREATE TABLE "report_card_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"guardian_link_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "report_card_links_token_hash_key" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "guardian_links" ADD CONSTRAINT "guardian_links_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_links" ADD CONSTRAINT "guardian_links_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_card_links" ADD CONSTRAINT "report_card_links_guardian_link_id_guardian_links_id_fk" FOREIGN KEY ("guardian_link_id") REFERENCES "public"."guardian_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_card_links" ADD CONSTRAINT "report_card_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guardian_links_student_idx" ON "guardian_links" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "report_card_links_guardian_idx" ON "report_card_links" USING btree ("guardian_link_id");--> statement-breakpoint
CREATE INDEX "users_student_parent1_digits_idx" ON "users" USING btree ("parent1_digits") WHERE role = 'student' and length(parent1_digits) >= 7;--> statement-breakpoint
CREATE INDEX "users_student_parent2_digits_idx" ON "users" USING btree ("parent2_digits") WHERE role = 'student' and length(parent2_digits) >= 7;--> statement-breakpoint
CREATE INDEX "users_parent_phone_digits_idx" ON "users" USING btree ("phone_digits") WHERE role = 'parent' and length(phone_digits) >= 7;