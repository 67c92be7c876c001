import { canReadReportCard } from "@/lib/auth/policy";
import { getSessionUser } from "@/lib/auth/session";
import { dateInTimeZone } from "@/lib/domain/dates";
import { formatDay } from "@/lib/domain/format";
import { env, schoolTimeZone } from "@/lib/env";
import { isLinkedGuardian } from "@/lib/parent/guardians";
import { loadTermReportCards } from "@/lib/report-pdf/data";
import { renderReportCards } from "@/lib/report-pdf/render";
import { latestPublishedTerm } from "@/lib/terms/publishing";

// GET /children/<student id>/pdf: the child's last published term report card as a PDF, for the
// parents linked to the child (and whoever else may read the report card: lib/auth/policy).

const plain = (status: number, text: string) => new Response(text, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });

export async function GET(_request: Request, { params }: { params: Promise<{ studentId: string }> }): Promise<Response> {
  const user = await getSessionUser();
  if (!user) return plain(401, "Sign in to download a report card.");
  const id = Number((await params).studentId);
  const valid = Number.isInteger(id) && id > 0 && id <= 2_147_483_647;
  const linked = valid && user.role === "parent" ? await isLinkedGuardian(user.id, id) : false;
  if (!valid || !canReadReportCard(user, { isLinkedGuardian: linked })) return plain(403, "You can only see the report cards of your own children.");
  const term = await latestPublishedTerm();
  if (!term) return plain(409, "No term's report cards have been published yet.");
  const tz = schoolTimeZone();
  const students = await loadTermReportCards(term, { kind: "student", id }, tz);
  if (students.length === 0) return plain(404, "No report card for this student in the published term.");
  const chunks: Uint8Array[] = [];
  await renderReportCards(students, { school: env().SCHOOL_NAME, term: term.title, printedOn: formatDay(dateInTimeZone(new Date(), tz)) }, (c) => chunks.push(c));
  const name = `report-card-${students[0]!.name}-${term.title}`.replace(/[^A-Za-z0-9._-]+/g, "-").slice(0, 100);
  return new Response(Buffer.concat(chunks), { headers: { "content-type": "application/pdf", "content-disposition": `attachment; filename="${name}.pdf"`, "cache-control": "no-store" } });
}
