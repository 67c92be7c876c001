-- Issue 44 (decision 033, "Drafts and return"): a grade still a draft (returned_at IS NULL) is not
-- graded yet for everyone but the class's staff, so the running totals (level_stats,
-- student_level_stats) count returned grades only. Returning a draft is an UPDATE of returned_at,
-- which the update trigger already sees: the old row (a draft) counted nothing, the new row counts.
CREATE OR REPLACE FUNCTION stats_grades() RETURNS trigger AS $$
BEGIN
  -- Each branch reads only the transition tables its event has.
  IF TG_OP = 'INSERT' THEN
    PERFORM apply_stats_deltas(ARRAY(
      SELECT ROW(a.level_code, n.student_id, 1, n.score, a.max_score, 0, 0, 0, 0)::stats_delta
      FROM new_rows n JOIN assignments a ON a.id = n.assignment_id WHERE n.returned_at IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM apply_stats_deltas(ARRAY(
      SELECT ROW(a.level_code, o.student_id, -1, -o.score, -a.max_score, 0, 0, 0, 0)::stats_delta
      FROM old_rows o JOIN assignments a ON a.id = o.assignment_id WHERE o.returned_at IS NOT NULL));
  ELSE
    PERFORM apply_stats_deltas(ARRAY(
      SELECT ROW(a.level_code, n.student_id, 1, n.score, a.max_score, 0, 0, 0, 0)::stats_delta
      FROM new_rows n JOIN assignments a ON a.id = n.assignment_id WHERE n.returned_at IS NOT NULL
      UNION ALL
      SELECT ROW(a.level_code, o.student_id, -1, -o.score, -a.max_score, 0, 0, 0, 0)::stats_delta
      FROM old_rows o JOIN assignments a ON a.id = o.assignment_id WHERE o.returned_at IS NOT NULL));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A new maximum changes the points possible of every returned grade on the assignment.
CREATE OR REPLACE FUNCTION stats_max_score() RETURNS trigger AS $$
BEGIN
  IF NEW.max_score <> OLD.max_score THEN
    PERFORM apply_stats_deltas(ARRAY(
      SELECT ROW(NEW.level_code, g.student_id, 0, 0, NEW.max_score - OLD.max_score, 0, 0, 0, 0)::stats_delta
      FROM grades g WHERE g.assignment_id = NEW.id AND g.returned_at IS NOT NULL));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rebuild_level_stats() RETURNS void AS $$
BEGIN
  DELETE FROM student_level_stats;
  INSERT INTO student_level_stats (level_code, student_id, graded, earned, possible, present, absent, late, excused)
  SELECT coalesce(g.level_code, t.level_code), coalesce(g.student_id, t.student_id), coalesce(g.graded, 0), coalesce(g.earned, 0), coalesce(g.possible, 0),
         coalesce(t.present, 0), coalesce(t.absent, 0), coalesce(t.late, 0), coalesce(t.excused, 0)
  FROM (SELECT a.level_code, gr.student_id, count(*) AS graded, sum(gr.score) AS earned, sum(a.max_score) AS possible
        FROM grades gr JOIN assignments a ON a.id = gr.assignment_id WHERE gr.returned_at IS NOT NULL GROUP BY 1, 2) g
  FULL JOIN (SELECT level_code, student_id, count(*) FILTER (WHERE status = 'present') AS present, count(*) FILTER (WHERE status = 'absent') AS absent,
                    count(*) FILTER (WHERE status = 'late') AS late, count(*) FILTER (WHERE status = 'excused') AS excused
             FROM attendance GROUP BY 1, 2) t ON t.level_code = g.level_code AND t.student_id = g.student_id;
  DELETE FROM level_stats;
  INSERT INTO level_stats (level_code, graded, earned, possible, present, absent, late, excused)
  SELECT l.code, coalesce(sum(s.graded), 0), coalesce(sum(s.earned), 0), coalesce(sum(s.possible), 0),
         coalesce(sum(s.present), 0), coalesce(sum(s.absent), 0), coalesce(sum(s.late), 0), coalesce(sum(s.excused), 0)
  FROM levels l LEFT JOIN student_level_stats s ON s.level_code = l.code GROUP BY l.code;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Drafts written between 0035 and this migration leave the totals.
SELECT rebuild_level_stats();
