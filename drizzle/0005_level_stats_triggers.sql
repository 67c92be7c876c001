-- level_stats holds each class's grade and attendance totals. Triggers keep it exact inside the
-- writing transaction (nothing is cached, nothing can be stale); rebuild_level_stats() recomputes
-- it from scratch (used below for existing data and by the data generator after bulk loads).
CREATE OR REPLACE FUNCTION rebuild_level_stats() RETURNS void AS $$
BEGIN
  DELETE FROM level_stats;
  INSERT INTO level_stats (level_code, graded, earned, possible, present, absent, late, excused)
  SELECT l.code, coalesce(g.graded, 0), coalesce(g.earned, 0), coalesce(g.possible, 0),
         coalesce(t.present, 0), coalesce(t.absent, 0), coalesce(t.late, 0), coalesce(t.excused, 0)
  FROM levels l
  LEFT JOIN (SELECT a.level_code, count(*) AS graded, sum(gr.score) AS earned, sum(a.max_score) AS possible
             FROM grades gr JOIN assignments a ON a.id = gr.assignment_id GROUP BY a.level_code) g ON g.level_code = l.code
  LEFT JOIN (SELECT level_code, count(*) FILTER (WHERE status = 'present') AS present, count(*) FILTER (WHERE status = 'absent') AS absent,
                    count(*) FILTER (WHERE status = 'late') AS late, count(*) FILTER (WHERE status = 'excused') AS excused
             FROM attendance GROUP BY level_code) t ON t.level_code = l.code;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION level_stats_grades() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE level_stats s SET graded = s.graded - 1, earned = s.earned - OLD.score, possible = s.possible - a.max_score
    FROM assignments a WHERE a.id = OLD.assignment_id AND s.level_code = a.level_code;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO level_stats AS s (level_code, graded, earned, possible)
    SELECT a.level_code, 1, NEW.score, a.max_score FROM assignments a WHERE a.id = NEW.assignment_id
    ON CONFLICT (level_code) DO UPDATE SET graded = s.graded + 1, earned = s.earned + EXCLUDED.earned, possible = s.possible + EXCLUDED.possible;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER grades_level_stats AFTER INSERT OR UPDATE OR DELETE ON grades
  FOR EACH ROW EXECUTE FUNCTION level_stats_grades();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION level_stats_attendance() RETURNS trigger AS $$
BEGIN
  -- A class code rename reaches attendance through its foreign key; level_stats follows through
  -- its own, so there is nothing to move.
  IF TG_OP = 'UPDATE' AND OLD.level_code <> NEW.level_code THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE level_stats SET
      present = present - (OLD.status = 'present')::int, absent = absent - (OLD.status = 'absent')::int,
      late = late - (OLD.status = 'late')::int, excused = excused - (OLD.status = 'excused')::int
    WHERE level_code = OLD.level_code;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO level_stats AS s (level_code, present, absent, late, excused)
    VALUES (NEW.level_code, (NEW.status = 'present')::int, (NEW.status = 'absent')::int, (NEW.status = 'late')::int, (NEW.status = 'excused')::int)
    ON CONFLICT (level_code) DO UPDATE SET present = s.present + EXCLUDED.present, absent = s.absent + EXCLUDED.absent,
      late = s.late + EXCLUDED.late, excused = s.excused + EXCLUDED.excused;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER attendance_level_stats AFTER INSERT OR UPDATE OR DELETE ON attendance
  FOR EACH ROW EXECUTE FUNCTION level_stats_attendance();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION level_stats_max_score() RETURNS trigger AS $$
BEGIN
  IF NEW.max_score <> OLD.max_score THEN
    UPDATE level_stats SET possible = possible + (NEW.max_score - OLD.max_score) * (SELECT count(*) FROM grades WHERE assignment_id = NEW.id)
    WHERE level_code = NEW.level_code;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER assignments_level_stats AFTER UPDATE OF max_score ON assignments
  FOR EACH ROW EXECUTE FUNCTION level_stats_max_score();
--> statement-breakpoint
SELECT rebuild_level_stats();
