-- Guardian links made from phone numbers (decision 004). A parent user whose phone number equals
-- one of a student's parent numbers in full (digits compared to digits) is linked to that
-- student; when either side's number changes, the links are brought in step in the same
-- statement, whichever code path wrote the row (admin forms, teachers' roster edits, imports,
-- the demo seed, the generator). Links made by an admin (source 'admin') are never touched here.
-- Every link made or dropped here is written to the audit log.
CREATE OR REPLACE FUNCTION sync_guardian_phone_links() RETURNS trigger AS $$
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

  IF NEW.role = 'parent' AND length(NEW.phone_digits) >= 7 THEN
    WITH made AS (
      INSERT INTO guardian_links (parent_id, student_id, relationship, source)
      SELECT NEW.id, m.id, 'guardian', 'phone' FROM (
        SELECT id FROM users WHERE role = 'student' AND length(parent1_digits) >= 7 AND parent1_digits = NEW.phone_digits
        UNION
        SELECT id FROM users WHERE role = 'student' AND length(parent2_digits) >= 7 AND parent2_digits = NEW.phone_digits
      ) m
      ON CONFLICT (parent_id, student_id) DO NOTHING
      RETURNING parent_id, student_id
    )
    INSERT INTO audit_log (action, detail)
    SELECT 'guardian.linked', jsonb_build_object('parentId', parent_id, 'studentId', student_id, 'source', 'phone') FROM made;
  ELSIF NEW.role = 'student' AND (length(NEW.parent1_digits) >= 7 OR length(NEW.parent2_digits) >= 7) THEN
    WITH made AS (
      INSERT INTO guardian_links (parent_id, student_id, relationship, source)
      SELECT p.id, NEW.id, 'guardian', 'phone' FROM users p
      WHERE p.role = 'parent' AND length(p.phone_digits) >= 7 AND p.phone_digits IN (NEW.parent1_digits, NEW.parent2_digits)
      ON CONFLICT (parent_id, student_id) DO NOTHING
      RETURNING parent_id, student_id
    )
    INSERT INTO audit_log (action, detail)
    SELECT 'guardian.linked', jsonb_build_object('parentId', parent_id, 'studentId', student_id, 'source', 'phone') FROM made;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_guardian_phone_links_insert AFTER INSERT ON users
  FOR EACH ROW WHEN (NEW.role IN ('parent', 'student')) EXECUTE FUNCTION sync_guardian_phone_links();
--> statement-breakpoint
CREATE TRIGGER users_guardian_phone_links_update AFTER UPDATE OF phone_number, parent1_number, parent2_number, role ON users
  FOR EACH ROW WHEN (OLD.phone_number IS DISTINCT FROM NEW.phone_number OR OLD.parent1_number IS DISTINCT FROM NEW.parent1_number
    OR OLD.parent2_number IS DISTINCT FROM NEW.parent2_number OR OLD.role IS DISTINCT FROM NEW.role)
  EXECUTE FUNCTION sync_guardian_phone_links();
--> statement-breakpoint
-- Existing schools: link every pair that matches today.
WITH made AS (
  INSERT INTO guardian_links (parent_id, student_id, relationship, source)
  SELECT DISTINCT p.id, s.id, 'guardian', 'phone' FROM users p JOIN users s
    ON s.role = 'student' AND p.phone_digits IN (s.parent1_digits, s.parent2_digits)
  WHERE p.role = 'parent' AND length(p.phone_digits) >= 7
  ON CONFLICT (parent_id, student_id) DO NOTHING
  RETURNING parent_id, student_id
)
INSERT INTO audit_log (action, detail)
SELECT 'guardian.linked', jsonb_build_object('parentId', parent_id, 'studentId', student_id, 'source', 'phone', 'reason', 'existing phone numbers') FROM made;
