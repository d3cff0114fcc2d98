/**
 * Renders public/og-image.png (1200×630, the social-sharing image of spec §2) from og-image.html with
 * Debian's headless Chromium. Run after changing the design: `npx tsx apps/web/build/render-og-image.ts`.
 * The PNG is committed, so building the app does not need a browser.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const html = fileURLToPath(new URL('./og-image.html', import.meta.url));
const out = fileURLToPath(new URL('../public/og-image.png', import.meta.url));
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

execFileSync(chromium, [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--hide-scrollbars',
  '--force-device-scale-factor=1',
  '--window-size=1200,630',
  `--screenshot=${out}`,
  `file://${html}`,
]);
console.log(`wrote ${out}`);
