import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startProcess } from '../../../../sdks/typescript/test/processes';
import { readTarGz } from '../../build/archive';
import { decodeWindows1251 } from '../../build/windows-1251';
import type { BitrixState } from './fixtures';

const SITE_TEMPLATE = path.join(import.meta.dirname, '..', 'site');

export type BitrixCharset = 'UTF-8' | 'windows-1251';

export interface PageAnswer {
  status: number;
  /** The body decoded from the site's charset. */
  text: string;
}

/**
 * A "Bitrix site" for the module's tests: the stubs of Bitrix's core and its callback page under a
 * web root served by `php -S`, the module unpacked from its archive into /bitrix/modules or
 * /local/modules, and the site's database as a JSON file next to (not under) the web root.
 */
export interface BitrixSite {
  charset: BitrixCharset;
  url: string;
  webRoot: string;
  /** The database as Bitrix would store it. */
  state(): BitrixState;
  /** Changes the database between requests (what the shop's manager or Bitrix itself would do). */
  update(change: (state: BitrixState) => void): void;
  get(pathAndQuery: string): Promise<PageAnswer>;
  postRaw(pathAndQuery: string, body: string, headers: Record<string, string>): Promise<PageAnswer>;
  /** A JSON answer (UTF-8 whatever the site's charset): GET, or POST of `form`. */
  json(pathAndQuery: string, form?: Record<string, string>): Promise<{ status: number; body: unknown }>;
  /** Every file under the web root, relative to it. */
  files(): string[];
  /** What php -S printed (its request log and the stubs' error_log lines). */
  log(): string;
  stop(): Promise<void>;
}

/** A free loopback port for `php -S`, which cannot be asked for port 0. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

export async function startBitrixSite(options: {
  charset: BitrixCharset;
  /** The module's .tar.gz (its one folder is b2bpay.payment/). */
  archive: string;
  /** 'local' puts it in /local/modules, as Bitrix recommends for partner modules; 'bitrix' in /bitrix/modules. */
  modulesIn: 'local' | 'bitrix';
  state: BitrixState;
}): Promise<BitrixSite> {
  const root = mkdtempSync(path.join(tmpdir(), 'b2bpay-bitrix-site-'));
  const webRoot = path.join(root, 'www');
  const database = path.join(root, 'db', 'state.json');
  cpSync(SITE_TEMPLATE, webRoot, { recursive: true });
  mkdirSync(path.dirname(database), { recursive: true });
  writeFileSync(
    path.join(webRoot, 'bitrix', '.settings.php'),
    `<?php\n// Written by the test: the site's charset and where its database file is.\nreturn array(\n` +
      `    'connections' => array('value' => array('default' => array('path' => ${JSON.stringify(database)}))),\n` +
      `    'site' => array('value' => array('charset' => '${options.charset}')),\n);\n`,
  );
  for (const [name, bytes] of await readTarGz(options.archive)) {
    const target = path.join(webRoot, options.modulesIn, 'modules', name);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, bytes);
  }
  const writeState = (state: BitrixState) => writeFileSync(database, JSON.stringify(state, null, 2));
  writeState(options.state);

  const port = await freePort();
  const server = startProcess('php', ['-S', `127.0.0.1:${port}`, '-t', webRoot], { cwd: root });
  await server.line(/Development Server \(http:\/\/127\.0\.0\.1:\d+\) started/);
  const url = `http://127.0.0.1:${port}`;

  const decode = (bytes: ArrayBuffer) =>
    options.charset === 'UTF-8'
      ? new TextDecoder('utf-8').decode(bytes)
      : decodeWindows1251(new Uint8Array(bytes));
  const request = async (pathAndQuery: string, init: RequestInit = {}): Promise<PageAnswer> => {
    const response = await fetch(`${url}${pathAndQuery}`, init);
    return { status: response.status, text: decode(await response.arrayBuffer()) };
  };
  const listFiles = (dir: string): string[] =>
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(webRoot, path.join(entry.parentPath, entry.name)))
      .sort();

  return {
    charset: options.charset,
    url,
    webRoot,
    state: () => JSON.parse(readFileSync(database, 'utf8')) as BitrixState,
    update(change) {
      const state = JSON.parse(readFileSync(database, 'utf8')) as BitrixState;
      change(state);
      writeState(state);
    },
    get: (pathAndQuery) => request(pathAndQuery),
    postRaw: (pathAndQuery, body, headers) => request(pathAndQuery, { method: 'POST', body, headers }),
    async json(pathAndQuery, form) {
      const response = await fetch(
        `${url}${pathAndQuery}`,
        form ? { method: 'POST', body: new URLSearchParams(form) } : {},
      );
      return { status: response.status, body: JSON.parse(await response.text()) };
    },
    files: () => listFiles(webRoot),
    log: () => server.lines.join('\n'),
    async stop() {
      await server.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
