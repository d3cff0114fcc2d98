import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { writeTarGz } from './archive';
import { checkPhpCompat, lintPhp, phpFiles } from './php-check';
import { encodeWindows1251 } from './windows-1251';

/**
 * The 1C-Bitrix module as a shop installs it: b2bpay.payment/ with the PHP SDK copied into lib/sdk/,
 * once in UTF-8 and once converted to windows-1251 (Bitrix sites run in either; lang files and
 * templates must be in the site's charset). Every PHP file of both passes `php -l`, and the module
 * is held to PHP 7.4 (scripts/php-compat.php). Each build is a .tar.gz whose one folder,
 * b2bpay.payment/, the shop puts into /local/modules/ or /bitrix/modules/.
 */
export const MODULE_ID = 'b2bpay.payment';
export const INTEGRATION_DIR = path.join(import.meta.dirname, '..');
export const DIST_DIR = path.join(INTEGRATION_DIR, 'dist');
const MODULE_DIR = path.join(INTEGRATION_DIR, MODULE_ID);
const SDK_DIR = path.join(INTEGRATION_DIR, '..', '..', 'sdks', 'php', 'src');

export const CHARSETS = ['utf-8', 'windows-1251'] as const;
export type SiteCharset = (typeof CHARSETS)[number];

export interface ModuleBuild {
  charset: SiteCharset;
  /** The built b2bpay.payment folder. */
  dir: string;
  /** Its .tar.gz. */
  archive: string;
}

export interface BitrixBuild {
  version: string;
  builds: Record<SiteCharset, ModuleBuild>;
}

function relativeFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** install/version.php's VERSION and VERSION_DATE (the archives' file times). */
export function moduleVersion(): { version: string; date: Date } {
  const text = readFileSync(path.join(MODULE_DIR, 'install', 'version.php'), 'utf8');
  const version = /'VERSION' => '([^']+)'/.exec(text)?.[1];
  const date = /'VERSION_DATE' => '(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)'/.exec(text);
  if (!version || !date) throw new Error('install/version.php: no VERSION or VERSION_DATE');
  return { version, date: new Date(`${date[1]}T${date[2]}Z`) };
}

/** The module's files (relative path → UTF-8 text): its sources and the SDK under lib/sdk/. */
function moduleSources(): Map<string, string> {
  const strict = new TextDecoder('utf-8', { fatal: true });
  const sources = new Map<string, string>();
  const add = (relative: string, file: string) => {
    try {
      sources.set(relative, strict.decode(readFileSync(file)));
    } catch {
      throw new Error(`${file} is not UTF-8`);
    }
  };
  for (const file of relativeFiles(MODULE_DIR)) add(file, path.join(MODULE_DIR, file));
  for (const file of relativeFiles(SDK_DIR)) add(path.join('lib', 'sdk', file), path.join(SDK_DIR, file));
  return sources;
}

export async function buildBitrixModule(outDir: string = DIST_DIR): Promise<BitrixBuild> {
  const { version, date } = moduleVersion();
  const sources = moduleSources();
  const builds = {} as Record<SiteCharset, ModuleBuild>;
  for (const charset of CHARSETS) {
    const dir = path.join(outDir, charset, MODULE_ID);
    rmSync(path.join(outDir, charset), { recursive: true, force: true });
    for (const [relative, text] of sources) {
      const target = path.join(dir, relative);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, charset === 'utf-8' ? text : encodeWindows1251(text, relative));
    }
    builds[charset] = {
      charset,
      dir,
      archive: path.join(outDir, `${MODULE_ID}-${version}-${charset}.tar.gz`),
    };
  }
  await lintPhp(CHARSETS.flatMap((charset) => phpFiles(builds[charset].dir)));
  await checkPhpCompat([builds['utf-8'].dir]);
  for (const charset of CHARSETS) {
    const { dir, archive } = builds[charset];
    await writeTarGz(dir, relativeFiles(dir), MODULE_ID, date, archive);
  }
  return { version, builds };
}
