CREATE TABLE "term_grade_records" (
	"term_id" integer NOT NULL,
	"level_code" text NOT NULL,
	"student_id" integer NOT NULL,
	"class_name" text NOT NULL,
	"period" text,
	"teacher_name" text,
	"percent" integer,
	"letter" text,
	"computed_percent" integer,
	"earned_points" numeric(14, 2),
	"possible_points" numeric(14, 2),
	"categories" jsonb NOT NULL,
	"marks" jsonb NOT NULL,
	"why" jsonb NOT NULL,
	"override_percent" numeric(5, 2),
	"override_reason" text,
	"override_reason_shared" boolean DEFAULT false NOT NULL,
	"override_note" text,
	"comment" text,
	"present" integer DEFAULT 0 NOT NULL,
	"absent" integer DEFAULT 0 NOT NULL,
	"late" integer DEFAULT 0 NOT NULL,
	"excused" integer DEFAULT 0 NOT NULL,
	"attendance_percent" numeric(4, 1),
	"fingerprint" text NOT NULL,
	"display_hash" text NOT NULL,
	"announced_hash" text,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "term_grade_records_term_id_level_code_student_id_pk" PRIMARY KEY("term_id","level_code","student_id")
);
--> statement-breakpoint
ALTER TABLE "term_grade_overrides" ADD COLUMN "reason_shared" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "term_grade_overrides" ADD COLUMN "family_note" text;--> statement-breakpoint
ALTER TABLE "term_grade_records" ADD CONSTRAINT "term_grade_records_term_id_school_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."school_terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_grade_records" ADD CONSTRAINT "term_grade_records_level_code_levels_code_fk" FOREIGN KEY ("level_code") REFERENCES "public"."levels"("code") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "term_grade_records" ADD CONSTRAINT "term_grade_records_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "term_grade_records_student_idx" ON "term_grade_records" USING btree ("student_id","term_id");--> statement-breakpoint
ALTER TABLE "term_grade_overrides" ADD CONSTRAINT "term_grade_overrides_family_note_check" CHECK (length("term_grade_overrides"."family_note") between 1 and 500);