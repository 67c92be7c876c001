// The data model of spec §3. Not marked server-only: drizzle-kit reads this file outside Next.
// ON DELETE choices: a person's or a class's academic record (grades, submissions, attendance)
// is never removed as a side effect; deleting such a user, class or assignment is refused by the
// database (RESTRICT) until the records are dealt with deliberately. Links that only describe
// who wrote something (teacher_id) become NULL. Enrollment rows and an announcement's responses
// go with their owner.
// The tables live in lib/db/schema/, one file per area; this file re-exports them all, so drizzle-kit
// (drizzle.config.ts) and every import of "@/lib/db/schema" see one schema.
export * from "./schema/schools";
export * from "./schema/people";
export * from "./schema/coursework";
export * from "./schema/access";
export * from "./schema/terms";
export * from "./schema/notifications";
export * from "./schema/sign-in";
export * from "./schema/files";
export * from "./schema/feedback";
