import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitFor } from './helpers';
import { ROOT } from './processes';

export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));

/**
 * Debian's nginx running the shipped site (deploy/nginx/b2bpay.conf) with only its listen address and
 * its upstream servers replaced, in a folder of its own (pid, logs, temp files), in the foreground.
 */
export async function startNginx(upstreamPorts: number[]) {
  if (!NGINX) throw new Error('nginx is not installed (apt-get install nginx-light)');
  const dir = mkdtempSync(join(tmpdir(), 'b2bpay-nginx-'));
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'logs']) mkdirSync(join(dir, sub));
  const port = await freePort();
  const site = readFileSync(join(ROOT, 'deploy/nginx/b2bpay.conf'), 'utf8');
  const servers = upstreamPorts
    .map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`)
    .join('\n');
  const local = site
    .replace(/^\s*server 127\.0\.0\.1:\d+ .*;\n/gm, '')
    .replace(/(upstream b2bpay_api \{\n(?:\s*#.*\n)*)/, `$1${servers}\n`)
    .replace(/listen 80;/, `listen 127.0.0.1:${port};`);
  if (!local.includes(`127.0.0.1:${upstreamPorts[0]}`) || !local.includes(`listen 127.0.0.1:${port}`)) {
    throw new Error(`deploy/nginx/b2bpay.conf no longer has the shape this test rewrites:\n${local}`);
  }
  writeFileSync(join(dir, 'b2bpay.conf'), local);
  writeFileSync(
    join(dir, 'nginx.conf'),
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/b2bpay.conf;
}
`,
  );
  // Run as root, nginx's workers become `nobody`: they must be able to use the temp folders.
  spawnSync('chmod', ['-R', 'a+rwx', dir]);
  const child = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stderr?.on('data', (c) => {
    out += String(c);
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    'nginx',
    async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited: ${out}`);
      const res = await fetch(`${url}/api/health/live`).catch(() => null);
      return res !== null;
    },
    20_000,
    100,
  );
  return {
    url,
    port,
    errorLog: () =>
      existsSync(join(dir, 'logs/error.log')) ? readFileSync(join(dir, 'logs/error.log'), 'utf8') : '',
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGQUIT');
        await new Promise((done) => child.once('exit', done));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
