ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
-- The audit log stays append-only, with one exception (issue 41): the transaction that erases
-- departed students after the retention period (lib/records/erase.ts) sets `portal.erasing` to 'on'
-- and may rewrite an entry's detail, where a name, e-mail or phone number of theirs was copied.
-- Nothing else of an entry may change, and no entry may be removed.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND coalesce(current_setting('portal.erasing', true), '') = 'on'
     AND NEW.id = OLD.id AND NEW.at = OLD.at AND NEW.action = OLD.action
     AND NEW.actor_id IS NOT DISTINCT FROM OLD.actor_id AND NEW.level_code IS NOT DISTINCT FROM OLD.level_code THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$ LANGUAGE plpgsql;
