import { and, desc, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { addResponse, submitAssignment } from "@/app/level/[levelCode]/actions";
import { deleteResponse } from "@/app/level/[levelCode]/update/response-actions";
import { db } from "@/lib/db/client";
import { DEMO_INSTRUCTORS, DEMO_STUDENTS } from "@/lib/db/demo-school";
import { countQueries } from "@/lib/db/query-stats";
import { auditLog, responses, updates } from "@/lib/db/schema";
import {
  RESPONSE_RATE_LIMIT,
  RESPONSE_RATE_WINDOW_MS,
  RESPONSES_PAGE_SIZE,
  RESPONSES_SHOWN_PER_UPDATE,
} from "@/lib/domain/constants";
import { loadUpdatesView } from "@/lib/queries/class-page-view";
import {
  databaseChecksum,
  firstAssignmentOf,
  firstUpdateOf,
  rowCounts,
  seedDemo,
  userIdByCode,
} from "./support/fixtures";
import { form } from "./support/form";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// Item 12: one student posted 500 responses of 20 kB and every classmate's Updates tab grew from
// 33 kB to 20.5 MB. Now a student may post 10 responses in 10 minutes, the class page shows the
// newest 5 of each announcement with the count and pages the rest on request, and the class's
// teacher can delete a response (audited).

useTestDatabase();

const BIO = "BIO-P2"; // David Chen's; Ava and Liam are enrolled
const ALG = "ALG1-P1"; // Elena Rivera's
const ava = DEMO_STUDENTS[0]!;
const liam = DEMO_STUDENTS[1]!;
const chen = DEMO_INSTRUCTORS[1];
const rivera = DEMO_INSTRUCTORS[0];

let avaId: number;
let liamId: number;
let bioUpdate: number;

beforeAll(async () => {
  await seedDemo();
  avaId = await userIdByCode(ava.code);
  liamId = await userIdByCode(liam.code);
  bioUpdate = await firstUpdateOf(BIO);
});

afterEach(() => {
  vi.useRealTimers();
});

const post = (studentId: number, i: number) =>
  addResponse(
    { ok: true },
    form({ levelCode: BIO, updateId: bioUpdate, studentId, title: `Reply ${i}`, content: `Response number ${i}` }),
  );

describe("the response rate limit", () => {
  it(`allows ${RESPONSE_RATE_LIMIT} responses per student in ${RESPONSE_RATE_WINDOW_MS / 60_000} minutes, then refuses without writing`, async () => {
    // Date only (the database's clocks are untouched): the window cannot turn over mid-test.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-01-07T10:01:00Z"));
    await signInAs(ava.code);
    for (let i = 0; i < RESPONSE_RATE_LIMIT; i++)
      expect(await post(avaId, i), `response ${i + 1}`).toMatchObject({ ok: true });
    const before = await databaseChecksum();
    const refused = await post(avaId, 99);
    expect(refused).toEqual({
      ok: false,
      message: "Too many responses: at most 10 every 10 minutes. Please wait 9 minutes and try again.",
    });
    expect(await post(avaId, 100)).toMatchObject({ ok: false });
    expect(await databaseChecksum()).toEqual(before);

    // Per student: a classmate still may post.
    await signInAs(liam.code);
    expect(await post(liamId, 1)).toMatchObject({ ok: true });

    // The next window allows the student again.
    vi.setSystemTime(new Date("2030-01-07T10:11:00Z"));
    await signInAs(ava.code);
    expect(await post(avaId, 101)).toMatchObject({ ok: true });
  });
  it("does not count refused posts (invalid ones) against the student", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-01-07T12:01:00Z"));
    await signInAs(ava.code);
    for (let i = 0; i < 20; i++) {
      expect(
        await addResponse(
          { ok: true },
          form({ levelCode: BIO, updateId: bioUpdate, studentId: avaId, title: "", content: "x" }),
        ),
      ).toMatchObject({ ok: false });
    }
    expect(await post(avaId, 1)).toMatchObject({ ok: true });
  });
});

describe("responses on the class page", () => {
  let flooded: number;
  let ids: number[]; // newest first
  beforeAll(async () => {
    const [u] = await db()
      .insert(updates)
      .values({ levelCode: BIO, title: "Flooded", content: "Many replies" })
      .returning({ id: updates.id });
    flooded = u!.id;
    const rows = Array.from({ length: 45 }, (_, i) => ({
      updateId: flooded,
      studentId: i % 2 ? avaId : liamId,
      title: `R${i}`,
      content: "x".repeat(100),
      createdAt: new Date(Date.UTC(2030, 0, 1, 0, i)),
    }));
    await db().insert(responses).values(rows);
    ids = (
      await db()
        .select({ id: responses.id })
        .from(responses)
        .where(eq(responses.updateId, flooded))
        .orderBy(desc(responses.createdAt), desc(responses.id))
    ).map((r) => r.id);
  });

  it(`shows the newest ${RESPONSES_SHOWN_PER_UPDATE} of each announcement with the count`, async () => {
    const view = await loadUpdatesView(BIO, "UTC");
    const u = view.find((x) => x.id === flooded)!;
    expect(u.responseCount).toBe(45);
    expect(u.responses.map((r) => r.id)).toEqual(ids.slice(0, RESPONSES_SHOWN_PER_UPDATE));
    expect(u.responsePage).toBeUndefined();
    for (const other of view) expect(other.responses.length).toBeLessThanOrEqual(RESPONSES_SHOWN_PER_UPDATE);
    expect(u.responses[0]).toMatchObject({
      title: "R44",
      authorName: expect.any(String) as unknown,
      date: expect.any(String) as unknown,
    });
  });
  it(`pages one announcement's responses ${RESPONSES_PAGE_SIZE} at a time on request, the others stay collapsed`, async () => {
    const page1 = await loadUpdatesView(BIO, "UTC", { updateId: flooded, page: 1 });
    const u1 = page1.find((x) => x.id === flooded)!;
    expect(u1.responses.map((r) => r.id)).toEqual(ids.slice(0, RESPONSES_PAGE_SIZE));
    expect(u1.responsePage).toEqual({ page: 1, pageSize: RESPONSES_PAGE_SIZE });
    const page3 = await loadUpdatesView(BIO, "UTC", { updateId: flooded, page: 3 });
    expect(page3.find((x) => x.id === flooded)!.responses.map((r) => r.id)).toEqual(ids.slice(2 * RESPONSES_PAGE_SIZE));
    const past = await loadUpdatesView(BIO, "UTC", { updateId: flooded, page: 50 });
    expect(past.find((x) => x.id === flooded)!.responses).toEqual([]);
    for (const other of page1.filter((x) => x.id !== flooded))
      expect(other.responses.length).toBeLessThanOrEqual(RESPONSES_SHOWN_PER_UPDATE);
  });
  it("reads them in one statement, collapsed or paged", async () => {
    expect((await countQueries(() => loadUpdatesView(BIO, "UTC"))).count).toBe(1);
    expect((await countQueries(() => loadUpdatesView(BIO, "UTC", { updateId: flooded, page: 2 }))).count).toBe(1);
  });
});

describe("deleteResponse", () => {
  const freshResponse = async (levelCode = BIO) => {
    const updateId = await firstUpdateOf(levelCode);
    const [r] = await db()
      .insert(responses)
      .values({ updateId, studentId: avaId, title: "To delete", content: "Off-topic" })
      .returning({ id: responses.id });
    return r!.id;
  };

  it("lets the class's teacher delete a response, and audits it", async () => {
    const id = await freshResponse();
    const chenId = (await signInAs(chen.code)).id;
    expect(await deleteResponse({ levelCode: BIO, responseId: id })).toEqual({ ok: true, message: "Response deleted" });
    expect(await db().select().from(responses).where(eq(responses.id, id))).toEqual([]);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "response.deleted"), eq(auditLog.levelCode, BIO)));
    expect(entry).toMatchObject({ actorId: chenId, detail: { responseId: id, studentId: avaId, title: "To delete" } });
  });
  it("refuses a response of another class, named through this one, and changes nothing", async () => {
    const other = await freshResponse(ALG);
    await signInAs(chen.code);
    const before = await databaseChecksum();
    expect(await deleteResponse({ levelCode: BIO, responseId: other })).toEqual({
      ok: false,
      message: "That response is not in this class.",
    });
    expect(await databaseChecksum()).toEqual(before);
  });
  it("refuses the student who wrote it, and another class's teacher", async () => {
    const id = await freshResponse();
    for (const code of [ava.code, rivera.code]) {
      await signInAs(code);
      const before = await rowCounts("responses", "audit_log");
      expect(await deleteResponse({ levelCode: BIO, responseId: id })).toMatchObject({ ok: false });
      expect(await rowCounts("responses", "audit_log")).toEqual(before);
    }
  });
  it("refuses an invalid id", async () => {
    await signInAs(chen.code);
    expect(await deleteResponse({ levelCode: BIO, responseId: "1; drop table responses" })).toMatchObject({
      ok: false,
      message: "Invalid id",
    });
  });
});

describe("the 10-character rule counts what the dialog counts", () => {
  it("counts a character outside the BMP once and a typed line break once", async () => {
    await signInAs(ava.code);
    const assignmentId = await firstAssignmentOf(BIO);
    const submit = (content: string) =>
      submitAssignment({ ok: true }, form({ levelCode: BIO, assignmentId, studentId: avaId, content }));
    expect(await submit("😀".repeat(9))).toMatchObject({
      ok: false,
      message: "Response must be at least 10 characters.",
    });
    expect(await submit("  123456789  ")).toMatchObject({
      ok: false,
      message: "Response must be at least 10 characters.",
    });
    expect(await submit("12345\r\n6789")).toMatchObject({ ok: true });
  });
});
