-- The district's roster (issue 42, decision 036): a school is found by its org sourcedId, and the
-- district's calendar and category words are every school's, so their keys are per school; and a
-- membership remembers its last sign-in (/district's sign-in activity).
ALTER TABLE "school_years" DROP CONSTRAINT "school_years_sourced_id_key";--> statement-breakpoint
ALTER TABLE "grade_categories" DROP CONSTRAINT "grade_categories_name_key";--> statement-breakpoint
ALTER TABLE "grade_categories" DROP CONSTRAINT "grade_categories_sourced_id_key";--> statement-breakpoint
ALTER TABLE "school_terms" DROP CONSTRAINT "school_terms_sourced_id_key";--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "sourced_id" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "parent_sourced_id" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "parent_name" text;--> statement-breakpoint
ALTER TABLE "school_memberships" ADD COLUMN "last_signed_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_sourced_id_unique" UNIQUE("sourced_id");--> statement-breakpoint
ALTER TABLE "school_years" ADD CONSTRAINT "school_years_school_sourced_id_key" UNIQUE("school_id","sourced_id");--> statement-breakpoint
ALTER TABLE "grade_categories" ADD CONSTRAINT "grade_categories_school_name_key" UNIQUE("school_id","name");--> statement-breakpoint
ALTER TABLE "grade_categories" ADD CONSTRAINT "grade_categories_school_sourced_id_key" UNIQUE("school_id","sourced_id");--> statement-breakpoint
ALTER TABLE "school_terms" ADD CONSTRAINT "school_terms_school_sourced_id_key" UNIQUE("school_id","sourced_id");