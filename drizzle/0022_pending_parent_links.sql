-- Issue 28 (decision 019): a parent number typed by a teacher links no parent by itself. The phone
-- sync of drizzle/0010 is replaced by the same function with one difference: when the writing
-- transaction has set `portal.guardian_links` to 'pending' (a teacher's Create/Edit Student,
-- app/level/[levelCode]/update/class-roster-actions.ts), a matching pair goes to
-- pending_guardian_links instead of guardian_links, and only an admin's confirmation on /admin →
-- Security makes the link. A pending pair is never linked by a later write either (an admin
-- editing the parent's phone, an import): confirming is the only way. Pending pairs whose numbers
-- stop matching go, like phone links. Links made by an admin (source 'admin') are never touched.
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
          SELECT id FROM users WHERE role = 'student' AND length(parent1_digits) >= 7 AND parent1_digits = NEW.phone_digits
          UNION
          SELECT id FROM users WHERE role = 'student' AND length(parent2_digits) >= 7 AND parent2_digits = NEW.phone_digits
        ) m
        WHERE NOT EXISTS (SELECT 1 FROM guardian_links g WHERE g.parent_id = NEW.id AND g.student_id = m.id)
        ON CONFLICT (parent_id, student_id) DO NOTHING
        RETURNING parent_id, student_id
      )
      INSERT INTO audit_log (action, detail)
      SELECT 'guardian.link_pending', jsonb_build_object('parentId', parent_id, 'studentId', student_id, 'source', 'phone') FROM filed;
    ELSE
      WITH made AS (
        INSERT INTO guardian_links (parent_id, student_id, relationship, source)
        SELECT NEW.id, m.id, 'guardian', 'phone' FROM (
          SELECT id FROM users WHERE role = 'student' AND length(parent1_digits) >= 7 AND parent1_digits = NEW.phone_digits
          UNION
          SELECT id FROM users WHERE role = 'student' AND length(parent2_digits) >= 7 AND parent2_digits = NEW.phone_digits
        ) m
        WHERE NOT EXISTS (SELECT 1 FROM pending_guardian_links pl WHERE pl.parent_id = NEW.id AND pl.student_id = m.id)
        ON CONFLICT (parent_id, student_id) DO NOTHING
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
        WHERE p.role = 'parent' AND length(p.phone_digits) >= 7 AND p.phone_digits IN (NEW.parent1_digits, NEW.parent2_digits)
          AND NOT EXISTS (SELECT 1 FROM guardian_links g WHERE g.parent_id = p.id AND g.student_id = NEW.id)
        ON CONFLICT (parent_id, student_id) DO NOTHING
        RETURNING parent_id, student_id
      )
      INSERT INTO audit_log (action, detail)
      SELECT 'guardian.link_pending', jsonb_build_object('parentId', parent_id, 'studentId', student_id, 'source', 'phone') FROM filed;
    ELSE
      WITH made AS (
        INSERT INTO guardian_links (parent_id, student_id, relationship, source)
        SELECT p.id, NEW.id, 'guardian', 'phone' FROM users p
        WHERE p.role = 'parent' AND length(p.phone_digits) >= 7 AND p.phone_digits IN (NEW.parent1_digits, NEW.parent2_digits)
          AND NOT EXISTS (SELECT 1 FROM pending_guardian_links pl WHERE pl.parent_id = p.id AND pl.student_id = NEW.id)
        ON CONFLICT (parent_id, student_id) DO NOTHING
        RETURNING parent_id, student_id
      )
      INSERT INTO audit_log (action, detail)
      SELECT 'guardian.linked', jsonb_build_object('parentId', parent_id, 'studentId', student_id, 'source', 'phone') FROM made;
    END IF;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
