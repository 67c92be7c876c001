CREATE TABLE "oidc_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"matched_by" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "oidc_links_provider_subject_key" UNIQUE("provider","subject"),
	CONSTRAINT "oidc_links_matched_by_check" CHECK ("oidc_links"."matched_by" in ('email', 'roster'))
);
--> statement-breakpoint
CREATE TABLE "oidc_pending" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oidc_links" ADD CONSTRAINT "oidc_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oidc_links_user_idx" ON "oidc_links" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "oidc_pending_created_idx" ON "oidc_pending" USING btree ("created_at");