// The people and class of the second school (tests/support/district.ts), apart from its database
// code so the end-to-end specs can name them too.
export const NORTH = { name: "North Campus", classCode: "NC-ART", className: "Studio Art" } as const;
export const DISTRICT_ADMIN = { name: "Dana Whitfield", username: "dwhitfield", code: "district-demo" } as const;
export const NORTH_STUDENT = { name: "Noor Haddad", username: "nhaddad", code: "stu-north" } as const;
