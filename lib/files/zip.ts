import "server-only";
import { sql } from "drizzle-orm";
import { Zip, ZipPassThrough } from "fflate";
import { queryRows } from "@/lib/db/client";
import { fileStorage } from "./index";

/** A stored object (key) or bytes made for the zip (a record's JSON, a PDF). */
export type ZipEntry = { path: string; key: string } | { path: string; bytes: Uint8Array };
type Entry = { path: string; key: string };

/**
 * Every handed-in file of one assignment, a folder per student ("Name (username)/2 - photo.jpg",
 * 2 being the submission's number in that student's history). A file a resubmission kept is in
 * the folder once for each submission that handed it in, as the history shows it.
 */
export async function assignmentZipEntries(assignmentId: number): Promise<Entry[]> {
  const rows = await queryRows<{ student: string; username: string; n: number; name: string; key: string }>(sql`
    select u.name as student, u.username, s.n, f.name, f.storage_key as key
    from submission_files sf
    join files f on f.id = sf.file_id
    join (select id, student_id, row_number() over (partition by student_id order by submitted_at, id)::int as n
          from assignment_submissions where assignment_id = ${assignmentId}) s on s.id = sf.submission_id
    join users u on u.id = s.student_id
    where f.kind = 'submission' and f.assignment_id = ${assignmentId}
    order by u.name, u.username, s.n, f.id`);
  const used = new Set<string>();
  return rows.map((r) => {
    const folder = zipName(`${r.student} (${r.username})`);
    let p = `${folder}/${r.n} - ${zipName(r.name)}`;
    for (let i = 2; used.has(p); i++) p = `${folder}/${r.n} - ${i} - ${zipName(r.name)}`;
    used.add(p);
    return { path: p, key: r.key };
  });
}

function zipName(s: string): string {
  return (
    s
      .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, "_")
      .replace(/^\.+/, "_")
      .slice(0, 120) || "_"
  );
}

/**
 * The zip as a stream, stored (not compressed: photos and PDFs are compressed already), one
 * object read at a time and passed through: memory stays at a few chunks whatever the total.
 */
export function zipStream(entries: ZipEntry[]): ReadableStream<Uint8Array> {
  const storage = fileStorage();
  const out: Uint8Array[] = [];
  let finished = false;
  const zip = new Zip((err, chunk, final) => {
    if (err) throw err;
    out.push(chunk);
    if (final) finished = true;
  });
  const iterator = (async function* () {
    for (const e of entries) {
      const obj = "key" in e ? await storage.get(e.key) : null;
      const file = new ZipPassThrough(e.path);
      zip.add(file);
      if ("bytes" in e) file.push(e.bytes);
      if (obj)
        for await (const chunk of obj.body) {
          file.push(chunk as Uint8Array);
          while (out.length) yield out.shift()!;
        }
      file.push(new Uint8Array(0), true);
      while (out.length) yield out.shift()!;
    }
    zip.end();
    while (out.length) yield out.shift()!;
    if (!finished) throw new Error("zip did not finish");
  })();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await iterator.return(undefined);
    },
  });
}
