CREATE TABLE "submission_files" (
	"submission_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	CONSTRAINT "submission_files_submission_id_file_id_pk" PRIMARY KEY("submission_id","file_id")
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "draft_id" text;--> statement-breakpoint
ALTER TABLE "submission_files" ADD CONSTRAINT "submission_files_submission_id_assignment_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."assignment_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_files" ADD CONSTRAINT "submission_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submission_files_file_idx" ON "submission_files" USING btree ("file_id");--> statement-breakpoint
-- Files handed in before this table existed: each with the one submission that sent it.
INSERT INTO "submission_files" ("submission_id", "file_id") SELECT "submission_id", "id" FROM "files" WHERE "submission_id" IS NOT NULL;
