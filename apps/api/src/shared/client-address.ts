import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import ipaddr from 'ipaddr.js';

/** TRUSTED_PROXIES when it is not set: a reverse proxy on this host. */
export const DEFAULT_TRUSTED_PROXIES = ['127.0.0.0/8', '::1'] as const;

/**
 * One TRUSTED_PROXIES entry: an IPv4 or IPv6 address, or a subnet in CIDR form. Strict on purpose
 * (node's isIP, not ipaddr.js's parser, which also takes "127.1" or hex octets): a typo must stop the
 * start rather than trust something else. Returns what is wrong, or null.
 */
export function trustedProxyProblem(entry: string): string | null {
  const match = /^([^/]+)(?:\/(\d{1,3}))?$/.exec(entry);
  const version = match?.[1] ? isIP(match[1]) : 0;
  if (!match || version === 0) return `«${entry}» — не IP-адрес и не подсеть вида 10.0.0.0/8 или fd00::/8`;
  if (match[2] !== undefined && Number(match[2]) > (version === 4 ? 32 : 128))
    return `«${entry}» — длина префикса больше ${version === 4 ? 32 : 128}`;
  return null;
}

export type ClientAddressOf = (raw: IncomingMessage) => string;

/**
 * The one rule for whose address a request comes from. The walk starts at the connection's peer and
 * goes through X-Forwarded-For from the right: while the hop is one of the trusted proxies, the next
 * entry to its left is what that proxy saw; the first hop that is not a trusted proxy is the client.
 * proxy-addr does the walk; what it cannot do is refuse an entry that is not an IP address (it would
 * return "203.0.113.329" as the client, and a trust function sees one hop at a time). So an entry
 * that is not an address ends the walk at the hop that passed it on: whoever wrote it cannot be
 * identified, and nothing further left was written by anyone trusted.
 */
export function clientAddressRule(trustedProxies: readonly string[]): ClientAddressOf {
  const trusted = proxyAddr.compile([...trustedProxies]);
  const trust = (address: string, hop: number) => isIP(address) !== 0 && trusted(address, hop);
  return (raw) => {
    const hops = proxyAddr.all(raw, trust);
    let last = hops.length - 1;
    while (last > 0 && isIP(hops[last] ?? '') === 0) last--;
    return hops[last] ?? '';
  };
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (a server listening on ::). */
export function isLoopbackAddress(address: string): boolean {
  if (!ipaddr.isValid(address) || isIP(address) === 0) return false;
  return ipaddr.process(address).range() === 'loopback';
}
