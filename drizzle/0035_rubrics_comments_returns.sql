CREATE TABLE "rubrics" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer,
	"shared" boolean DEFAULT false NOT NULL,
	"title" text NOT NULL,
	"criteria" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submission_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"assignment_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"author_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_by" integer,
	CONSTRAINT "submission_comments_body_check" CHECK (length("submission_comments"."body") between 1 and 5000)
);
--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT "files_kind_check";--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "rubric" jsonb;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "rubric_id" integer;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "post_policy" text DEFAULT 'immediate' NOT NULL;--> statement-breakpoint
ALTER TABLE "grades" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "grades" ADD COLUMN "rubric_levels" jsonb;--> statement-breakpoint
ALTER TABLE "grades" ADD COLUMN "rubric_score" numeric(8, 2);--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "comment_id" integer;--> statement-breakpoint
ALTER TABLE "rubrics" ADD CONSTRAINT "rubrics_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_comments" ADD CONSTRAINT "submission_comments_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_comments" ADD CONSTRAINT "submission_comments_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_comments" ADD CONSTRAINT "submission_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_comments" ADD CONSTRAINT "submission_comments_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rubrics_owner_idx" ON "rubrics" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "rubrics_shared_idx" ON "rubrics" USING btree ("shared");--> statement-breakpoint
CREATE INDEX "submission_comments_thread_idx" ON "submission_comments" USING btree ("assignment_id","student_id","created_at");--> statement-breakpoint
CREATE INDEX "submission_comments_author_idx" ON "submission_comments" USING btree ("author_id","created_at");--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_comment_id_submission_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."submission_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_comment_idx" ON "files" USING btree ("comment_id");--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_post_policy_check" CHECK ("assignments"."post_policy" in ('immediate', 'on_return'));--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_kind_check" CHECK ("files"."kind" in ('submission', 'assignment', 'announcement', 'comment'));--> statement-breakpoint
-- Every grade given before issue 44 reached its student when saved.
UPDATE "grades" SET "returned_at" = "graded_at";--> statement-breakpoint
-- Issue 44 (decision 033): a grade of an assignment posted at once is returned as it is saved, by
-- whatever writes it (the grid, a bulk grade, a roster import, the generator); a grade of an
-- assignment posted on return stays a draft (NULL) unless its writer returns it.
CREATE OR REPLACE FUNCTION grades_return_immediate() RETURNS trigger AS $$
BEGIN
  IF NEW.returned_at IS NULL
     AND (SELECT post_policy FROM assignments WHERE id = NEW.assignment_id) = 'immediate' THEN
    NEW.returned_at := NEW.graded_at;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER grades_return_immediate BEFORE INSERT ON grades
  FOR EACH ROW EXECUTE FUNCTION grades_return_immediate();--> statement-breakpoint
-- An assignment switched to "at once" returns its drafts: nothing stays hidden under that policy.
CREATE OR REPLACE FUNCTION assignments_return_drafts() RETURNS trigger AS $$
BEGIN
  IF NEW.post_policy = 'immediate' AND OLD.post_policy <> 'immediate' THEN
    UPDATE grades SET returned_at = now() WHERE assignment_id = NEW.id AND returned_at IS NULL;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER assignments_return_drafts AFTER UPDATE OF post_policy ON assignments
  FOR EACH ROW EXECUTE FUNCTION assignments_return_drafts();
