import { ApiErrorBody } from '@b2bpay/domain';
import type { FastifyInstance } from 'fastify';

/** The error answers a route documents in OpenAPI, all with the one error body. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((s) => [s, ApiErrorBody])) as Record<number, typeof ApiErrorBody>;
}

type Security = { [scheme: string]: string[] }[];
/** The key kinds `auth.require(request, kinds)` takes (the authenticator's KeyKind). */
type KeyKinds = readonly ('secret' | 'publishable')[];

/** The key kinds of a shop operation that calls `auth.require(request)` without naming any. */
export const SECRET_KEY_ONLY = ['secret'] as const satisfies KeyKinds;
/** The key kinds of the widget's order creation: the secret key, or the publishable one. */
export const ANY_SHOP_KEY = ['secret', 'publishable'] as const satisfies KeyKinds;

/**
 * The security of a shop operation, from the very key kinds its handler passes to `auth.require`:
 * `SecretKey` and/or `PublishableKey` (both bearer tokens, told apart by their prefix), or a team
 * member's cabinet session (`auth.require` takes the cookie when no bearer token is sent). With
 * `orAnonymous`, the operation also answers without any credentials (`auth.optional`).
 */
export function shopAuth(kinds: KeyKinds, options: { orAnonymous?: boolean } = {}): Security {
  return [
    ...(kinds.includes('secret') ? [{ SecretKey: [] }] : []),
    ...(kinds.includes('publishable') ? [{ PublishableKey: [] }] : []),
    { CabinetSession: [] },
    ...(options.orAnonymous ? [{}] : []),
  ];
}

/** A shop operation on the secret key or a member's session: `auth.require(request)`. */
export const SHOP_AUTH: Security = shopAuth(SECRET_KEY_ONLY);
/** The cabinet's own operations: the session cookie only. */
export const CABINET_AUTH: Security = [{ CabinetSession: [] }];

/** Whether a route's security takes a shop key (the rate limiter counts per key only there). */
export function takesShopKey(security: unknown): boolean {
  return (
    Array.isArray(security) &&
    security.some((s) => typeof s === 'object' && s !== null && ('SecretKey' in s || 'PublishableKey' in s))
  );
}

/**
 * Answers the framework gives on any route, whatever its handler does: a malformed path parameter
 * (400), a malformed, too large or non-JSON body (400, 413, 415), a method the path does not take
 * (405), the rate limit (429) and an
 * internal error (500). Added to every API route's documented responses (and so to OpenAPI), so the
 * document lists every status a client can get.
 */
export function documentFrameworkErrors(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (!response || !route.url.startsWith('/api/')) return;
    // The probes are not rate-limited and take no parameters: only another method is an error.
    if (route.url.startsWith('/api/health')) {
      if (!(405 in response)) response[405] = ApiErrorBody;
      return;
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // 405: a path that collapses onto another route's (`/orders/./refunds` is `/orders/refunds`).
    const statuses = [405, 429, 500];
    if (route.url.includes(':')) statuses.push(400);
    if (methods.some((m) => m === 'POST' || m === 'PUT' || m === 'PATCH')) statuses.push(400, 413, 415);
    for (const status of statuses) if (!(status in response)) response[status] = ApiErrorBody;
  });
}

/**
 * Every shop operation (security SecretKey or PublishableKey) names the permission a team member needs for it
 * (`config.permission`, checked by the authenticator); one that does not fails the start, so no route
 * is ever open to a role by omission. The permission is shown in OpenAPI as `x-permission`.
 */
export function documentPermissions(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as (Record<string, unknown> & { security?: unknown }) | undefined;
    const shopOperation = takesShopKey(schema?.security);
    const permission = route.config?.permission;
    if (shopOperation && !permission) {
      throw new Error(`${route.method} ${route.url}: a shop operation must declare config.permission`);
    }
    if (schema && permission) schema['x-permission'] = permission;
  });
}
