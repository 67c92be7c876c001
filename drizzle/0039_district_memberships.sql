CREATE TABLE "school_memberships" (
	"user_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "school_memberships_user_id_school_id_pk" PRIMARY KEY("user_id","school_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "district_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "school_memberships" ADD CONSTRAINT "school_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_memberships" ADD CONSTRAINT "school_memberships_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "school_memberships_school_idx" ON "school_memberships" USING btree ("school_id");--> statement-breakpoint
-- Everyone who exists today belongs to the install's first school (decision 035).
INSERT INTO "school_memberships" ("user_id", "school_id") SELECT "id", 1 FROM "users";--> statement-breakpoint
-- A person is made in a school (the transaction's; the first school when none is set: the bench
-- generator and operators' scripts run as the owner without one) and belongs to it from then on,
-- whichever of the portal's writers made the row (admin screens, roster import, sign-in cards).
CREATE FUNCTION portal_person_joins_school() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO school_memberships (user_id, school_id) VALUES (NEW.id, coalesce(portal_school(), 1))
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_join_school" AFTER INSERT ON "users" FOR EACH ROW EXECUTE FUNCTION portal_person_joins_school();
