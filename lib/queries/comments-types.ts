// The private comments' view type (issue 44), apart from the queries so client components can name it.

import type { FileView } from "@/lib/files/records";

/** One comment as a screen shows it. */
export interface CommentView {
  id: number;
  /** Null once the author's account is gone. */
  authorId: number | null;
  authorName: string;
  authorIsStaff: boolean;
  /** The markdown source; rendered with components/markdown.tsx (sanitised). */
  body: string;
  /** ISO 8601. */
  createdAt: string;
  /** Hidden by staff (moderation): only staff are shown it, marked. */
  hidden: boolean;
  /** Its attachments (files.comment_id), read under the thread's rule (canReadFile). */
  files: FileView[];
}
