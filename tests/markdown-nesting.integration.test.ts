import { beforeAll, describe, expect, it } from "vitest";
import { addResponse } from "@/app/level/[levelCode]/actions";
import { createAnnouncement, editAnnouncement } from "@/app/level/[levelCode]/update/announcement-actions";
import {
  createAssignment,
  editAssignmentText,
  updateAssignment,
} from "@/app/level/[levelCode]/update/assignment-actions";
import { DEMO_INSTRUCTORS, DEMO_STUDENTS } from "@/lib/db/demo-school";
import { databaseChecksum, firstAssignmentOf, firstUpdateOf, seedDemo, userIdByCode } from "./support/fixtures";
import { form } from "./support/form";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// Item 11: text nested deeper than 20 levels is refused where it is saved, with a message that
// says so, and nothing changes. (What was stored before is rendered as plain text: see
// components/markdown-nesting.test.tsx.)

useTestDatabase();

const BIO = "BIO-P2";
const NESTED = {
  "list items": "- ".repeat(9999) + "x",
  "block quotes": "> ".repeat(9999) + "x",
  "21 levels": "- ".repeat(21) + "x",
  indentation: Array.from({ length: 25 }, (_, i) => " ".repeat(2 * i) + "- step").join("\n"),
};

let bioUpdate: number;
let bioAssignment: number;
let avaId: number;

beforeAll(async () => {
  await seedDemo();
  bioUpdate = await firstUpdateOf(BIO);
  bioAssignment = await firstAssignmentOf(BIO);
  avaId = await userIdByCode(DEMO_STUDENTS[0]!.code);
});

async function expectRefused(run: () => Promise<{ ok: boolean; message?: string }>, message: string) {
  const before = await databaseChecksum();
  const res = await run();
  expect(res).toMatchObject({ ok: false, message });
  expect(await databaseChecksum()).toEqual(before);
}

const teacher = () => signInAs(DEMO_INSTRUCTORS[1].code); // David Chen teaches Biology
const CONTENT = "Content is nested too deeply (at most 20 levels).";
const DESCRIPTION = "Description is nested too deeply (at most 20 levels).";
const RESPONSE = "Response is nested too deeply (at most 20 levels).";

describe("saving text nested too deeply", () => {
  for (const [name, text] of Object.entries(NESTED)) {
    describe(name, () => {
      it("is refused for a new or edited announcement", async () => {
        await teacher();
        await expectRefused(
          () => createAnnouncement({ ok: true }, form({ levelCode: BIO, title: "Nested", content: text })),
          CONTENT,
        );
        await expectRefused(() => editAnnouncement({ levelCode: BIO, updateId: bioUpdate, content: text }), CONTENT);
      });
      it("is refused for a new or edited assignment description", async () => {
        await teacher();
        const fields = {
          levelCode: BIO,
          title: "Nested",
          description: text,
          maxScore: 10,
          dueDate: "2040-01-01T10:00:00Z",
        };
        await expectRefused(() => createAssignment({ ok: true }, form(fields)), DESCRIPTION);
        await expectRefused(
          () => updateAssignment({ ok: true }, form({ ...fields, assignmentId: bioAssignment })),
          DESCRIPTION,
        );
        await expectRefused(
          () => editAssignmentText({ levelCode: BIO, assignmentId: bioAssignment, description: text }),
          DESCRIPTION,
        );
      });
      it("is refused for a student's response", async () => {
        await signInAs(DEMO_STUDENTS[0]!.code);
        await expectRefused(
          () =>
            addResponse(
              { ok: true },
              form({ levelCode: BIO, updateId: bioUpdate, studentId: avaId, title: "Nested", content: text }),
            ),
          RESPONSE,
        );
      });
    });
  }

  it("still saves nesting up to the limit", async () => {
    await teacher();
    const deep =
      "- ".repeat(20) + "x\n\n" + Array.from({ length: 20 }, (_, i) => " ".repeat(2 * i) + "- step").join("\n");
    expect(
      await createAnnouncement({ ok: true }, form({ levelCode: BIO, title: "Deep but allowed", content: deep })),
    ).toMatchObject({ ok: true });
    const fields = {
      levelCode: BIO,
      title: "Deep but allowed",
      description: deep,
      maxScore: 10,
      dueDate: "2040-01-01T10:00:00Z",
    };
    expect(await createAssignment({ ok: true }, form(fields))).toMatchObject({ ok: true });
  });
});
