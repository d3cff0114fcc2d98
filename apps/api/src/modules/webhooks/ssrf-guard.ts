import dns from 'node:dns';
import net from 'node:net';
import type { Config } from '../../config';
import { validationError } from '../../shared/errors';

/**
 * SSRF guard for webhook URLs (DESIGN §6). A shop chooses where we POST, so a URL must never reach
 * our own network: loopback, private, link-local (cloud metadata at 169.254.169.254), unique-local,
 * CGNAT, multicast, unspecified and reserved ranges, in every spelling (IPv4-mapped IPv6, decimal,
 * octal and hex IPv4) and by name (`localhost`, `*.localhost`, or a public name resolving inside).
 * Checked at registration and, because DNS answers change, again at connect time on the resolved
 * address (see `guardedLookup`). `WEBHOOK_ALLOW_PRIVATE=true` turns it off (development, tests).
 */

export const PRIVATE_ADDRESS_MESSAGE = 'Адрес вебхука не должен указывать на внутреннюю сеть';
export const INVALID_URL_MESSAGE = 'Ожидается адрес http(s)://…';

const BLOCKED_V4: [string, number][] = [
  ['0.0.0.0', 8], // "this network", includes the unspecified 0.0.0.0
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast 255.255.255.255
];

const BLOCKED_V6: [string, number][] = [
  ['::', 96], // unspecified ::, loopback ::1 and the deprecated IPv4-compatible ::a.b.c.d
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // deprecated site-local
  ['ff00::', 8], // multicast
];

const blockList = new net.BlockList();
for (const [address, prefix] of BLOCKED_V4) blockList.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of BLOCKED_V6) blockList.addSubnet(address, prefix, 'ipv6');

/** The 8 groups of an IPv6 address (with `::` and a trailing dotted quad expanded), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const v4 = dotted[1].split('.').map(Number);
    const [a = 0, b = 0, c = 0, d = 0] = v4;
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (s: string) => (s === '' ? [] : s.split(':').map((g) => Number.parseInt(g, 16)));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const groups =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff)
    ? groups
    : null;
}

const v4FromGroups = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;

/**
 * Whether an IP address (v4 or v6, no brackets) is one we refuse to call. IPv4-mapped (::ffff:a.b.c.d),
 * NAT64 (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::) addresses are judged by the IPv4 inside.
 */
export function isBlockedAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blockList.check(address, 'ipv4');
  if (family !== 6) return false;
  if (blockList.check(address, 'ipv6')) return true;
  const g = ipv6Groups(address);
  if (!g) return true; // net.isIP accepted it but we cannot read it: refuse rather than guess
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = g;
  const mapped = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff;
  const translated = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0xffff && g5 === 0;
  const nat64 = g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0;
  if (mapped || translated || nat64) return blockList.check(v4FromGroups(g6, g7), 'ipv4');
  if (g0 === 0x2002) return blockList.check(v4FromGroups(g1 ?? 0, g2 ?? 0), 'ipv4');
  return false;
}

/**
 * inet_aton's forms of an IPv4 address — `2130706433`, `0x7f.1`, `0177.0.0.1`, `127.1` — as a dotted
 * quad, or null when the text is not one. (The WHATWG URL parser already normalises these in http
 * URLs; this catches them wherever a bare host arrives.)
 */
export function parseLooseIPv4(host: string): string | null {
  const parts = host.split('.');
  if (parts.length === 0 || parts.length > 4) return null;
  const numbers: number[] = [];
  for (const p of parts) {
    let n: number;
    if (/^0x[0-9a-f]*$/i.test(p)) n = p.length === 2 ? 0 : Number.parseInt(p.slice(2), 16);
    else if (/^0[0-7]*$/.test(p)) n = p.length === 1 ? 0 : Number.parseInt(p.slice(1), 8);
    else if (/^[1-9]\d*$/.test(p)) n = Number(p);
    else return null;
    numbers.push(n);
  }
  const last = numbers.pop() ?? 0;
  if (numbers.some((n) => n > 255) || last >= 256 ** (4 - numbers.length)) return null;
  let value = last;
  numbers.forEach((n, i) => {
    value += n * 256 ** (3 - i);
  });
  return [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff].join('.');
}

const LOCAL_NAMES = new Set(['localhost', 'localhost.localdomain', 'ip6-localhost', 'ip6-loopback']);

/**
 * The synchronous part of the check, for a URL's host (brackets allowed): true when the host is an
 * address we refuse in any spelling, or a name that always means this machine.
 */
export function isBlockedHost(host: string): boolean {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const name = bare.toLowerCase().replace(/\.+$/, '');
  if (net.isIP(name)) return isBlockedAddress(name);
  const loose = parseLooseIPv4(name);
  if (loose) return isBlockedAddress(loose);
  return name === '' || LOCAL_NAMES.has(name) || name.endsWith('.localhost');
}

export class BlockedAddressError extends Error {
  readonly code = 'EBLOCKEDADDRESS';
  constructor(
    readonly host: string,
    readonly address?: string,
  ) {
    super(`${PRIVATE_ADDRESS_MESSAGE}: ${host}${address && address !== host ? ` → ${address}` : ''}`);
  }
}

/** What `dns.lookup(host, {all: true})` answers; injectable so tests can play a rebinding DNS. */
export type Resolver = (host: string) => Promise<dns.LookupAddress[]>;

export const systemResolver: Resolver = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

/** How long registration waits for DNS before giving up and allowing (the connect-time check stays). */
const REGISTRATION_DNS_TIMEOUT_MS = 3000;

/**
 * The registration-time check (order creation's `webhook_url`, the shop's settings, the test event):
 * throws a 400 VALIDATION_ERROR on `field` for a URL that is not http(s) or points inside. A name
 * that does not resolve (yet) is allowed: the connect-time check is the real guard.
 */
export async function assertWebhookUrlAllowed(
  url: string,
  config: Pick<Config, 'WEBHOOK_ALLOW_PRIVATE'>,
  options: { field?: string; resolve?: Resolver } = {},
): Promise<void> {
  const field = options.field ?? 'webhook_url';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw validationError(field, INVALID_URL_MESSAGE);
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.hostname === '') {
    throw validationError(field, INVALID_URL_MESSAGE);
  }
  if (config.WEBHOOK_ALLOW_PRIVATE) return;
  const host = parsed.hostname;
  if (isBlockedHost(host)) throw validationError(field, PRIVATE_ADDRESS_MESSAGE);
  if (net.isIP(host.replace(/^\[|\]$/g, ''))) return;
  const resolve = options.resolve ?? systemResolver;
  let timer: NodeJS.Timeout | undefined;
  const addresses = await Promise.race([
    resolve(host).catch(() => []),
    new Promise<dns.LookupAddress[]>((done) => {
      timer = setTimeout(() => done([]), REGISTRATION_DNS_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  if (addresses.some((a) => isBlockedAddress(a.address)))
    throw validationError(field, PRIVATE_ADDRESS_MESSAGE);
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * The connect-time check, as the `lookup` option of http(s).request / net.connect: resolves the
 * name, refuses the connection when ANY answer is a blocked address (so a mixed answer cannot be
 * raced), and otherwise hands the answers to the socket — the checked address is the one dialled.
 */
export function guardedLookup(resolve: Resolver = systemResolver) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    if (isBlockedHost(hostname)) {
      callback(new BlockedAddressError(hostname), []);
      return;
    }
    resolve(hostname).then(
      (found) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const addresses = wanted ? found.filter((a) => a.family === wanted) : found;
        const blocked = found.find((a) => isBlockedAddress(a.address));
        if (blocked) return callback(new BlockedAddressError(hostname, blocked.address), []);
        const first = addresses[0];
        if (!first) {
          const error: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
          error.code = 'ENOTFOUND';
          return callback(error, []);
        }
        if (options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, []),
    );
  };
}
