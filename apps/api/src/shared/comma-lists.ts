import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that take several values take them repeated (`status=a&status=b`) and also
 * comma-separated (`status=a,b`), as orval and other client generators send arrays. Split here,
 * before validation, so the route's schema (and the OpenAPI document) stays a list of enum values.
 */
export function splitCommaLists(...names: string[]) {
  return async (request: FastifyRequest) => {
    const query = request.query as Record<string, unknown>;
    for (const name of names) {
      const value = query[name];
      if (value === undefined) continue;
      const parts = (Array.isArray(value) ? value : [value]).flatMap((v) =>
        typeof v === 'string' ? v.split(',').map((part) => part.trim()) : [v],
      );
      query[name] = parts.length === 1 ? parts[0] : parts;
    }
  };
}
