// The boundaries lint (scripts/check-boundaries.mjs) on small trees of the repository's shape, made in
// a temporary folder: a clean one passes, and each breach planted in a copy of it fails — so the test
// says nothing about the real tree's state, which `npm run lint` checks.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkBoundaries } from '../check-boundaries.mjs';
import { checkSqlLocation } from './sql-location.mjs';

const CLEAN = {
  'apps/api/src/app.ts':
    "import { ordersRoutes } from './modules/orders/index';\nimport { auth } from './plugins/auth';\nexport const app = [ordersRoutes, auth];\n",
  'apps/api/src/plugins/auth.ts':
    "import { findShop } from '../modules/shops/index';\nexport const auth = findShop;\n",
  'apps/api/src/db/migrate.ts':
    "export const MIGRATION = 'create table orders (id uuid primary key)';\nexport const q = `select id from orders where id = $1`;\n",
  'apps/api/src/modules/orders/index.ts': "export { ordersRoutes } from './orders.routes';\n",
  'apps/api/src/modules/orders/orders.routes.ts':
    "import { placeOrder } from './orders.service';\nexport const ordersRoutes = [placeOrder];\n",
  'apps/api/src/modules/orders/orders.service.ts': [
    "import { findShop } from '../shops/index';",
    "import { insertOrder } from './orders.repository';",
    "const refused = 'Select a bank from the list, then update your settings';",
    'export const placeOrder = (id: string) => insertOrder(id, findShop(id), refused);',
    '',
  ].join('\n'),
  'apps/api/src/modules/orders/orders.repository.ts':
    "export const insertOrder = (id: string, shop: string, note: string) => ['insert into orders (id, shop_id) values ($1, $2)', id, shop, note];\n",
  'apps/api/src/modules/shops/index.ts': "export { findShop } from './shops.service';\n",
  'apps/api/src/modules/shops/shops.service.ts':
    "import { selectShop } from './shops.repository';\nexport const findShop = (id: string) => selectShop(id);\n",
  'apps/api/src/modules/shops/shops.repository.ts':
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a template literal
    'export const selectShop = (id: string) => `SELECT name FROM shops WHERE id = ${id}`;\n',
  'apps/web/src/app/router.tsx':
    "import { OrdersPage } from '../features/orders/orders-page';\nexport const routes = [OrdersPage];\n",
  'apps/web/src/features/orders/orders-page.tsx':
    "import { displayDay } from '../shop-shared/calendar';\nimport { Button } from '../../shared/ui/button';\nexport const OrdersPage = () => [displayDay, Button];\n",
  'apps/web/src/features/settings/settings-page.tsx':
    "import { displayDay } from '../shop-shared/calendar';\nexport const SettingsPage = () => displayDay;\n",
  'apps/web/src/features/shop-shared/calendar.ts': "export const displayDay = 'day';\n",
  'apps/web/src/shared/ui/button.tsx': "export const Button = 'button';\n",
  'apps/widget/src/index.ts': "import { element } from './element';\nexport default element;\n",
  'apps/widget/src/element.ts': "export const element = 'b2bpay-button';\n",
  'packages/domain/src/index.ts':
    "export { toKopecks } from './money';\nexport { orderSchema } from './contract';\n",
  'packages/domain/src/money.ts':
    'export const toKopecks = (roubles: number) => Math.round(roubles * 100);\n',
  'packages/domain/src/contract.ts':
    "import { z } from 'zod';\nexport const orderSchema = z.object({ document: z.string() });\n",
  'packages/domain/src/money.test.ts':
    "import { readFileSync } from 'node:fs';\nexport const fixture = readFileSync;\n",
  'sdks/typescript/src/index.ts': "export { client } from './client';\n",
  'sdks/typescript/src/client.ts': "export const client = 'sdk';\n",
};

const made = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A tree in a temporary folder: the clean files with `changes` written over them; returns its root. */
function tree(changes = {}) {
  const root = mkdtempSync(join(tmpdir(), 'b2bpay-boundaries-'));
  made.push(root);
  for (const [file, source] of Object.entries({ ...CLEAN, ...changes })) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), source);
  }
  return root;
}

const withLine = (file, line) => `${CLEAN[file]}${line}\n`;
const SERVICE = 'apps/api/src/modules/orders/orders.service.ts';
const DOMAIN_MONEY = 'packages/domain/src/money.ts';

describe('the boundaries lint on a planted tree', { timeout: 30_000 }, () => {
  it('passes a clean tree', async () => {
    expect(await checkBoundaries(tree())).toEqual([]);
  });

  // The nine breaches a review planted in a clone, which the lint must refuse.
  const breaches = [
    [
      'lowercase SQL in a service',
      {
        [SERVICE]: withLine(SERVICE, "export const q = 'select id, status from orders where shop_id = $1';"),
      },
      /^sql-only-in-repositories: apps\/api\/src\/modules\/orders\/orders\.service\.ts:5: /,
    ],
    [
      'a SQL fragment in a service',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a template literal
      { [SERVICE]: withLine(SERVICE, 'export const where = `where id = $1 and ${"x"}`;') },
      /^sql-only-in-repositories: .*orders\.service\.ts:5: SQL outside a repository: where id = \$1/,
    ],
    [
      'a plugin importing a repository',
      {
        'apps/api/src/plugins/auth.ts':
          "import { selectShop } from '../modules/shops/shops.repository';\nexport const auth = selectShop;\n",
      },
      /^repository-from-outside-modules: apps\/api\/src\/plugins\/auth\.ts -> apps\/api\/src\/modules\/shops\/shops\.repository\.ts$/,
    ],
    [
      "a web feature importing the API's source",
      {
        'apps/web/src/features/settings/settings-page.tsx':
          "import { ordersRoutes } from '../../../../api/src/modules/orders/index';\nexport const SettingsPage = () => ordersRoutes;\n",
      },
      /^web-not-api: apps\/web\/src\/features\/settings\/settings-page\.tsx -> apps\/api\/src\/modules\/orders\/index\.ts$/,
    ],
    [
      'packages/domain importing fastify',
      {
        [DOMAIN_MONEY]: withLine(
          DOMAIN_MONEY,
          "import type { FastifyInstance } from 'fastify';\nexport type App = FastifyInstance;",
        ),
      },
      /^domain-no-fastify-or-browser: packages\/domain\/src\/money\.ts -> fastify$/,
    ],
    [
      'packages/domain importing node:fs',
      {
        [DOMAIN_MONEY]: withLine(
          DOMAIN_MONEY,
          "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;",
        ),
      },
      /^domain-no-node: packages\/domain\/src\/money\.ts -> (node:)?fs$/,
    ],
    [
      'a cycle inside the domain package',
      {
        [DOMAIN_MONEY]: withLine(
          DOMAIN_MONEY,
          "import { orderSchema } from './index';\nexport const schema = orderSchema;",
        ),
      },
      /^no-cycle-in-package: packages\/domain\/src\/(index|money)\.ts -> /,
    ],
    [
      'the widget importing web internals',
      {
        'apps/widget/src/element.ts':
          "import { Button } from '../../web/src/shared/ui/button';\nexport const element = Button;\n",
      },
      /^widget-on-its-own: apps\/widget\/src\/element\.ts -> apps\/web\/src\/shared\/ui\/button\.tsx$/,
    ],
    [
      'the sandbox bank importing the API',
      {
        'apps/sandbox-bank/src/bank.ts':
          "import { orderSchema } from '../../api/src/modules/orders/index';\nexport const bank = orderSchema;\n",
      },
      /^sandbox-bank-outside: apps\/sandbox-bank\/src\/bank\.ts -> apps\/api\/src\/modules\/orders\/index\.ts$/,
    ],
    [
      "a module importing another module's repository",
      { [SERVICE]: withLine(SERVICE, "export { selectShop } from '../shops/shops.repository';") },
      /^repository-from-another-module: apps\/api\/src\/modules\/orders\/orders\.service\.ts -> apps\/api\/src\/modules\/shops\/shops\.repository\.ts$/,
    ],
    // And the rest of the rules.
    [
      "a module importing another module's inner file",
      { [SERVICE]: withLine(SERVICE, "export { findShop as inner } from '../shops/shops.service';") },
      /^module-only-through-index: .*orders\.service\.ts -> apps\/api\/src\/modules\/shops\/shops\.service\.ts$/,
    ],
    [
      "the app reaching past a module's index.ts",
      {
        'apps/api/src/app.ts':
          "import { ordersRoutes } from './modules/orders/orders.routes';\nexport const app = ordersRoutes;\n",
      },
      /^module-only-through-index-from-outside: apps\/api\/src\/app\.ts -> .*orders\.routes\.ts$/,
    ],
    [
      'two modules depending on each other with no file cycle',
      {
        'apps/api/src/modules/shops/shops.service.ts': withLine(
          'apps/api/src/modules/shops/shops.service.ts',
          "export { ordersRoutes } from '../orders/index';",
        ),
      },
      /^no-cycle-between-api-modules: modules orders, shops depend on each other in a loop/,
    ],
    [
      'a module importing a workflow above the modules',
      {
        'apps/api/src/workflows/submit-application.ts':
          "import { findShop } from '../modules/shops/index';\nexport const submit = findShop;\n",
        [SERVICE]: withLine(SERVICE, "export { submit } from '../../workflows/submit-application';"),
      },
      /^module-not-above-modules: .*orders\.service\.ts -> apps\/api\/src\/workflows\/submit-application\.ts$/,
    ],
    [
      'the outbox module importing a business module',
      {
        'apps/api/src/modules/outbox/index.ts':
          "import { findShop } from '../shops/index';\nexport const record = findShop;\n",
      },
      /^outbox-on-no-module: apps\/api\/src\/modules\/outbox\/index\.ts -> apps\/api\/src\/modules\/shops\/index\.ts$/,
    ],
    [
      'a web feature importing another feature',
      {
        'apps/web/src/features/settings/settings-page.tsx':
          "import { OrdersPage } from '../orders/orders-page';\nexport const SettingsPage = OrdersPage;\n",
      },
      /^web-feature-not-other-feature: .*settings-page\.tsx -> apps\/web\/src\/features\/orders\/orders-page\.tsx$/,
    ],
    [
      'packages/domain reading a browser global',
      { [DOMAIN_MONEY]: withLine(DOMAIN_MONEY, 'export const here = () => window.location.href;') },
      /^domain-no-runtime-globals: packages\/domain\/src\/money\.ts:2: .*'window'/,
    ],
  ];

  it.each(breaches)('refuses %s', async (_name, changes, expected) => {
    const problems = await checkBoundaries(tree(changes));
    expect(problems.length, problems.join('\n')).toBeGreaterThan(0);
    expect(
      problems.some((problem) => expected.test(problem)),
      problems.join('\n'),
    ).toBe(true);
  });

  it('exits 1 with the breach printed, and 0 on a clean tree', async () => {
    const script = join(import.meta.dirname, '..', 'check-boundaries.mjs');
    const run = (root) =>
      new Promise((resolve) => {
        execFile(process.execPath, [script, '--root', root], (error, _stdout, stderr) =>
          resolve({ status: error ? error.code : 0, stderr }),
        );
      });
    const [clean, breach] = await Promise.all([
      run(tree()),
      run(tree({ [DOMAIN_MONEY]: withLine(DOMAIN_MONEY, "import 'node:fs';") })),
    ]);
    expect(clean.status, clean.stderr).toBe(0);
    expect(breach.status).toBe(1);
    expect(breach.stderr).toMatch(/domain-no-node: packages\/domain\/src\/money\.ts -> (node:)?fs/);
  });
});

const api = (file, source) => ({ file: `apps/api/src/${file}`, source });

describe('SQL only in repositories', () => {
  it('refuses a statement in a route, a service or a sweep, in quotes or a template, in any case', () => {
    const problems = checkSqlLocation([
      api(
        'modules/enquiries/enquiries.routes.ts',
        "await deps.db.query('INSERT INTO enquiries (name) VALUES ($1)', [name]);",
      ),
      api(
        'modules/verification/verification.service.ts',
        "await tx.query('select pg_advisory_xact_lock(hashtext($1))', [key]);",
      ),
      api(
        'modules/live/event-feed.ts',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a template literal
        'const rows = await db.query(`select seq from events where seq > $1 limit ${BATCH}`, [low]);',
      ),
      api(
        'modules/jobs/job-signals.ts',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a template literal
        'const SQL = `SET LOCAL synchronous_commit TO off; NOTIFY ${CHANNEL}`;',
      ),
      api('modules/orders/transitions.ts', 'const q = `\n  update orders set status = $2\n  where id = $1`;'),
      api('modules/orders/cancel.service.ts', "const clause = 'set status = $2';"),
      api('modules/orders/refunds.service.ts', "const part = ' and shop_id = $3';"),
      api('modules/jobs/lanes.ts', "const order = 'order by run_at asc';"),
      api('modules/webhooks/events.service.ts', "const upsert = 'on conflict (id) do nothing';"),
    ]);
    expect(problems).toHaveLength(9);
    expect(problems[0]).toMatch(
      /^sql-only-in-repositories: apps\/api\/src\/modules\/enquiries\/enquiries\.routes\.ts:1: SQL outside/,
    );
    expect(problems[4]).toMatch(/transitions\.ts:1: .*update orders set status/);
  });

  it('gives the line of the statement', () => {
    const [problem] = checkSqlLocation([
      api(
        'modules/deadlines/deadlines.sweep.ts',
        "const a = 1;\n\nawait tx.query('delete from jobs where id = $1');",
      ),
    ]);
    expect(problem).toMatch(/deadlines\.sweep\.ts:3: /);
  });

  it('allows SQL in repositories, the database layer and tests', () => {
    const statement = "await db.query('select id from orders where id = $1', [id]);";
    expect(
      checkSqlLocation([
        api('modules/orders/orders.repository.ts', statement),
        api('db/database.ts', statement),
        api('modules/jobs/worker.test.ts', statement),
      ]),
    ).toEqual([]);
  });

  it('leaves comments, identifiers, HTTP methods and Russian or English prose alone', () => {
    const source = [
      '// SELECT the newest code FROM the table, then UPDATE it SET used',
      '/** INSERT INTO is done by the repository. */',
      "const selected = 'Выберите банк из списка и обновите настройки';",
      "const hint = 'Update settings from the shop area';",
      "const choose = 'Select a bank from the list, then set the limit';",
      "const removed = 'Delete from the list: the order is set to cancelled';",
      "const methods = ['GET', 'DELETE', 'UPDATE'];",
      "const error = 'Order by number 42 was not found where expected';",
      "const note = 'Insert into the form the values you were given';",
      'const selectFrom = (from: number) => from;',
    ].join('\n');
    expect(checkSqlLocation([api('modules/orders/orders.service.ts', source)])).toEqual([]);
  });
});
