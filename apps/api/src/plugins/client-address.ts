import type { FastifyInstance } from 'fastify';
import { clientAddressRule } from '../shared/client-address';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The client's address by the TRUSTED_PROXIES rule (shared/client-address.ts). Everything that
     * limits, records or admits by address reads this; `request.ip` stays the connection's peer.
     */
    readonly clientAddress: string;
  }
}

/**
 * Puts `request.clientAddress` on every request. Fastify's own `trustProxy` is left off: its
 * `request.ip` would take an entry that is not an IP address as the client (see clientAddressRule),
 * and without it `request.ip` is the peer, which nobody can forge.
 */
export function registerClientAddress(app: FastifyInstance, trustedProxies: readonly string[]) {
  const addressOf = clientAddressRule(trustedProxies);
  const known = new WeakMap<object, string>();
  app.decorateRequest('clientAddress', {
    getter() {
      let address = known.get(this.raw);
      if (address === undefined) {
        address = addressOf(this.raw);
        known.set(this.raw, address);
      }
      return address;
    },
  });
}
