import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The flags every browser test uses: new headless mode, no sandbox (containers and CI run as root), no
 * GPU, and nothing that reaches the network on its own (component updates, sync, QUIC).
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Installs Debian's chromium when it is missing and we are root; otherwise says how to. */
export function ensureChromium(): void {
  if (existsSync(CHROMIUM_PATH)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || process.env.CHROMIUM_PATH) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}. Install Debian's package: sudo apt-get update && sudo apt-get install -y chromium (or set CHROMIUM_PATH).`,
    );
  }
  execSync('apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium', {
    stdio: 'inherit',
  });
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(`apt-get installed chromium but ${CHROMIUM_PATH} is still missing`);
}
