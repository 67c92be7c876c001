import { EmptyState } from "@/components/states";
import { AddResponseButton } from "./add-response-button";

export interface UpdateView {
  id: number;
  title: string;
  content: string;
  date: string;
  responses: { id: number; title: string; content: string; date: string; authorName: string }[];
}

export function UpdateList({ updates, levelCode, studentId }: { updates: UpdateView[]; levelCode: string; studentId: number | null }) {
  if (updates.length === 0) return <EmptyState title="No updates yet" />;
  return (
    <ul className="space-y-4">
      {updates.map((u) => (
        <li key={u.id}>
          <article className="rounded-2xl border border-line bg-surface p-5 shadow-sm" aria-labelledby={`update-${u.id}`}>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div>
                <h3 id={`update-${u.id}`} className="text-lg font-semibold">
                  {u.title}
                </h3>
                <p className="text-sm text-ink-muted">{u.date}</p>
              </div>
              {studentId !== null && <AddResponseButton levelCode={levelCode} updateId={u.id} studentId={studentId} updateTitle={u.title} />}
            </div>
            <p className="mt-3 whitespace-pre-line">{u.content}</p>
            <ResponseList responses={u.responses} />
          </article>
        </li>
      ))}
    </ul>
  );
}

/** Students' responses under an announcement, with their count (class page and dashboard). */
export function ResponseList({ responses }: { responses: UpdateView["responses"] }) {
  return (
    <div className="mt-4 border-t border-line pt-3 text-sm">
      <p className="font-medium text-ink-muted" data-testid="response-count">
        {responses.length} {responses.length === 1 ? "response" : "responses"}
      </p>
      {responses.length > 0 && (
        <ul className="mt-2 space-y-2">
          {responses.map((r) => (
            <li key={r.id} className="rounded-lg bg-surface-muted px-3 py-2">
              <div className="flex flex-wrap justify-between gap-2">
                <span className="font-medium">
                  {r.authorName}: {r.title}
                </span>
                <span className="text-ink-muted">{r.date}</span>
              </div>
              <p className="mt-1 whitespace-pre-line">{r.content}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
