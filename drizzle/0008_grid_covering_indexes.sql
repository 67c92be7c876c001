DROP INDEX "attendance_level_student_status_idx";--> statement-breakpoint
CREATE INDEX "attendance_level_student_day_idx" ON "attendance" USING btree ("level_code","student_id","date","status");--> statement-breakpoint
CREATE INDEX "grades_assignment_student_score_idx" ON "grades" USING btree ("assignment_id","student_id","score");