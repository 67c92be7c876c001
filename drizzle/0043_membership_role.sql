-- A membership carries its person's role (one role a person, decision 035), so a school's students,
-- parents or teachers are one range of an index: the admin's counts, the parent lookup and the
-- school's lists of people read that school's members, not every person of the district.
ALTER TABLE "school_memberships" ADD COLUMN "role" text;--> statement-breakpoint
UPDATE "school_memberships" m SET "role" = u."role" FROM "users" u WHERE u."id" = m."user_id";--> statement-breakpoint
ALTER TABLE "school_memberships" ALTER COLUMN "role" SET NOT NULL;--> statement-breakpoint
DROP INDEX "school_memberships_school_idx";--> statement-breakpoint
CREATE INDEX "school_memberships_school_role_idx" ON "school_memberships" USING btree ("school_id","role","user_id");--> statement-breakpoint
-- Whoever makes a membership (the users trigger of 0039, the roster, the district's "add to a
-- school", an operator's script) names only the person and the school: the role is read here, so
-- no writer can set one that is not the person's.
CREATE FUNCTION portal_membership_takes_role() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.role := (SELECT role FROM users WHERE id = NEW.user_id);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "school_memberships_take_role" BEFORE INSERT OR UPDATE OF "user_id", "role" ON "school_memberships" FOR EACH ROW EXECUTE FUNCTION portal_membership_takes_role();--> statement-breakpoint
-- A role changed on the person (no screen does it; an operator might) follows to every membership.
CREATE FUNCTION portal_person_role_follows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE school_memberships SET role = NEW.role WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_role_follows" AFTER UPDATE OF "role" ON "users" FOR EACH ROW WHEN (OLD."role" IS DISTINCT FROM NEW."role") EXECUTE FUNCTION portal_person_role_follows();
