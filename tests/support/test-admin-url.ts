/**
 * Where the suite creates and drops its databases: PostgreSQL itself. Normally DATABASE_URL; when
 * the suite runs through PgBouncer (DATABASE_URL names the pooler, decision 030), the pooler cannot
 * create a database from a template it may hold a connection to, so TEST_DATABASE_ADMIN_URL names
 * the server directly. The tests' own queries still go through DATABASE_URL.
 */
export function testAdminUrl(): string {
  return process.env.TEST_DATABASE_ADMIN_URL || process.env.DATABASE_URL!;
}
