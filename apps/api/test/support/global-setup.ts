import type { TestProject } from 'vitest/node';
import { createPostgresTemplate, ensurePgliteDump } from './test-databases';

declare module 'vitest' {
  export interface ProvidedContext {
    /** dist/test-pgdata-<fingerprint>.tar.gz: PGlite after initdb and every migration (test-databases.ts). */
    pgliteDump?: string;
    /** The run's migrated PostgreSQL database that each test database is copied from (DATABASE_URL set). */
    postgresTemplate?: string;
  }
}

/** Once per run, before any test file: the migrated templates startTestApp starts its databases from. */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  const [dump, template] = await Promise.all([
    ensurePgliteDump(),
    serverUrl ? createPostgresTemplate(serverUrl) : undefined,
  ]);
  project.provide('pgliteDump', dump);
  if (template) project.provide('postgresTemplate', template.name);
  return async () => {
    await template?.drop();
  };
}
