CREATE TABLE "pending_guardian_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pending_guardian_links_parent_student_key" UNIQUE("parent_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "code_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "code_sealed" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "code_weak" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_guardian_links" ADD CONSTRAINT "pending_guardian_links_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_guardian_links" ADD CONSTRAINT "pending_guardian_links_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_code_hash_key" UNIQUE("code_hash");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_code_sealed_check" CHECK (("users"."code_hash" is null) = ("users"."code_sealed" is null));