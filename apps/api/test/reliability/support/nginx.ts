import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitFor } from './helpers';
import { ROOT } from './processes';

export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
export const OPENSSL = ['/usr/bin/openssl', '/usr/local/bin/openssl'].find((p) => existsSync(p));
/** The name the shipped site answers to. */
export const SITE_NAME = 'b2bpay.example.ru';

/** A self-signed certificate for the site's name and 127.0.0.1 (an ECDSA P-256 key: quick handshakes). */
function selfSignedCertificate(dir: string) {
  if (!OPENSSL) throw new Error('openssl is not installed');
  const cert = join(dir, 'fullchain.pem');
  const key = join(dir, 'privkey.pem');
  const made = spawnSync(
    OPENSSL,
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      `/CN=${SITE_NAME}`,
      '-addext',
      `subjectAltName=DNS:${SITE_NAME},IP:127.0.0.1`,
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl: ${made.stderr}`);
  return { cert, key, ca: readFileSync(cert, 'utf8') };
}

/** Replaces `from` in the site, and fails when the shipped site no longer has it. */
function rewrite(site: string, from: RegExp | string, to: string) {
  const next = site.replace(from, to);
  if (next === site) throw new Error(`deploy/nginx/b2bpay.conf no longer has ${String(from)}:\n${site}`);
  return next;
}

/**
 * Debian's nginx running the shipped site (deploy/nginx/b2bpay.conf) in a folder of its own (pid,
 * logs, temp files), in the foreground, with only what a machine sets replaced: the listen
 * addresses (loopback, free ports), the upstream servers, the certificate (a self-signed one made
 * here) and the access log's path. `url` is the HTTPS site; `ca` verifies its certificate.
 */
export async function startNginx(upstreamPorts: number[]) {
  if (!NGINX) throw new Error('nginx is not installed (apt-get install nginx-light)');
  const dir = mkdtempSync(join(tmpdir(), 'b2bpay-nginx-'));
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'logs']) mkdirSync(join(dir, sub));
  const [httpPort, port] = [await freePort(), await freePort()];
  const tls = selfSignedCertificate(dir);
  const accessLog = join(dir, 'logs/access.log');
  const servers = upstreamPorts
    .map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`)
    .join('\n');
  let site = readFileSync(join(ROOT, 'deploy/nginx/b2bpay.conf'), 'utf8');
  site = rewrite(site, /^\s*server 127\.0\.0\.1:\d+ .*;\n/gm, '');
  site = rewrite(site, /(upstream b2bpay_api \{\n(?:\s*#.*\n)*)/, `$1${servers}\n`);
  site = rewrite(site, /listen 80;/, `listen 127.0.0.1:${httpPort};`);
  site = rewrite(site, /listen \[::\]:80;/, `listen [::1]:${httpPort};`);
  site = rewrite(site, /listen 443 ssl http2;/, `listen 127.0.0.1:${port} ssl http2;`);
  site = rewrite(site, /listen \[::\]:443 ssl http2;/, `listen [::1]:${port} ssl http2;`);
  site = rewrite(site, /ssl_certificate \S+;/, `ssl_certificate ${tls.cert};`);
  site = rewrite(site, /ssl_certificate_key \S+;/, `ssl_certificate_key ${tls.key};`);
  site = rewrite(site, /access_log \S+ b2bpay_paths;/g, `access_log ${accessLog} b2bpay_paths;`);
  writeFileSync(join(dir, 'b2bpay.conf'), site);
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
  const url = `https://127.0.0.1:${port}`;
  await waitFor(
    'nginx',
    async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited: ${out}`);
      return new Promise<boolean>((done) => {
        const req = httpsRequest(`${url}/api/health`, { ca: tls.ca, agent: false }, (res) => {
          res.resume();
          done(true);
        });
        req.on('error', () => done(false));
        req.end();
      });
    },
    20_000,
    100,
  );
  return {
    url,
    port,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    ca: tls.ca,
    accessLog: () => (existsSync(accessLog) ? readFileSync(accessLog, 'utf8') : ''),
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
