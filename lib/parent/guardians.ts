import "server-only";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { audit } from "@/lib/audit";
import { db, queryRows, type Db } from "@/lib/db/client";
import { guardianLinks, users } from "@/lib/db/schema";
import { msg, type Message } from "@/lib/i18n/message";
import { memberHere } from "@/lib/db/schools";

// Guardian links (decision 004): the one answer to "whose parent is this?". Phone-matched links
// are kept by a database trigger (drizzle/0010); this module adds and removes them by hand.

export const RELATIONSHIPS = ["mother", "father", "guardian", "grandparent", "other"] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];

export interface GuardianView {
  linkId: number;
  parentId: number;
  name: string;
  username: string;
  phoneNumber: string | null;
  relationship: string;
  source: "admin" | "phone";
}

export interface ChildView {
  linkId: number;
  studentId: number;
  name: string;
  username: string;
  relationship: string;
  source: "admin" | "phone";
}

const active = isNull(guardianLinks.removedAt);

/** A student's guardians (active links only). */
export async function listGuardiansOfStudent(studentId: number): Promise<GuardianView[]> {
  const rows = await db()
    .select({
      linkId: guardianLinks.id,
      parentId: users.id,
      name: users.name,
      username: users.username,
      phoneNumber: users.phoneNumber,
      relationship: guardianLinks.relationship,
      source: guardianLinks.source,
    })
    .from(guardianLinks)
    .innerJoin(users, eq(users.id, guardianLinks.parentId))
    .where(and(eq(guardianLinks.studentId, studentId), active))
    .orderBy(asc(users.name), asc(users.id));
  return rows as GuardianView[];
}

/** A parent's linked children (active links only): what a signed-in parent may see. */
export async function listChildrenOfParent(parentId: number): Promise<ChildView[]> {
  const rows = await db()
    .select({
      linkId: guardianLinks.id,
      studentId: users.id,
      name: users.name,
      username: users.username,
      relationship: guardianLinks.relationship,
      source: guardianLinks.source,
    })
    .from(guardianLinks)
    .innerJoin(users, and(eq(users.id, guardianLinks.studentId), eq(users.role, "student")))
    .where(and(eq(guardianLinks.parentId, parentId), active))
    .orderBy(asc(users.name), asc(users.id));
  return rows as ChildView[];
}

/** Is this parent linked to this student now? (The one fact the report-card policy needs.) */
export async function isLinkedGuardian(parentId: number, studentId: number): Promise<boolean> {
  const rows = await db()
    .select({ id: guardianLinks.id })
    .from(guardianLinks)
    .where(and(eq(guardianLinks.parentId, parentId), eq(guardianLinks.studentId, studentId), active));
  return rows.length > 0;
}

export type LinkResult = { ok: true; message: Message } | { ok: false; message: Message };

async function rolesOf(tx: Pick<Db, "select">, parentId: number, studentId: number) {
  const rows = await tx
    .select({ id: users.id, role: users.role, name: users.name })
    .from(users)
    .where(sql`${users.id} in (${parentId}, ${studentId}) and ${memberHere(users.id)}`);
  return { parent: rows.find((r) => r.id === parentId), student: rows.find((r) => r.id === studentId) };
}

/** Links a parent user to a student (or changes the relationship of an existing link), audited. */
export async function linkGuardian(input: {
  parentId: number;
  studentId: number;
  relationship: Relationship;
  actorId: number;
}): Promise<LinkResult> {
  return db().transaction(async (tx) => {
    const { parent, student } = await rolesOf(tx, input.parentId, input.studentId);
    if (parent?.role !== "parent") return { ok: false, message: msg("admin.actions.chooseParent") };
    if (student?.role !== "student") return { ok: false, message: msg("admin.actions.chooseStudent") };
    const [row] = await tx
      .insert(guardianLinks)
      .values({
        parentId: input.parentId,
        studentId: input.studentId,
        relationship: input.relationship,
        source: "admin",
      })
      .onConflictDoUpdate({
        target: [guardianLinks.schoolId, guardianLinks.parentId, guardianLinks.studentId],
        set: { relationship: input.relationship, source: "admin", removedAt: null },
      })
      .returning({ id: guardianLinks.id });
    await audit(tx, {
      action: "guardian.linked",
      actorId: input.actorId,
      detail: {
        linkId: row!.id,
        parentId: input.parentId,
        studentId: input.studentId,
        relationship: input.relationship,
        source: "admin",
      },
    });
    return { ok: true, message: msg("admin.actions.linked", { parent: parent.name, student: student.name }) };
  });
}

/**
 * Removes a link, audited, and withdraws its report-card links. A link the phone numbers still
 * support is kept as removed (so the phone sync does not restore it); any other is deleted.
 */
export async function unlinkGuardian(input: { linkId: number; actorId: number }): Promise<LinkResult> {
  return db().transaction(async (tx) => {
    const [link] = await tx
      .select({
        id: guardianLinks.id,
        parentId: guardianLinks.parentId,
        studentId: guardianLinks.studentId,
        removedAt: guardianLinks.removedAt,
      })
      .from(guardianLinks)
      .where(eq(guardianLinks.id, input.linkId))
      .for("update");
    if (!link || link.removedAt) return { ok: false, message: msg("admin.actions.linkGone") };
    const [phoneMatch] = await queryRows<{ n: number }>(
      sql`select count(*)::int as n from users p join users s on s.id = ${link.studentId}
          where p.id = ${link.parentId} and length(p.phone_digits) >= 7 and p.phone_digits in (s.parent1_digits, s.parent2_digits)`,
      tx,
    );
    const revoked = await queryRows<{ id: number }>(
      sql`update report_card_links set revoked_at = now() where guardian_link_id = ${link.id} and revoked_at is null returning id`,
      tx,
    );
    if (Number(phoneMatch?.n ?? 0) > 0) {
      await tx
        .update(guardianLinks)
        .set({ removedAt: new Date(), source: "phone" })
        .where(eq(guardianLinks.id, link.id));
    } else {
      await tx.delete(guardianLinks).where(eq(guardianLinks.id, link.id));
    }
    await audit(tx, {
      action: "guardian.unlinked",
      actorId: input.actorId,
      detail: {
        linkId: link.id,
        parentId: link.parentId,
        studentId: link.studentId,
        source: "admin",
        reportLinksRevoked: revoked.length,
      },
    });
    return { ok: true, message: msg("admin.actions.guardianRemoved") };
  });
}

async function idByUsername(username: string, role: "parent" | "student"): Promise<number | null> {
  const [row] = await db()
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.username, username), eq(users.role, role), memberHere(users.id)));
  return row?.id ?? null;
}

/**
 * linkGuardian from an admin page: a student's page names the parent by username, a parent's page
 * the student; each unknown username has its own answer.
 */
export async function linkGuardianNamed(
  input: ({ studentId: number; parentUsername: string } | { parentId: number; studentUsername: string }) & {
    relationship: Relationship;
    actorId: number;
  },
): Promise<LinkResult> {
  const parentId = "parentId" in input ? input.parentId : await idByUsername(input.parentUsername, "parent");
  const studentId = "studentId" in input ? input.studentId : await idByUsername(input.studentUsername, "student");
  if (parentId === null) return { ok: false, message: msg("admin.actions.noParentUsername") };
  if (studentId === null) return { ok: false, message: msg("admin.actions.noStudentUsername") };
  return linkGuardian({ parentId, studentId, relationship: input.relationship, actorId: input.actorId });
}
