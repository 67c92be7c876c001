CREATE TABLE "school_years" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"sourced_id" text,
	"closed_at" timestamp with time zone,
	"closed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "school_years_sourced_id_key" UNIQUE("sourced_id"),
	CONSTRAINT "school_years_dates_check" CHECK ("school_years"."end_date" >= "school_years"."start_date"),
	CONSTRAINT "school_years_title_check" CHECK (length("school_years"."title") between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "levels" ADD COLUMN "year_id" integer;--> statement-breakpoint
ALTER TABLE "school_terms" ADD COLUMN "year_id" integer;--> statement-breakpoint
ALTER TABLE "school_years" ADD CONSTRAINT "school_years_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "levels" ADD CONSTRAINT "levels_year_id_school_years_id_fk" FOREIGN KEY ("year_id") REFERENCES "public"."school_years"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_terms" ADD CONSTRAINT "school_terms_year_id_school_years_id_fk" FOREIGN KEY ("year_id") REFERENCES "public"."school_years"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "levels_year_idx" ON "levels" USING btree ("year_id");--> statement-breakpoint
-- An install that had terms gets its school years (issue 41): the roster's schoolYear sessions, or
-- else one year around the admin's terms; each term joins its parent session or the year that holds
-- it, and each class the year it was made in (else the year holding today, else the latest).
INSERT INTO "school_years" ("title", "start_date", "end_date", "sourced_id")
  SELECT left("title", 100), "start_date", "end_date", "sourced_id" FROM "school_terms" WHERE "type" = 'schoolYear';--> statement-breakpoint
INSERT INTO "school_years" ("title", "start_date", "end_date")
  SELECT to_char(min("start_date"), 'YYYY') || '–' || to_char(max("end_date"), 'YYYY'), min("start_date"), max("end_date")
  FROM "school_terms" WHERE NOT EXISTS (SELECT 1 FROM "school_years") HAVING count(*) > 0;--> statement-breakpoint
UPDATE "school_terms" t SET "year_id" = (
  SELECT y."id" FROM "school_years" y
  WHERE y."sourced_id" = t."parent_sourced_id" OR (t."start_date" >= y."start_date" AND t."end_date" <= y."end_date")
  ORDER BY (y."sourced_id" IS NOT DISTINCT FROM t."parent_sourced_id") DESC, y."start_date" LIMIT 1)
WHERE t."type" <> 'schoolYear';--> statement-breakpoint
UPDATE "levels" l SET "year_id" = (
  SELECT y."id" FROM "school_years" y
  ORDER BY (l."created_at"::date BETWEEN y."start_date" AND y."end_date") DESC,
           (current_date BETWEEN y."start_date" AND y."end_date") DESC, y."end_date" DESC LIMIT 1);
