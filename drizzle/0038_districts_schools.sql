-- Districts (issue 42, decision 034): the install's schools, the school that owns each row, and
-- PostgreSQL's row-level security keeping one school's rows out of another school's queries.
CREATE TABLE "schools" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Every row that exists today belongs to the install's first school: a single-school install
-- sees no change. Its name is SCHOOL_NAME's default until an admin names it.
INSERT INTO "schools" ("id", "name") VALUES (1, 'Classroom Portal');--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('schools', 'id'), 1);--> statement-breakpoint
-- The school the portal set for the current transaction (lib/db/school-scope.ts), or null when
-- none is set: then a policy matches no row and an insert's NOT NULL refuses the row.
CREATE FUNCTION portal_school() RETURNS integer LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT nullif(current_setting('app.school_id', true), '')::integer
$$;--> statement-breakpoint
-- Existing rows take school 1 (a constant default is instant); new rows take the transaction's school.
ALTER TABLE "levels" ADD COLUMN "school_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "levels" ALTER COLUMN "school_id" SET DEFAULT portal_school();--> statement-breakpoint
ALTER TABLE "responses" ADD COLUMN "school_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "responses" ALTER COLUMN "school_id" SET DEFAULT portal_school();--> statement-breakpoint
ALTER TABLE "school_years" ADD COLUMN "school_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "school_years" ALTER COLUMN "school_id" SET DEFAULT portal_school();--> statement-breakpoint
ALTER TABLE "student_enrollment" ADD COLUMN "school_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "student_enrollment" ALTER COLUMN "school_id" SET DEFAULT portal_school();--> statement-breakpoint
ALTER TABLE "updates" ADD COLUMN "school_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "updates" ALTER COLUMN "school_id" SET DEFAULT portal_school();--> statement-breakpoint
ALTER TABLE "assignment_submissions" ADD COLUMN "school_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "assignment_submissions" ALTER COLUMN "school_id" SET DEFAULT portal_school();--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "school_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "assignments" ALTER COLUMN "school_id" SET DEFAULT portal_school();--> statement-breakpoint
ALTER TABLE "attendance" ADD COLUMN "school_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance" ALTER COLUMN "school_id" SET DEFAULT portal_school();--> statement-breakpoint
ALTER TABLE "grade_categories" ADD COLUMN "school_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "grade_categories" ALTER COLUMN "school_id" SET DEFAULT portal_school();--> statement-breakpoint
ALTER TABLE "grades" ADD COLUMN "school_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "grades" ALTER COLUMN "school_id" SET DEFAULT portal_school();--> statement-breakpoint
ALTER TABLE "level_stats" ADD COLUMN "school_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "level_stats" ALTER COLUMN "school_id" SET DEFAULT portal_school();--> statement-breakpoint
ALTER TABLE "student_level_stats" ADD COLUMN "school_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "student_level_stats" ALTER COLUMN "school_id" SET DEFAULT portal_school();--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "school_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "school_id" SET DEFAULT portal_school();--> statement-breakpoint
ALTER TABLE "guardian_links" ADD COLUMN "school_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "guardian_links" ALTER COLUMN "school_id" SET DEFAULT portal_school();--> statement-breakpoint
ALTER TABLE "pending_guardian_links" ADD COLUMN "school_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_guardian_links" ALTER COLUMN "school_id" SET DEFAULT portal_school();--> statement-breakpoint
ALTER TABLE "report_card_links" ADD COLUMN "school_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_card_links" ALTER COLUMN "school_id" SET DEFAULT portal_school();--> statement-breakpoint
ALTER TABLE "comment_bank" ADD COLUMN "school_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "comment_bank" ALTER COLUMN "school_id" SET DEFAULT portal_school();--> statement-breakpoint
ALTER TABLE "grade_marks" ADD COLUMN "school_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "grade_marks" ALTER COLUMN "school_id" SET DEFAULT portal_school();--> statement-breakpoint
ALTER TABLE "level_category_weights" ADD COLUMN "school_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "level_category_weights" ALTER COLUMN "school_id" SET DEFAULT portal_school();--> statement-breakpoint
ALTER TABLE "roster_imports" ADD COLUMN "school_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "roster_imports" ALTER COLUMN "school_id" SET DEFAULT portal_school();--> statement-breakpoint
ALTER TABLE "school_terms" ADD COLUMN "school_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "school_terms" ALTER COLUMN "school_id" SET DEFAULT portal_school();--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "school_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ALTER COLUMN "school_id" SET DEFAULT portal_school();--> statement-breakpoint
ALTER TABLE "term_comments" ADD COLUMN "school_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "term_comments" ALTER COLUMN "school_id" SET DEFAULT portal_school();--> statement-breakpoint
ALTER TABLE "term_grade_overrides" ADD COLUMN "school_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "term_grade_overrides" ALTER COLUMN "school_id" SET DEFAULT portal_school();--> statement-breakpoint
ALTER TABLE "term_grade_records" ADD COLUMN "school_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "term_grade_records" ALTER COLUMN "school_id" SET DEFAULT portal_school();--> statement-breakpoint
ALTER TABLE "term_publications" ADD COLUMN "school_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "term_publications" ALTER COLUMN "school_id" SET DEFAULT portal_school();--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "school_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ALTER COLUMN "school_id" SET DEFAULT portal_school();--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "school_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "school_id" SET DEFAULT portal_school();--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "school_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "school_id" SET DEFAULT portal_school();--> statement-breakpoint
ALTER TABLE "submission_files" ADD COLUMN "school_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "submission_files" ALTER COLUMN "school_id" SET DEFAULT portal_school();--> statement-breakpoint
ALTER TABLE "rubrics" ADD COLUMN "school_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "rubrics" ALTER COLUMN "school_id" SET DEFAULT portal_school();--> statement-breakpoint
ALTER TABLE "submission_comments" ADD COLUMN "school_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "submission_comments" ALTER COLUMN "school_id" SET DEFAULT portal_school();--> statement-breakpoint
-- A key's value is per school.
ALTER TABLE "settings" DROP CONSTRAINT "settings_pkey";--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_school_id_key_pk" PRIMARY KEY("school_id","key");--> statement-breakpoint
ALTER TABLE "levels" ADD CONSTRAINT "levels_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "responses" ADD CONSTRAINT "responses_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_years" ADD CONSTRAINT "school_years_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_enrollment" ADD CONSTRAINT "student_enrollment_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "updates" ADD CONSTRAINT "updates_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_submissions" ADD CONSTRAINT "assignment_submissions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_categories" ADD CONSTRAINT "grade_categories_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_stats" ADD CONSTRAINT "level_stats_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_level_stats" ADD CONSTRAINT "student_level_stats_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_links" ADD CONSTRAINT "guardian_links_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_guardian_links" ADD CONSTRAINT "pending_guardian_links_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_card_links" ADD CONSTRAINT "report_card_links_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_bank" ADD CONSTRAINT "comment_bank_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_marks" ADD CONSTRAINT "grade_marks_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_category_weights" ADD CONSTRAINT "level_category_weights_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_imports" ADD CONSTRAINT "roster_imports_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_terms" ADD CONSTRAINT "school_terms_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_comments" ADD CONSTRAINT "term_comments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_grade_overrides" ADD CONSTRAINT "term_grade_overrides_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_grade_records" ADD CONSTRAINT "term_grade_records_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_publications" ADD CONSTRAINT "term_publications_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_files" ADD CONSTRAINT "submission_files_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rubrics" ADD CONSTRAINT "rubrics_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_comments" ADD CONSTRAINT "submission_comments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The role the portal's queries run as (SET LOCAL ROLE at the start of every transaction): no
-- BYPASSRLS, owns nothing, so every policy below applies to it. Roles belong to the server, not to a
-- database: several portals on one server share it, each database granting it its own tables (a
-- server shared with other portals revokes CONNECT from PUBLIC on each database: decision 034).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'portal_app') THEN
    CREATE ROLE portal_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOINHERIT;
  END IF;
EXCEPTION
  WHEN duplicate_object OR unique_violation THEN
    NULL; -- made meanwhile by another database's migration
  WHEN insufficient_privilege THEN
    RAISE EXCEPTION 'The role portal_app does not exist and % may not create it. As a superuser: CREATE ROLE portal_app NOLOGIN NOBYPASSRLS; GRANT portal_app TO %;', current_user, current_user;
END $$;--> statement-breakpoint
-- The user the portal connects as must be able to SET ROLE to it (a superuser always can).
DO $$
BEGIN
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)
     AND NOT pg_has_role(current_user, 'portal_app', 'MEMBER') THEN
    EXECUTE 'GRANT portal_app TO ' || quote_ident(current_user);
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE EXCEPTION '% may not SET ROLE portal_app. As a superuser: GRANT portal_app TO %;', current_user, current_user;
END $$;--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO portal_app;--> statement-breakpoint
-- The readiness check compares the applied migrations with this build's (read only).
GRANT USAGE ON SCHEMA drizzle TO portal_app;--> statement-breakpoint
GRANT SELECT ON drizzle.__drizzle_migrations TO portal_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO portal_app;--> statement-breakpoint
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO portal_app;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO portal_app;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO portal_app;--> statement-breakpoint
-- One school's rows for one school: reading, changing and deleting see only rows of the transaction's
-- school, and a row written must be of it. FORCE applies the policy to the table's owner too. A
-- later school-scoped table calls this in its own migration (tests/school-isolation checks it did).
CREATE FUNCTION portal_isolate(target regclass) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', target);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', target);
  EXECUTE format('CREATE POLICY school_isolation ON %s USING (school_id = (SELECT portal_school())) WITH CHECK (school_id = (SELECT portal_school()))', target);
END $$;--> statement-breakpoint
-- The job queue is the district's: its worker claims every school's jobs and runs each in its school.
SELECT portal_isolate('levels');--> statement-breakpoint
SELECT portal_isolate('responses');--> statement-breakpoint
SELECT portal_isolate('school_years');--> statement-breakpoint
SELECT portal_isolate('student_enrollment');--> statement-breakpoint
SELECT portal_isolate('updates');--> statement-breakpoint
SELECT portal_isolate('assignment_submissions');--> statement-breakpoint
SELECT portal_isolate('assignments');--> statement-breakpoint
SELECT portal_isolate('attendance');--> statement-breakpoint
SELECT portal_isolate('grade_categories');--> statement-breakpoint
SELECT portal_isolate('grades');--> statement-breakpoint
SELECT portal_isolate('level_stats');--> statement-breakpoint
SELECT portal_isolate('student_level_stats');--> statement-breakpoint
SELECT portal_isolate('audit_log');--> statement-breakpoint
SELECT portal_isolate('guardian_links');--> statement-breakpoint
SELECT portal_isolate('pending_guardian_links');--> statement-breakpoint
SELECT portal_isolate('report_card_links');--> statement-breakpoint
SELECT portal_isolate('comment_bank');--> statement-breakpoint
SELECT portal_isolate('grade_marks');--> statement-breakpoint
SELECT portal_isolate('level_category_weights');--> statement-breakpoint
SELECT portal_isolate('roster_imports');--> statement-breakpoint
SELECT portal_isolate('school_terms');--> statement-breakpoint
SELECT portal_isolate('settings');--> statement-breakpoint
SELECT portal_isolate('term_comments');--> statement-breakpoint
SELECT portal_isolate('term_grade_overrides');--> statement-breakpoint
SELECT portal_isolate('term_grade_records');--> statement-breakpoint
SELECT portal_isolate('term_publications');--> statement-breakpoint
SELECT portal_isolate('notifications');--> statement-breakpoint
SELECT portal_isolate('files');--> statement-breakpoint
SELECT portal_isolate('submission_files');--> statement-breakpoint
SELECT portal_isolate('rubrics');--> statement-breakpoint
SELECT portal_isolate('submission_comments');
