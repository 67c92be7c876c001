-- Issue 33 (decision 023): a files row that goes (removed by hand, or with its assignment,
-- announcement, submission, uploader or class) queues its stored object for the sweep, in the
-- same transaction, so no object outlives its row unnoticed and none is removed while a row
-- still points to it.
CREATE OR REPLACE FUNCTION files_to_trash() RETURNS trigger AS $$
BEGIN
  INSERT INTO files_trash (storage_key, thumb_key, level_code, file_id, name)
  VALUES (OLD.storage_key, OLD.thumb_key, OLD.level_code, OLD.id, OLD.name);
  RETURN OLD;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER files_to_trash AFTER DELETE ON files FOR EACH ROW EXECUTE FUNCTION files_to_trash();
