// npm run build:bitrix: the module's two archives (UTF-8 and windows-1251) in integrations/bitrix/dist/.
import { statSync } from 'node:fs';
import path from 'node:path';
import { buildBitrixModule, CHARSETS, DIST_DIR } from './build';

const build = await buildBitrixModule(DIST_DIR);
console.log(`b2bpay.payment ${build.version}: php -l and the PHP 7.4 check passed`);
for (const charset of CHARSETS) {
  const { archive } = build.builds[charset];
  const kb = (statSync(archive).size / 1024).toFixed(1);
  console.log(`  ${charset.padEnd(12)} ${path.relative(process.cwd(), archive)} (${kb} KB)`);
}
