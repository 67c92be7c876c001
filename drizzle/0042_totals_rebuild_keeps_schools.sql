-- rebuild_level_stats() (0036) predates schools: its rows took the school_id default, the
-- caller's school, so a rebuild in a district gave every school's totals to one school (and
-- none outside a school). Each row now keeps the school of the rows it sums.
CREATE OR REPLACE FUNCTION rebuild_level_stats() RETURNS void AS $$
BEGIN
  DELETE FROM student_level_stats;
  INSERT INTO student_level_stats (school_id, level_code, student_id, graded, earned, possible, present, absent, late, excused)
  SELECT coalesce(g.school_id, t.school_id), coalesce(g.level_code, t.level_code), coalesce(g.student_id, t.student_id), coalesce(g.graded, 0), coalesce(g.earned, 0), coalesce(g.possible, 0),
         coalesce(t.present, 0), coalesce(t.absent, 0), coalesce(t.late, 0), coalesce(t.excused, 0)
  FROM (SELECT a.school_id, a.level_code, gr.student_id, count(*) AS graded, sum(gr.score) AS earned, sum(a.max_score) AS possible
        FROM grades gr JOIN assignments a ON a.id = gr.assignment_id WHERE gr.returned_at IS NOT NULL GROUP BY 1, 2, 3) g
  FULL JOIN (SELECT school_id, level_code, student_id, count(*) FILTER (WHERE status = 'present') AS present, count(*) FILTER (WHERE status = 'absent') AS absent,
                    count(*) FILTER (WHERE status = 'late') AS late, count(*) FILTER (WHERE status = 'excused') AS excused
             FROM attendance GROUP BY 1, 2, 3) t ON t.level_code = g.level_code AND t.student_id = g.student_id;
  DELETE FROM level_stats;
  INSERT INTO level_stats (school_id, level_code, graded, earned, possible, present, absent, late, excused)
  SELECT l.school_id, l.code, coalesce(sum(s.graded), 0), coalesce(sum(s.earned), 0), coalesce(sum(s.possible), 0),
         coalesce(sum(s.present), 0), coalesce(sum(s.absent), 0), coalesce(sum(s.late), 0), coalesce(sum(s.excused), 0)
  FROM levels l LEFT JOIN student_level_stats s ON s.level_code = l.code GROUP BY l.school_id, l.code;
END;
$$ LANGUAGE plpgsql;
