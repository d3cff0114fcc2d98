import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Config } from '../../config';
import { validationError } from '../../shared/errors';

/**
 * SSRF guard for webhook URLs (DESIGN §6). A shop chooses where we POST, so a URL must never reach
 * our own network: every special-purpose range of the IANA IPv4 and IPv6 registries (loopback,
 * private, link-local with cloud metadata at 169.254.169.254, unique-local, CGNAT, NAT64, multicast,
 * reserved…), in every spelling (IPv4-mapped IPv6, decimal, octal and hex IPv4) and by name (`localhost`, `*.localhost`, or a public name resolving inside).
 * Checked at registration and, because DNS answers change, again at connect time on the resolved
 * address (see `guardedLookup`). `WEBHOOK_ALLOW_PRIVATE=true` turns it off (development, tests).
 */

export const PRIVATE_ADDRESS_MESSAGE = 'Адрес вебхука не должен указывать на внутреннюю сеть';
/** Outside production a developer's own localhost receiver is refused too: say how to allow it. */
export const PRIVATE_ADDRESS_DEV_MESSAGE = `${PRIVATE_ADDRESS_MESSAGE}. Для разработки на своём компьютере разрешите такие адреса настройкой WEBHOOK_ALLOW_PRIVATE=true`;
export const INVALID_URL_MESSAGE = 'Ожидается адрес http(s)://…';
export const HTTPS_REQUIRED_MESSAGE = 'Адрес вебхука должен начинаться с https://';

/**
 * Entries of the IANA IPv4 and IPv6 special-purpose address registries that ipaddr.js 2.5 does not
 * classify yet, and the deprecated IPv4-compatible IPv6 range (::a.b.c.d) this guard always refused.
 * Everything else is judged by ipaddr.js's `range()` (every special-purpose range it knows: private,
 * loopback, link-local, CGNAT, multicast, reserved, documentation, benchmarking, NAT64 64:ff9b::/96
 * and 64:ff9b:1::/48, 6to4, Teredo, ORCHID, AS112, AMT, SRv6, discard, 3fff::/20, broadcast…).
 */
const EXTRA_BLOCKED_V6: [string, number][] = [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible ::a.b.c.d
  ['100:0:0:1::', 64], // RFC 9780 dummy IPv6 prefix (registry entry of 2025)
];

const extraBlockList = new net.BlockList();
for (const [address, prefix] of EXTRA_BLOCKED_V6) extraBlockList.addSubnet(address, prefix, 'ipv6');

/**
 * Whether an IP address (v4 or v6, no brackets) is one we refuse to call: anything but a global
 * unicast address. An IPv4-mapped address (::ffff:a.b.c.d, how dual-stack sockets show IPv4) is
 * judged by the IPv4 inside; every other IPv6 range that embeds an IPv4 address (NAT64, 6to4,
 * Teredo, IPv4-translated) is special-purpose and refused whatever it embeds.
 */
export function isBlockedAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return true; // net.isIP accepted it but we cannot read it: refuse rather than guess
  }
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return isBlockedAddress(v6.toIPv4Address().toString());
    if (extraBlockList.check(v6.toNormalizedString(), 'ipv6')) return true;
  }
  return parsed.range() !== 'unicast';
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
  config: Pick<Config, 'WEBHOOK_ALLOW_PRIVATE'> & {
    WEBHOOK_ALLOW_HTTP?: boolean;
    NODE_ENV?: Config['NODE_ENV'];
  },
  options: { field?: string; resolve?: Resolver } = {},
): Promise<void> {
  const field = options.field ?? 'webhook_url';
  const privateMessage =
    config.NODE_ENV === undefined || config.NODE_ENV === 'production'
      ? PRIVATE_ADDRESS_MESSAGE
      : PRIVATE_ADDRESS_DEV_MESSAGE;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw validationError(field, INVALID_URL_MESSAGE);
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.hostname === '') {
    throw validationError(field, INVALID_URL_MESSAGE);
  }
  // Production: the buyer's contacts travel in webhooks, so only over TLS unless explicitly allowed.
  if (parsed.protocol === 'http:' && config.WEBHOOK_ALLOW_HTTP === false)
    throw validationError(field, HTTPS_REQUIRED_MESSAGE);
  if (config.WEBHOOK_ALLOW_PRIVATE) return;
  const host = parsed.hostname;
  if (isBlockedHost(host)) throw validationError(field, privateMessage);
  if (net.isIP(host.replace(/^\[|\]$/g, ''))) return;
  const resolve = options.resolve ?? systemResolver;
  let timer: NodeJS.Timeout | undefined;
  const addresses = await Promise.race([
    resolve(host).catch(() => []),
    new Promise<dns.LookupAddress[]>((done) => {
      timer = setTimeout(() => done([]), REGISTRATION_DNS_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  if (addresses.some((a) => isBlockedAddress(a.address))) throw validationError(field, privateMessage);
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
