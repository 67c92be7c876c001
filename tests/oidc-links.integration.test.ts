import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listSignInBlocks, liftSignInBlock } from "@/lib/auth/oidc/blocks";
import { listSignInLinks, removeSignInLink } from "@/lib/auth/oidc/links";
import { db } from "@/lib/db/client";
import { DEMO_ADMIN, DEMO_INSTRUCTORS, DEMO_STUDENTS } from "@/lib/db/demo-school";
import { users } from "@/lib/db/schema";
import { signInRefusalKey } from "@/lib/domain/messages";
import { messagesFor } from "@/lib/i18n/catalog";
import { msg } from "@/lib/i18n/message";
import {
  expectRefused,
  lastAudit,
  linksOf as links,
  useOidcPortal,
  userIdByEmail as userId,
} from "./support/oidc-portal";
import { useTestDatabase } from "./support/test-db";

// Issue 39, items 1–3: how a school account is matched to a portal user, on PGlite and PostgreSQL,
// through real OpenID providers ("school" by e-mail; "district" also by the roster claim sourcedId).

useTestDatabase();
const { configure, signInThrough } = useOidcPortal();

const KELVIN_LIAM = "liam.o\u212Aafor@students.demo.school"; // U+212A KELVIN SIGN for the k
const setEmail = (id: number, email: string) => db().update(users).set({ email }).where(eq(users.id, id));
const setSourcedId = (id: number, sourcedId: string | null) =>
  db().update(users).set({ sourcedId }).where(eq(users.id, id));
const adminId = () => userId(DEMO_ADMIN.email);

describe("e-mail addresses compare strictly (A–Z folded, nothing else)", () => {
  it("a provider-verified address with a look-alike letter does not link the person it looks like", async () => {
    const liam = await userId(DEMO_STUDENTS[1]!.email);
    expect(DEMO_STUDENTS[1]!.email).toBe("liam.okafor@students.demo.school");
    await expectRefused(() => signInThrough("liamk"), "unknown");
    expect(await links(liam)).toEqual([]);
  });

  it("a stored address with a look-alike letter matches only the same characters, not its ASCII twin", async () => {
    const liam = await userId(DEMO_STUDENTS[1]!.email);
    await setEmail(liam, KELVIN_LIAM);
    try {
      // The database's lower() would fold the stored U+212A to "k"; the comparison does not.
      await expectRefused(() => signInThrough("liam"), "unknown");
      expect(await signInThrough("liamk")).toBe("/");
      expect(await links(liam)).toMatchObject([{ subject: "liamk", matchedBy: "email", email: KELVIN_LIAM }]);
    } finally {
      await setEmail(liam, DEMO_STUDENTS[1]!.email);
    }
  });

  it("ASCII capitals still match: DAVID.CHEN@demo.school links David Chen", async () => {
    const david = await userId(DEMO_INSTRUCTORS[1].email);
    expect(await signInThrough("david")).toBe("/");
    expect(await links(david)).toMatchObject([{ subject: "david", email: "david.chen@demo.school" }]);
  });
});

describe("a roster-id claim links only under the provider's rules", () => {
  it("the admin's sourcedId on an account with an unverified, outside e-mail is refused", async () => {
    await setSourcedId(await adminId(), "roster-alex-morgan");
    await expectRefused(() => signInThrough("mallory", "district"), "unverified");
    expect(await links(await adminId())).toEqual([]);
  });

  it("a verified e-mail outside the provider's domains refuses a claim link too", async () => {
    const maya = await userId(DEMO_STUDENTS[2]!.email);
    await setSourcedId(maya, "roster-maya-patel");
    await expectRefused(() => signInThrough("outsider", "district"), "domain");
    expect(await links(maya)).toEqual([]);
  });

  it("a claim and a verified e-mail naming two different people link neither", async () => {
    await setSourcedId(await userId(DEMO_STUDENTS[2]!.email), "roster-maya-patel");
    await expectRefused(() => signInThrough("twofaced", "district"), "conflict");
  });

  it("the claim alone links an admin only while the school allows it (OIDC_<NAME>_ROSTER_CLAIM_ADMINS=on)", async () => {
    const admin = await adminId();
    await setSourcedId(admin, "roster-alex-morgan");
    await expectRefused(() => signInThrough("alex", "district"), "admin_claim");
    configure({ OIDC_DISTRICT_ROSTER_CLAIM_ADMINS: "on" });
    try {
      expect(await signInThrough("alex", "district")).toBe("/");
      expect(await links(admin)).toMatchObject([{ provider: "district", subject: "alex", matchedBy: "roster" }]);
    } finally {
      configure();
    }
    // Turned off again: the link made by the claim no longer signs the admin in.
    await expectRefused(() => signInThrough("alex", "district"), "admin_claim");
  });
});

describe("removing a link can block the account from linking again", () => {
  it("a blocked account is refused, by e-mail, with no new link, until an admin lifts the block", async () => {
    const elena = await userId(DEMO_INSTRUCTORS[0].email);
    const admin = await adminId();
    expect(await signInThrough("elena")).toBe("/");
    const [link] = await listSignInLinks(elena);
    expect(await removeSignInLink({ linkId: link!.id, actorId: admin, block: true })).toEqual({
      ok: true,
      message: msg("admin.actions.signInLinkRemovedBlocked"),
    });
    const [block] = await listSignInBlocks(elena);
    expect(block).toMatchObject({ provider: "school", subject: "elena", email: "elena.rivera@demo.school" });
    expect(await lastAudit()).toMatchObject({
      action: "oidc.blocked",
      actorId: admin,
      detail: { blockId: block!.id, userId: elena, provider: "school", linkId: link!.id },
    });

    await expectRefused(() => signInThrough("elena"), "blocked");
    expect(await links(elena)).toEqual([]);
    // What the sign-in dialog then says (lib/domain/messages.ts → the catalog).
    expect(signInRefusalKey("oidc_blocked")).toBe("oidc_blocked");
    expect(messagesFor("en").signIn.refusals.oidc_blocked).toMatch(/blocked from signing in.*Ask the school office/);

    expect(await liftSignInBlock({ blockId: block!.id, actorId: admin })).toMatchObject({ ok: true });
    expect(await lastAudit()).toMatchObject({
      action: "oidc.unblocked",
      actorId: admin,
      detail: { blockId: block!.id, userId: elena, provider: "school" },
    });
    expect(await listSignInBlocks(elena)).toEqual([]);
    expect(await signInThrough("elena")).toBe("/");
    expect(await links(elena)).toHaveLength(1);
  });

  it("a blocked account is refused by the roster claim too", async () => {
    const maya = await userId(DEMO_STUDENTS[2]!.email);
    await setSourcedId(maya, "roster-maya-patel");
    expect(await signInThrough("maya", "district")).toBe("/");
    const [link] = await listSignInLinks(maya);
    expect(link).toMatchObject({ provider: "district", matchedBy: "roster" });
    await removeSignInLink({ linkId: link!.id, actorId: await adminId(), block: true });
    await expectRefused(() => signInThrough("maya", "district"), "blocked");
    expect(await links(maya)).toEqual([]);
  });
});
