ALTER TABLE "term_grade_records" ADD COLUMN "why_english" jsonb;--> statement-breakpoint
-- Every card stored so far says "why this grade" in English sentences: keep them aside, to be
-- converted into message descriptors once by the next start (lib/gradebook/why-conversion.ts).
UPDATE "term_grade_records" SET "why_english" = "why";--> statement-breakpoint
CREATE INDEX "term_grade_records_why_english_idx" ON "term_grade_records" USING btree ("term_id") WHERE "term_grade_records"."why_english" is not null;
