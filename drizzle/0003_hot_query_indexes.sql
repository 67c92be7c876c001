CREATE INDEX "assignment_submissions_assignment_submitted_idx" ON "assignment_submissions" USING btree ("assignment_id","submitted_at");--> statement-breakpoint
CREATE INDEX "attendance_level_student_status_idx" ON "attendance" USING btree ("level_code","student_id","status");--> statement-breakpoint
CREATE INDEX "grades_assignment_graded_idx" ON "grades" USING btree ("assignment_id","graded_at");