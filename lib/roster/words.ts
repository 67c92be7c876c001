import { msg, type Message } from "@/lib/i18n/message";
import type { PortalRole } from "./model";

// Words the roster's problems put inside their sentences, as descriptors so that the sentence and
// its parts are written in one reader's language (decision 029, "Messages as data").

/** A person's role as a sentence names it ("a student"). */
export const ROLE_WORD: Record<PortalRole, Message> = {
  student: msg("admin.rosterReport.parts.student"),
  parent: msg("admin.rosterReport.parts.parent"),
  instructor: msg("admin.rosterReport.parts.teacher"),
  admin: msg("admin.rosterReport.parts.administrator"),
};
