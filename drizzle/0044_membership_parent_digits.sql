-- A student's membership carries the two parent numbers as digits (users.parent1_digits and
-- parent2_digits, "parent1 parent2": no number of 7 digits or more matches across the space), so the
-- parent lookup reads the school's own students, one range of the (school, role) index, instead of
-- every student of the district.
ALTER TABLE "school_memberships" ADD COLUMN "parent_digits" text;--> statement-breakpoint
UPDATE "school_memberships" m SET "parent_digits" = coalesce(u."parent1_digits", '') || ' ' || coalesce(u."parent2_digits", '')
  FROM "users" u WHERE u."id" = m."user_id" AND u."role" = 'student';--> statement-breakpoint
-- Whoever makes a membership names the person and the school only; the copies are read here.
CREATE OR REPLACE FUNCTION portal_membership_takes_role() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT u.role, CASE WHEN u.role = 'student' THEN coalesce(u.parent1_digits, '') || ' ' || coalesce(u.parent2_digits, '') END
    INTO NEW.role, NEW.parent_digits FROM users u WHERE u.id = NEW.user_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER "school_memberships_take_role" ON "school_memberships";--> statement-breakpoint
CREATE TRIGGER "school_memberships_take_role" BEFORE INSERT OR UPDATE OF "user_id", "role", "parent_digits" ON "school_memberships" FOR EACH ROW EXECUTE FUNCTION portal_membership_takes_role();--> statement-breakpoint
-- A person's role or parent numbers changed (an admin's edit, the roster) follow to every school of theirs.
DROP TRIGGER "users_role_follows" ON "users";--> statement-breakpoint
DROP FUNCTION portal_person_role_follows();--> statement-breakpoint
CREATE FUNCTION portal_person_copies_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The membership's own trigger reads the person's row again.
  UPDATE school_memberships SET role = NEW.role WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_copies_follow" AFTER UPDATE OF "role", "parent1_number", "parent2_number" ON "users" FOR EACH ROW
  WHEN ((OLD."role", OLD."parent1_digits", OLD."parent2_digits") IS DISTINCT FROM (NEW."role", NEW."parent1_digits", NEW."parent2_digits"))
  EXECUTE FUNCTION portal_person_copies_follow();
