-- Each school's own settings (issue 42, decision 037): time zone, language, the parent lookup's
-- mode, which roles sign in with access codes, and the e-mail domains of its school accounts. NULL
-- is the install's setting (its environment variable), so an upgraded install changes nothing.
ALTER TABLE "schools" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "parent_portal" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "sign_in_codes" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "account_domains" text;