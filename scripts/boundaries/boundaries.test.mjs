import { describe, expect, it } from 'vitest';
import { checkBoundaries } from '../check-boundaries.mjs';
import { findCycles } from './imports.mjs';
import { checkSqlLocation } from './sql-location.mjs';

const api = (file, source) => ({ file: `apps/api/src/${file}`, source });

describe('SQL only in repositories', () => {
  it('refuses a statement in a route, a service or a sweep, in quotes or a template', () => {
    const problems = checkSqlLocation([
      api(
        'modules/enquiries/enquiries.routes.ts',
        "await deps.db.query('INSERT INTO enquiries (name) VALUES ($1)', [name]);",
      ),
      api(
        'modules/verification/verification.service.ts',
        "await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);",
      ),
      api(
        'modules/live/event-feed.ts',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a template literal
        'const rows = await db.query(`SELECT seq FROM events WHERE seq > $1 LIMIT ${BATCH}`, [low]);',
      ),
      api(
        'modules/jobs/job-signals.ts',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a template literal
        'const SQL = `SET LOCAL synchronous_commit TO off; NOTIFY ${CHANNEL}`;',
      ),
      api('modules/orders/transitions.ts', 'const q = `\n  UPDATE orders SET status = $2\n  WHERE id = $1`;'),
    ]);
    expect(problems).toHaveLength(5);
    expect(problems[0]).toMatch(/^apps\/api\/src\/modules\/enquiries\/enquiries\.routes\.ts:1: SQL outside/);
    expect(problems[4]).toMatch(/transitions\.ts:1: .*UPDATE orders SET status/);
  });

  it('gives the line of the statement', () => {
    const [problem] = checkSqlLocation([
      api('modules/deadlines/deadlines.sweep.ts', "const a = 1;\n\nawait tx.query('DELETE FROM jobs');"),
    ]);
    expect(problem).toMatch(/deadlines\.sweep\.ts:3: /);
  });

  it('allows SQL in repositories, the database layer and tests', () => {
    const statement = "await db.query('SELECT id FROM orders WHERE id = $1', [id]);";
    expect(
      checkSqlLocation([
        api('modules/orders/orders.repository.ts', statement),
        api('db/database.ts', statement),
        api('modules/jobs/worker.test.ts', statement),
      ]),
    ).toEqual([]);
  });

  it('leaves comments, identifiers and Russian texts alone', () => {
    const source = [
      '// SELECT the newest code FROM the table, then UPDATE it SET used',
      '/** INSERT INTO is done by the repository. */',
      "const selected = 'Выберите банк';",
      "const hint = 'Update settings from the shop area';",
      'const selectFrom = (from: number) => from;',
    ].join('\n');
    expect(checkSqlLocation([api('modules/orders/orders.service.ts', source)])).toEqual([]);
  });
});

describe('import cycles', () => {
  it('finds a cycle, type-only imports included', () => {
    const cycles = findCycles([
      api('modules/jobs/jobs.repository.ts', "import type { JobOutcome } from './worker';"),
      api('modules/jobs/worker.ts', "import * as jobs from './jobs.repository';"),
      api('modules/jobs/registry.ts', "import { Worker } from './worker';"),
    ]);
    expect(cycles).toEqual([
      'import cycle: apps/api/src/modules/jobs/jobs.repository.ts -> apps/api/src/modules/jobs/worker.ts -> apps/api/src/modules/jobs/jobs.repository.ts',
    ]);
  });

  it('finds none in a tree', () => {
    expect(
      findCycles([
        api('a.ts', "import { b } from './b';\nimport { c } from './c';"),
        api('b.ts', "import { c } from './c';"),
        api('c.ts', 'export const c = 1;'),
      ]),
    ).toEqual([]);
  });
});

describe('the repository', () => {
  it('keeps its boundaries', { timeout: 60_000 }, () => {
    expect(checkBoundaries()).toEqual([]);
  });
});
