// The demo school's people and classes. Codes are public on purpose (README); real schools
// get generated codes. Kept apart from seed.ts so the README, e2e tests and the start banner
// read the same list.

export const DEMO_ADMIN = {
  name: "Alex Morgan",
  username: "admin",
  code: "admin-demo",
  email: "alex.morgan@demo.school",
};

export const DEMO_INSTRUCTORS = [
  { name: "Elena Rivera", username: "erivera", code: "teach-rivera", email: "elena.rivera@demo.school" },
  { name: "David Chen", username: "dchen", code: "teach-chen", email: "david.chen@demo.school" },
] as const;

export const DEMO_CLASSES = [
  { code: "ALG1-P1", name: "Algebra I", period: "1", level: "Grade 9", teacher: 0 },
  { code: "GEO-P3", name: "Geometry", period: "3", level: "Grade 10", teacher: 0 },
  { code: "BIO-P2", name: "Biology", period: "2", level: "Grade 9", teacher: 1 },
  { code: "HIST-P4", name: "World History", period: "4", level: "Grade 10", teacher: 1 },
] as const;

export const FIRST_NAMES = [
  "Ava",
  "Liam",
  "Maya",
  "Noah",
  "Sofia",
  "Ethan",
  "Zoe",
  "Lucas",
  "Amara",
  "Mateo",
  "Chloe",
  "Omar",
  "Priya",
  "Jonah",
  "Isla",
  "Kai",
  "Leila",
  "Diego",
  "Hana",
  "Felix",
  "Nia",
  "Theo",
  "Ines",
  "Ravi",
  "Mila",
  "Samuel",
  "Yara",
  "Owen",
  "Lena",
  "Tariq",
];
export const LAST_NAMES = [
  "Johnson",
  "Okafor",
  "Patel",
  "Kim",
  "Garcia",
  "Novak",
  "Haddad",
  "Silva",
  "Mensah",
  "Rossi",
  "Nguyen",
  "Farouk",
  "Sharma",
  "Berg",
  "Murphy",
  "Tanaka",
  "Azizi",
  "Lopez",
  "Sato",
  "Weber",
  "Diallo",
  "Brooks",
  "Costa",
  "Iyer",
  "Ivanova",
  "Adeyemi",
  "Khalil",
  "Walsh",
  "Fischer",
  "Rahman",
];

export const DEMO_PARENTS = [
  // Stored in three different formats on purpose: parent lookups must compare digits.
  {
    name: "Grace Johnson",
    username: "gjohnson",
    code: "parent-johnson",
    email: "grace.johnson@example.com",
    phone: "555-201-0001",
  },
  { name: "Ken Kim", username: "kkim", code: "parent-kim", email: "ken.kim@example.com", phone: "(555) 201-0002" },
  {
    name: "Rosa Garcia",
    username: "rgarcia",
    code: "parent-garcia",
    email: "rosa.garcia@example.com",
    phone: "5552010003",
  },
] as const;

export interface DemoStudent {
  name: string;
  username: string;
  code: string;
  email: string;
  parent1Number: string | null;
  parent2Number: string | null;
  dateOfBirth: string;
  /** Indexes into DEMO_CLASSES; empty for the one student enrolled nowhere. */
  classes: number[];
}

export const DEMO_STUDENTS: DemoStudent[] = FIRST_NAMES.map((first, i) => {
  const n = i + 1;
  const last = LAST_NAMES[i]!;
  const pad = String(n).padStart(2, "0");
  // Student 1 and 2 are Grace Johnson's children; 4 is Ken Kim's (as second parent); 5 is Rosa Garcia's.
  const parent1 = n <= 2 ? "(555) 201-0001" : n === 5 ? "555.201.0003" : `555-300-00${pad}`;
  const parent2 = n === 4 ? "5552010002" : n % 3 === 0 ? `555-400-00${pad}` : null;
  return {
    name: `${first} ${last}`,
    username: `${first.toLowerCase()}.${last.toLowerCase()}`,
    code: `stu-${pad}`,
    email: `${first.toLowerCase()}.${last.toLowerCase()}@students.demo.school`,
    parent1Number: parent1,
    parent2Number: parent2,
    dateOfBirth: `20${n % 2 === 0 ? "10" : "11"}-${String((n % 12) + 1).padStart(2, "0")}-${String((n % 27) + 1).padStart(2, "0")}`,
    // Student 30 is enrolled nowhere; the others take two classes each.
    classes: n === 30 ? [] : [n % 4, (n + 1) % 4],
  };
});

/** What the start banner and the README show. */
export function demoCodes(): { role: string; name: string; code: string }[] {
  return [
    { role: "admin", name: DEMO_ADMIN.name, code: DEMO_ADMIN.code },
    ...DEMO_INSTRUCTORS.map((t) => ({ role: "instructor", name: t.name, code: t.code })),
    ...DEMO_STUDENTS.slice(0, 3).map((s) => ({ role: "student", name: s.name, code: s.code })),
    { role: "student (no classes)", name: DEMO_STUDENTS[29]!.name, code: DEMO_STUDENTS[29]!.code },
    ...DEMO_PARENTS.map((p) => ({ role: "parent", name: p.name, code: p.code })),
  ];
}
