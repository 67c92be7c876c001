-- The gradebook for a school year (issue 19): a class grades by total points (spec §9, the default) or weighted categories, with a late policy; marks beside a score (excused, missing, late); a teacher's term-grade override with its reason.
CREATE TABLE "grade_marks" (
	"assignment_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"excused" boolean DEFAULT false NOT NULL,
	"missing" boolean DEFAULT false NOT NULL,
	"late" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grade_marks_assignment_id_student_id_pk" PRIMARY KEY("assignment_id","student_id"),
	CONSTRAINT "grade_marks_excused_missing_check" CHECK (not ("grade_marks"."excused" and "grade_marks"."missing"))
);
--> statement-breakpoint
CREATE TABLE "level_category_weights" (
	"level_code" text NOT NULL,
	"category_id" integer NOT NULL,
	"weight" integer NOT NULL,
	"drop_lowest" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "level_category_weights_level_code_category_id_pk" PRIMARY KEY("level_code","category_id"),
	CONSTRAINT "level_category_weights_weight_check" CHECK ("level_category_weights"."weight" between 0 and 10000),
	CONSTRAINT "level_category_weights_drop_check" CHECK ("level_category_weights"."drop_lowest" between 0 and 20)
);
--> statement-breakpoint
CREATE TABLE "term_grade_overrides" (
	"level_code" text NOT NULL,
	"student_id" integer NOT NULL,
	"term_id" integer NOT NULL,
	"percent" numeric(5, 2) NOT NULL,
	"reason" text NOT NULL,
	"teacher_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "term_grade_overrides_level_code_student_id_term_id_pk" PRIMARY KEY("level_code","student_id","term_id"),
	CONSTRAINT "term_grade_overrides_percent_check" CHECK ("term_grade_overrides"."percent" between 0 and 100),
	CONSTRAINT "term_grade_overrides_reason_check" CHECK (length("term_grade_overrides"."reason") between 1 and 500)
);
--> statement-breakpoint
ALTER TABLE "levels" ADD COLUMN "grading_mode" text DEFAULT 'points' NOT NULL;--> statement-breakpoint
ALTER TABLE "levels" ADD COLUMN "late_per_day_percent" integer;--> statement-breakpoint
ALTER TABLE "levels" ADD COLUMN "late_floor_percent" integer;--> statement-breakpoint
ALTER TABLE "grade_marks" ADD CONSTRAINT "grade_marks_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_marks" ADD CONSTRAINT "grade_marks_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_category_weights" ADD CONSTRAINT "level_category_weights_level_code_levels_code_fk" FOREIGN KEY ("level_code") REFERENCES "public"."levels"("code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "level_category_weights" ADD CONSTRAINT "level_category_weights_category_id_grade_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."grade_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_grade_overrides" ADD CONSTRAINT "term_grade_overrides_level_code_levels_code_fk" FOREIGN KEY ("level_code") REFERENCES "public"."levels"("code") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "term_grade_overrides" ADD CONSTRAINT "term_grade_overrides_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_grade_overrides" ADD CONSTRAINT "term_grade_overrides_term_id_school_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."school_terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_grade_overrides" ADD CONSTRAINT "term_grade_overrides_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "levels" ADD CONSTRAINT "levels_grading_mode_check" CHECK ("levels"."grading_mode" in ('points', 'weighted'));--> statement-breakpoint
ALTER TABLE "levels" ADD CONSTRAINT "levels_late_policy_check" CHECK (("levels"."late_per_day_percent" is null) = ("levels"."late_floor_percent" is null) and coalesce("levels"."late_per_day_percent" between 1 and 100, true) and coalesce("levels"."late_floor_percent" between 0 and 100, true));