// Single sign-on: OIDC links, blocks and pending sign-ins.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { users } from "./people";

/**
 * A school account (OpenID Connect, issue 32) that signs in as a portal user: the provider's
 * configured name and its `sub`, never an e-mail (decision 022). Made on the first sign-in that
 * matched exactly one user; removed by an admin, or with the user.
 */
export const oidcLinks = pgTable(
  "oidc_links",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    // What the link was made from, for the admin's list: the verified e-mail or the roster id.
    matchedBy: text("matched_by").notNull(),
    email: text("email"),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [
    unique("oidc_links_provider_subject_key").on(t.provider, t.subject),
    index("oidc_links_user_idx").on(t.userId),
    check("oidc_links_matched_by_check", sql`${t.matchedBy} in ('email', 'roster')`),
  ],
);

/**
 * A school account (provider name + `sub`) an admin blocked when removing its link (decision 022):
 * it never links again, by e-mail or by roster claim, until an admin lifts the block. Kept per
 * subject, so it outlives the user it was linked to (`user_id` only says whose link it was).
 */
export const oidcBlocks = pgTable(
  "oidc_blocks",
  {
    id: serial("id").primaryKey(),
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    // The removed link's e-mail, so the admin's list can say which account this is.
    email: text("email"),
    createdAt: createdAt(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    unique("oidc_blocks_provider_subject_key").on(t.provider, t.subject),
    index("oidc_blocks_user_idx").on(t.userId),
  ],
);

/**
 * A sign-in on its way through a provider: keyed by the SHA-256 of its `state`, holding the PKCE
 * verifier and the nonce. Used once (deleted when the provider answers); older than 10 minutes: void.
 */
export const oidcPending = pgTable(
  "oidc_pending",
  {
    stateHash: text("state_hash").primaryKey(),
    provider: text("provider").notNull(),
    codeVerifier: text("code_verifier").notNull(),
    nonce: text("nonce").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("oidc_pending_created_idx").on(t.createdAt)],
);
