-- Rostering of the gradebook (decision 012): categories, line items and results keep their OneRoster sourcedId.
ALTER TABLE "assignments" ADD COLUMN "sourced_id" text;--> statement-breakpoint
ALTER TABLE "grade_categories" ADD COLUMN "sourced_id" text;--> statement-breakpoint
ALTER TABLE "grades" ADD COLUMN "sourced_id" text;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_sourced_id_key" UNIQUE("sourced_id");--> statement-breakpoint
ALTER TABLE "grade_categories" ADD CONSTRAINT "grade_categories_sourced_id_key" UNIQUE("sourced_id");--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_sourced_id_key" UNIQUE("sourced_id");