CREATE TABLE "roster_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"source" text NOT NULL,
	"file_name" text NOT NULL,
	"dry_run" boolean NOT NULL,
	"status" text NOT NULL,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"problems" integer DEFAULT 0 NOT NULL,
	"warnings" integer DEFAULT 0 NOT NULL,
	"new_user_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "roster_imports_source_check" CHECK ("roster_imports"."source" in ('web', 'cli')),
	CONSTRAINT "roster_imports_status_check" CHECK ("roster_imports"."status" in ('previewed', 'applied', 'refused', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "school_terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"sourced_id" text NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"parent_sourced_id" text,
	"school_year" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "school_terms_sourced_id_key" UNIQUE("sourced_id"),
	CONSTRAINT "school_terms_dates_check" CHECK ("school_terms"."end_date" >= "school_terms"."start_date")
);
--> statement-breakpoint
ALTER TABLE "guardian_links" ADD COLUMN "from_roster" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "levels" ADD COLUMN "sourced_id" text;--> statement-breakpoint
ALTER TABLE "levels" ADD COLUMN "teacher_enrollment_sourced_id" text;--> statement-breakpoint
ALTER TABLE "levels" ADD COLUMN "roster_deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "student_enrollment" ADD COLUMN "sourced_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sourced_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "roster_deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "roster_imports" ADD CONSTRAINT "roster_imports_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roster_imports_at_idx" ON "roster_imports" USING btree ("at");--> statement-breakpoint
ALTER TABLE "levels" ADD CONSTRAINT "levels_sourced_id_key" UNIQUE("sourced_id");--> statement-breakpoint
ALTER TABLE "student_enrollment" ADD CONSTRAINT "student_enrollment_sourced_id_key" UNIQUE("sourced_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_sourced_id_key" UNIQUE("sourced_id");