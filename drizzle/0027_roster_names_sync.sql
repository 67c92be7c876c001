CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "roster_imports" DROP CONSTRAINT "roster_imports_source_check";--> statement-breakpoint
ALTER TABLE "roster_imports" DROP CONSTRAINT "roster_imports_status_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "given_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "family_name" text;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_imports" ADD CONSTRAINT "roster_imports_source_check" CHECK ("roster_imports"."source" in ('web', 'cli', 'sync'));--> statement-breakpoint
ALTER TABLE "roster_imports" ADD CONSTRAINT "roster_imports_status_check" CHECK ("roster_imports"."status" in ('previewed', 'applied', 'refused', 'failed', 'unchanged'));