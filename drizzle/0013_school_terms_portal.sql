-- Terms made by an admin on /admin → Terms have no OneRoster sourcedId (issue 19); imports key on and touch only those that do.
ALTER TABLE "school_terms" ALTER COLUMN "sourced_id" DROP NOT NULL;