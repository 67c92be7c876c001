// Which roles may sign in with an access code (issue 32): SIGNIN_CODES=all | off | a list of
// students, parents, teachers, admins. Pure, so the env check, the sign-in and the dialog share it.

const ROLE_WORDS: Record<string, string> = {
  students: "student",
  parents: "parent",
  teachers: "instructor",
  admins: "admin",
};

/** The role words, in the order forms and lists show them. */
export const CODE_ROLE_WORDS = ["students", "parents", "teachers", "admins"] as const;

/** The roles whose codes work, or null when the setting is not understood. */
export function parseSignInCodes(raw: string | undefined): Set<string> | null {
  const v = (raw ?? "all").trim().toLowerCase();
  if (v === "" || v === "all") return new Set(Object.values(ROLE_WORDS));
  if (v === "off") return new Set();
  const roles = new Set<string>();
  for (const word of v.split(",").map((s) => s.trim())) {
    const role = ROLE_WORDS[word];
    if (!role) return null;
    roles.add(role);
  }
  return roles;
}

/** The role words (students, parents, teachers, admins) whose codes work, for a translated list. */
export function codeRoleWords(roles: Set<string>): string[] {
  return Object.entries(ROLE_WORDS)
    .filter(([, r]) => roles.has(r))
    .map(([w]) => w);
}

/** "students and parents" for the dialog; null when every role (or none) uses codes. */
export function codeRolesPhrase(roles: Set<string>): string | null {
  if (roles.size === 0 || roles.size === 4) return null;
  const words = Object.entries(ROLE_WORDS)
    .filter(([, r]) => roles.has(r))
    .map(([w]) => w);
  const text = words.length === 1 ? words[0]! : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * What the sign-in dialog shows (issue 32): the code field only when some role still uses codes
 * (or no school account is configured), and a description that says who signs in how.
 */
export function signInDialog(providerCount: number, roles: Set<string>): { codes: boolean; description: string } {
  const codes = roles.size > 0 || providerCount === 0;
  const who = codeRolesPhrase(roles);
  const description =
    providerCount === 0
      ? "Enter the access code your school gave you."
      : !codes
        ? "Sign in with your school account."
        : who
          ? `Staff sign in with their school account. ${who}: enter the access code your school gave you.`
          : "Sign in with your school account, or enter the access code your school gave you.";
  return { codes, description };
}
