CREATE TABLE "level_stats" (
	"level_code" text PRIMARY KEY NOT NULL,
	"graded" integer DEFAULT 0 NOT NULL,
	"earned" numeric(14, 2) DEFAULT 0 NOT NULL,
	"possible" numeric(14, 2) DEFAULT 0 NOT NULL,
	"present" integer DEFAULT 0 NOT NULL,
	"absent" integer DEFAULT 0 NOT NULL,
	"late" integer DEFAULT 0 NOT NULL,
	"excused" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "level_stats" ADD CONSTRAINT "level_stats_level_code_levels_code_fk" FOREIGN KEY ("level_code") REFERENCES "public"."levels"("code") ON DELETE cascade ON UPDATE cascade;