-- Term report cards (issue 19): a published term (its grades locked until an admin unlocks it), teachers' comments per student, class and term, and each teacher's comment bank.
CREATE TABLE "comment_bank" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_bank_teacher_text_key" UNIQUE("teacher_id","text"),
	CONSTRAINT "comment_bank_length_check" CHECK (length("comment_bank"."text") between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "term_comments" (
	"level_code" text NOT NULL,
	"student_id" integer NOT NULL,
	"term_id" integer NOT NULL,
	"comment" text NOT NULL,
	"teacher_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "term_comments_level_code_student_id_term_id_pk" PRIMARY KEY("level_code","student_id","term_id"),
	CONSTRAINT "term_comments_length_check" CHECK (length("term_comments"."comment") between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "term_publications" (
	"term_id" integer PRIMARY KEY NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" integer
);
--> statement-breakpoint
ALTER TABLE "comment_bank" ADD CONSTRAINT "comment_bank_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_comments" ADD CONSTRAINT "term_comments_level_code_levels_code_fk" FOREIGN KEY ("level_code") REFERENCES "public"."levels"("code") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "term_comments" ADD CONSTRAINT "term_comments_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_comments" ADD CONSTRAINT "term_comments_term_id_school_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."school_terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_comments" ADD CONSTRAINT "term_comments_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_publications" ADD CONSTRAINT "term_publications_term_id_school_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."school_terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_publications" ADD CONSTRAINT "term_publications_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;