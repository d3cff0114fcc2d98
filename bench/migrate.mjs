#!/usr/bin/env node
// Migrates DATABASE_URL with the API's own migrations (run with tsx: it imports the TypeScript sources).
import { migrate } from '../apps/api/src/db/migrate.ts';
import { openPostgres } from '../apps/api/src/db/postgres.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const db = await openPostgres(url, 1);
const applied = await migrate(db);
await db.close();
console.log(`migrated: ${applied.join(', ') || 'nothing to do'}`);
