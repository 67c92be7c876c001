// The people and class of the second school (tests/support/district.ts), apart from its database
// code so the end-to-end specs can name them too.
export const NORTH = {
  name: "North Campus",
  classCode: "NC-ART",
  className: "Studio Art",
  assignment: "Self-portrait",
} as const;
export const DISTRICT_ADMIN = { name: "Dana Whitfield", username: "dwhitfield", code: "district-demo" } as const;
export const NORTH_STUDENT = { name: "Noor Haddad", username: "nhaddad", code: "stu-north" } as const;
/** Ken Kim, a demo parent, also has a child at North Campus. */
export const NORTH_CHILD = {
  name: "Mina Kim",
  username: "mkim",
  code: "stu-north-kim",
  parentCode: "parent-kim",
} as const;
