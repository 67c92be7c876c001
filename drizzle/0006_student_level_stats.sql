CREATE TABLE "student_level_stats" (
	"level_code" text NOT NULL,
	"student_id" integer NOT NULL,
	"graded" integer DEFAULT 0 NOT NULL,
	"earned" numeric(14, 2) DEFAULT 0 NOT NULL,
	"possible" numeric(14, 2) DEFAULT 0 NOT NULL,
	"present" integer DEFAULT 0 NOT NULL,
	"absent" integer DEFAULT 0 NOT NULL,
	"late" integer DEFAULT 0 NOT NULL,
	"excused" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "student_level_stats_level_code_student_id_pk" PRIMARY KEY("level_code","student_id")
);
--> statement-breakpoint
ALTER TABLE "student_level_stats" ADD CONSTRAINT "student_level_stats_level_code_levels_code_fk" FOREIGN KEY ("level_code") REFERENCES "public"."levels"("code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "student_level_stats" ADD CONSTRAINT "student_level_stats_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_level_stats_student_idx" ON "student_level_stats" USING btree ("student_id");