import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
// Shared with the PHP SDK's test: the SDK is copied into the module and must run on PHP 7.4 as well.
const COMPAT_SCRIPT = path.join(import.meta.dirname, '../../../scripts/php-compat.php');

/** Every .php file under `dir`, sorted. */
export function phpFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.php'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** `php -l` on each file (a few at a time); rejects naming every file PHP cannot parse. */
export async function lintPhp(files: string[]): Promise<void> {
  const failures: string[] = [];
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      try {
        await run('php', ['-n', '-l', file]);
      } catch (error) {
        const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
        failures.push(`${file}: ${(stdout + stderr).trim()}`);
      }
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  if (failures.length > 0) throw new Error(`php -l failed:\n${failures.join('\n')}`);
}

/** scripts/php-compat.php: nothing PHP 7.4 lacks, no die/exit, no mbstring. */
export async function checkPhpCompat(dirs: string[]): Promise<void> {
  try {
    await run('php', [COMPAT_SCRIPT, ...dirs]);
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`The module's PHP does not run on PHP 7.4 as it is:\n${stdout}${stderr}`);
  }
}
