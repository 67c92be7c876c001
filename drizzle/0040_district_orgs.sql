-- The district's roster (issue 42, decision 036): a school is found by its org sourcedId, and the
-- district's calendar and category words are every school's, so their keys are per school; and a
-- membership remembers its last sign-in (/district's sign-in activity). Every key a district's files give
-- each school its own rows by (sourcedIds, guardian pairs) is per school.
ALTER TABLE "levels" DROP CONSTRAINT "levels_sourced_id_key";--> statement-breakpoint
ALTER TABLE "school_years" DROP CONSTRAINT "school_years_sourced_id_key";--> statement-breakpoint
ALTER TABLE "student_enrollment" DROP CONSTRAINT "student_enrollment_sourced_id_key";--> statement-breakpoint
ALTER TABLE "assignments" DROP CONSTRAINT "assignments_sourced_id_key";--> statement-breakpoint
ALTER TABLE "grade_categories" DROP CONSTRAINT "grade_categories_name_key";--> statement-breakpoint
ALTER TABLE "grade_categories" DROP CONSTRAINT "grade_categories_sourced_id_key";--> statement-breakpoint
ALTER TABLE "grades" DROP CONSTRAINT "grades_sourced_id_key";--> statement-breakpoint
ALTER TABLE "guardian_links" DROP CONSTRAINT "guardian_links_parent_student_key";--> statement-breakpoint
ALTER TABLE "pending_guardian_links" DROP CONSTRAINT "pending_guardian_links_parent_student_key";--> statement-breakpoint
ALTER TABLE "school_terms" DROP CONSTRAINT "school_terms_sourced_id_key";--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "sourced_id" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "parent_sourced_id" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "parent_name" text;--> statement-breakpoint
ALTER TABLE "school_memberships" ADD COLUMN "last_signed_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_sourced_id_unique" UNIQUE("sourced_id");--> statement-breakpoint
ALTER TABLE "levels" ADD CONSTRAINT "levels_school_sourced_id_key" UNIQUE("school_id","sourced_id");--> statement-breakpoint
ALTER TABLE "school_years" ADD CONSTRAINT "school_years_school_sourced_id_key" UNIQUE("school_id","sourced_id");--> statement-breakpoint
ALTER TABLE "student_enrollment" ADD CONSTRAINT "student_enrollment_school_sourced_id_key" UNIQUE("school_id","sourced_id");--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_school_sourced_id_key" UNIQUE("school_id","sourced_id");--> statement-breakpoint
ALTER TABLE "grade_categories" ADD CONSTRAINT "grade_categories_school_name_key" UNIQUE("school_id","name");--> statement-breakpoint
ALTER TABLE "grade_categories" ADD CONSTRAINT "grade_categories_school_sourced_id_key" UNIQUE("school_id","sourced_id");--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_school_sourced_id_key" UNIQUE("school_id","sourced_id");--> statement-breakpoint
ALTER TABLE "guardian_links" ADD CONSTRAINT "guardian_links_school_parent_student_key" UNIQUE("school_id","parent_id","student_id");--> statement-breakpoint
ALTER TABLE "pending_guardian_links" ADD CONSTRAINT "pending_guardian_links_school_parent_student_key" UNIQUE("school_id","parent_id","student_id");--> statement-breakpoint
ALTER TABLE "school_terms" ADD CONSTRAINT "school_terms_school_sourced_id_key" UNIQUE("school_id","sourced_id");--> statement-breakpoint
-- The phone sync (drizzle/0022) links within the transaction's school: its guardian links are keyed
-- per school now, and a number matches only the school's own members (a parent of school A is never
-- linked by phone to a student of school B).
CREATE OR REPLACE FUNCTION sync_guardian_phone_links() RETURNS trigger AS $$
DECLARE
  pending boolean := coalesce(current_setting('portal.guardian_links', true), '') = 'pending';
BEGIN
  -- Phone links of this user that no longer hold (a number changed or was cleared, a role changed).
  -- A link an admin marked removed goes too, so a later match links the pair afresh.
  WITH gone AS (
    DELETE FROM guardian_links g
    WHERE g.source = 'phone' AND (g.parent_id = NEW.id OR g.student_id = NEW.id)
      AND NOT EXISTS (
        SELECT 1 FROM users p JOIN users s ON s.id = g.student_id
        WHERE p.id = g.parent_id AND p.role = 'parent' AND s.role = 'student'
          AND length(p.phone_digits) >= 7 AND p.phone_digits IN (s.parent1_digits, s.parent2_digits))
    RETURNING g.parent_id, g.student_id, g.removed_at
  )
  INSERT INTO audit_log (action, detail)
  SELECT 'guardian.unlinked', jsonb_build_object('parentId', parent_id, 'studentId', student_id, 'source', 'phone', 'reason', 'phone numbers no longer match')
  FROM gone WHERE removed_at IS NULL;

  DELETE FROM pending_guardian_links pl
  WHERE (pl.parent_id = NEW.id OR pl.student_id = NEW.id)
    AND NOT EXISTS (
      SELECT 1 FROM users p JOIN users s ON s.id = pl.student_id
      WHERE p.id = pl.parent_id AND p.role = 'parent' AND s.role = 'student'
        AND length(p.phone_digits) >= 7 AND p.phone_digits IN (s.parent1_digits, s.parent2_digits));

  IF NEW.role = 'parent' AND length(NEW.phone_digits) >= 7 THEN
    IF pending THEN
      WITH filed AS (
        INSERT INTO pending_guardian_links (parent_id, student_id)
        SELECT NEW.id, m.id FROM (
          SELECT id FROM users WHERE role = 'student' AND length(parent1_digits) >= 7 AND parent1_digits = NEW.phone_digits AND EXISTS (SELECT 1 FROM school_memberships sm WHERE sm.user_id = users.id AND sm.school_id = portal_school())
          UNION
          SELECT id FROM users WHERE role = 'student' AND length(parent2_digits) >= 7 AND parent2_digits = NEW.phone_digits AND EXISTS (SELECT 1 FROM school_memberships sm WHERE sm.user_id = users.id AND sm.school_id = portal_school())
        ) m
        WHERE NOT EXISTS (SELECT 1 FROM guardian_links g WHERE g.parent_id = NEW.id AND g.student_id = m.id)
        ON CONFLICT (school_id, parent_id, student_id) DO NOTHING
        RETURNING parent_id, student_id
      )
      INSERT INTO audit_log (action, detail)
      SELECT 'guardian.link_pending', jsonb_build_object('parentId', parent_id, 'studentId', student_id, 'source', 'phone') FROM filed;
    ELSE
      WITH made AS (
        INSERT INTO guardian_links (parent_id, student_id, relationship, source)
        SELECT NEW.id, m.id, 'guardian', 'phone' FROM (
          SELECT id FROM users WHERE role = 'student' AND length(parent1_digits) >= 7 AND parent1_digits = NEW.phone_digits AND EXISTS (SELECT 1 FROM school_memberships sm WHERE sm.user_id = users.id AND sm.school_id = portal_school())
          UNION
          SELECT id FROM users WHERE role = 'student' AND length(parent2_digits) >= 7 AND parent2_digits = NEW.phone_digits AND EXISTS (SELECT 1 FROM school_memberships sm WHERE sm.user_id = users.id AND sm.school_id = portal_school())
        ) m
        WHERE NOT EXISTS (SELECT 1 FROM pending_guardian_links pl WHERE pl.parent_id = NEW.id AND pl.student_id = m.id)
        ON CONFLICT (school_id, parent_id, student_id) DO NOTHING
        RETURNING parent_id, student_id
      )
      INSERT INTO audit_log (action, detail)
      SELECT 'guardian.linked', jsonb_build_object('parentId', parent_id, 'studentId', student_id, 'source', 'phone') FROM made;
    END IF;
  ELSIF NEW.role = 'student' AND (length(NEW.parent1_digits) >= 7 OR length(NEW.parent2_digits) >= 7) THEN
    IF pending THEN
      WITH filed AS (
        INSERT INTO pending_guardian_links (parent_id, student_id)
        SELECT p.id, NEW.id FROM users p
        WHERE p.role = 'parent' AND length(p.phone_digits) >= 7 AND p.phone_digits IN (NEW.parent1_digits, NEW.parent2_digits) AND EXISTS (SELECT 1 FROM school_memberships sm WHERE sm.user_id = p.id AND sm.school_id = portal_school())
          AND NOT EXISTS (SELECT 1 FROM guardian_links g WHERE g.parent_id = p.id AND g.student_id = NEW.id)
        ON CONFLICT (school_id, parent_id, student_id) DO NOTHING
        RETURNING parent_id, student_id
      )
      INSERT INTO audit_log (action, detail)
      SELECT 'guardian.link_pending', jsonb_build_object('parentId', parent_id, 'studentId', student_id, 'source', 'phone') FROM filed;
    ELSE
      WITH made AS (
        INSERT INTO guardian_links (parent_id, student_id, relationship, source)
        SELECT p.id, NEW.id, 'guardian', 'phone' FROM users p
        WHERE p.role = 'parent' AND length(p.phone_digits) >= 7 AND p.phone_digits IN (NEW.parent1_digits, NEW.parent2_digits) AND EXISTS (SELECT 1 FROM school_memberships sm WHERE sm.user_id = p.id AND sm.school_id = portal_school())
          AND NOT EXISTS (SELECT 1 FROM pending_guardian_links pl WHERE pl.parent_id = p.id AND pl.student_id = NEW.id)
        ON CONFLICT (school_id, parent_id, student_id) DO NOTHING
        RETURNING parent_id, student_id
      )
      INSERT INTO audit_log (action, detail)
      SELECT 'guardian.linked', jsonb_build_object('parentId', parent_id, 'studentId', student_id, 'source', 'phone') FROM made;
    END IF;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
