import { ApiErrorBody } from '@b2bpay/domain';
import type { FastifyInstance } from 'fastify';

/** The error answers a route documents in OpenAPI, all with the one error body. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((s) => [s, ApiErrorBody])) as Record<number, typeof ApiErrorBody>;
}

/** A shop operation: the shop's secret key, or a team member's cabinet session (with X-Shop-Id). */
export const SHOP_AUTH: { [scheme: string]: string[] }[] = [{ ShopAuth: [] }, { CabinetSession: [] }];
/** The cabinet's own operations: the session cookie only. */
export const CABINET_AUTH: { [scheme: string]: string[] }[] = [{ CabinetSession: [] }];

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
 * Every shop operation (security ShopAuth) names the permission a team member needs for it
 * (`config.permission`, checked by the authenticator); one that does not fails the start, so no route
 * is ever open to a role by omission. The permission is shown in OpenAPI as `x-permission`.
 */
export function documentPermissions(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as (Record<string, unknown> & { security?: unknown }) | undefined;
    const security = Array.isArray(schema?.security) ? (schema.security as object[]) : [];
    const shopOperation = security.some((s) => 'ShopAuth' in s);
    const permission = route.config?.permission;
    if (shopOperation && !permission) {
      throw new Error(`${route.method} ${route.url}: a shop operation must declare config.permission`);
    }
    if (schema && permission) schema['x-permission'] = permission;
  });
}
