import { describe, expect, it } from 'vitest';
import { checkBoundaries } from '../check-boundaries.mjs';
import { findCycles } from './imports.mjs';
import { checkLayers } from './layers.mjs';
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

describe('who may import whom', () => {
  const files = new Set([
    'apps/web/src/features/shop/stats/stats-model.ts',
    'apps/web/src/features/shop/shared/calendar.ts',
    'apps/web/src/features/landing/landing-page.tsx',
    'apps/web/src/app/landing-root.tsx',
    'apps/web/src/shared/ui/button.tsx',
    'apps/api/src/modules/orders/orders.repository.ts',
    'apps/api/src/modules/orders/order-records.service.ts',
    'apps/api/src/modules/orders/orders.routes.ts',
    'apps/api/src/modules/jobs/worker.ts',
    'apps/api/src/shared/errors.ts',
    'packages/domain/src/money.ts',
    'apps/web/src/shared/lib/cn.ts',
  ]);
  const check = (file, source) => checkLayers([{ file, source }], (path) => files.has(path));

  it('refuses a web feature importing another feature or app/', () => {
    expect(
      check(
        'apps/web/src/features/shop/stats/daily-chart.tsx',
        "import { LandingPage } from '../../landing/landing-page';",
      ),
    ).toEqual([
      "apps/web/src/features/shop/stats/daily-chart.tsx:1: feature 'shop' imports feature 'landing' (move the shared piece to shared/) — '../../landing/landing-page'",
    ]);
    expect(
      check(
        'apps/web/src/features/landing/prerender/entry-server.tsx',
        "import { LandingRoot } from '../../../app/landing-root';",
      ),
    ).toHaveLength(1);
    expect(
      check('apps/web/src/shared/ui/card.tsx', "import { x } from '../../features/shop/shared/calendar';"),
    ).toHaveLength(1);
  });

  it('lets a feature import its own files and shared/, and app/ import features', () => {
    expect(
      check(
        'apps/web/src/features/shop/stats/daily-chart.tsx',
        "import { displayDay } from '../shared/calendar';",
      ),
    ).toEqual([]);
    expect(
      check(
        'apps/web/src/features/shop/stats/daily-chart.tsx',
        // apps/web/src/shared/lib/cn, inside the repository; spelled out so that no line reads like
        // a path to the repository's sibling folder.
        `import { cn } from '${'../'.repeat(3)}shared/lib/cn';`,
      ),
    ).toEqual([]);
    expect(check('apps/web/src/app/router.tsx', "import('../features/landing/landing-page');")).toEqual([]);
  });

  it("refuses an API module importing another module's repository, routes or other files", () => {
    const source = [
      "import { findOrder } from '../orders/orders.repository';",
      "import type { ordersRoutes } from '../orders/orders.routes';",
      "import type { JobOutcome } from '../jobs/worker';",
    ].join('\n');
    const problems = check('apps/api/src/modules/banks/banks.service.ts', source);
    expect(problems.map((p) => p.split(': module')[0])).toEqual([
      'apps/api/src/modules/banks/banks.service.ts:1',
      'apps/api/src/modules/banks/banks.service.ts:2',
      'apps/api/src/modules/banks/banks.service.ts:3',
    ]);
  });

  it("lets a module use another module's service, its own files and the shared layer", () => {
    const source = [
      "import { findOrder } from '../orders/order-records.service';",
      "import { AppError } from '../../shared/errors';",
    ].join('\n');
    expect(check('apps/api/src/modules/banks/banks.service.ts', source)).toEqual([]);
    expect(
      check('apps/api/src/modules/orders/orders.service.ts', "import * as repo from './orders.repository';"),
    ).toEqual([]);
  });

  it('refuses packages/domain importing an app, by path or by package name', () => {
    expect(
      check('packages/domain/src/statuses.ts', "import { x } from '../../../apps/web/src/shared/lib/cn';"),
    ).toHaveLength(1);
    expect(check('packages/domain/src/statuses.ts', "import type { AppDeps } from '@b2bpay/api';")).toEqual([
      "packages/domain/src/statuses.ts:1: packages/domain imports an app — '@b2bpay/api'",
    ]);
    expect(check('packages/domain/src/statuses.ts', "import { toKopecks } from './money';")).toEqual([]);
  });
});
