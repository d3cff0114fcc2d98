// `node php74.mjs file.php [args…]` runs like `php file.php [args…]`, on a real PHP 7.4 engine:
// PHP 7.4.33 compiled to WebAssembly (@php-wasm/node, with curl and json), as Debian ships only PHP 8.
// The working folder is mounted at the same path, the environment passed on, stdout, stderr and the
// exit code kept; curl reaches the host's network through php-wasm's own TCP bridge. Not a server
// (`php -S`): the tests keep PHP 8 for their webhook endpoints.
import { createNodeFsMountHandler, loadNodeRuntime } from '@php-wasm/node';
import { PHP } from '@php-wasm/universal';

const cwd = process.cwd();
const php = new PHP(await loadNodeRuntime('7.4', { withNetworking: true }));
await php.mount(cwd, createNodeFsMountHandler(cwd));
php.chdir(cwd);
const env = Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== undefined));
const ran = await php.cli(['php', ...process.argv.slice(2)], { env });
const copy = async (stream, out) => {
  for await (const chunk of stream) out.write(chunk);
};
await Promise.all([copy(ran.stdout, process.stdout), copy(ran.stderr, process.stderr)]);
process.exitCode = await ran.exitCode;
php.exit();
