import { afterAll, beforeAll, describe } from 'vitest';
import { DB_KINDS, type DbKind, startTestApp, type TestApp } from './test-app';

export interface ApiSuiteOptions {
  /**
   * Settings the suite's app starts with, over the test defaults; a function is called before each
   * database's app starts (for settings that name a server the suite starts first, e.g. a sink's URL).
   */
  env?: Record<string, string> | (() => Promise<Record<string, string>>);
  /** The app's logger (a test that reads the log lines). */
  logger?: object;
  /** The suite's test timeout, for suites that start processes. */
  timeout?: number;
  /** How long starting the app may take (a suite whose settings make it slow to start). */
  startTimeout?: number;
}

/**
 * A suite run once per database — PGlite, and PostgreSQL too when DATABASE_URL is set — with one
 * test app started before its tests and closed after them. The suite's name gets " on <kind>".
 * `t` stands for that app: its fields are read when a test or hook uses them, so a suite's helpers
 * may close over it.
 */
export function describeApi(name: string, body: (t: TestApp, kind: DbKind) => void): void;
export function describeApi(
  name: string,
  options: ApiSuiteOptions,
  body: (t: TestApp, kind: DbKind) => void,
): void;
export function describeApi(
  name: string,
  optionsOrBody: ApiSuiteOptions | ((t: TestApp, kind: DbKind) => void),
  maybeBody?: (t: TestApp, kind: DbKind) => void,
): void {
  const options = typeof optionsOrBody === 'function' ? {} : optionsOrBody;
  const body = typeof optionsOrBody === 'function' ? optionsOrBody : maybeBody;
  if (!body) throw new Error('describeApi: no suite body');
  const timeout = options.timeout === undefined ? {} : { timeout: options.timeout };
  describe.each(DB_KINDS)(`${name} on %s`, timeout, (kind) => {
    let started: TestApp | undefined;
    const current = (): TestApp => {
      if (!started) throw new Error(`${name}: the test app is used before it started`);
      return started;
    };
    beforeAll(async () => {
      const env = typeof options.env === 'function' ? await options.env() : options.env;
      started = await startTestApp(kind, env, options.logger ? { logger: options.logger } : {});
    }, options.startTimeout);
    afterAll(() => started?.close());
    body(suiteApp(current), kind);
  });
}

/** A TestApp whose every field is the started app's at the moment it is read. */
function suiteApp(current: () => TestApp): TestApp {
  return {
    get app() {
      return current().app;
    },
    get db() {
      return current().db;
    },
    get config() {
      return current().config;
    },
    get clock() {
      return current().clock;
    },
    get worker() {
      return current().worker;
    },
    get databaseUrl() {
      return current().databaseUrl;
    },
    close: () => current().close(),
  };
}
