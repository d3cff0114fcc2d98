import type { FastifyInstance } from 'fastify';

interface KnownPath {
  pattern: RegExp;
  methods: Set<string>;
}

/**
 * 405 for a known address asked with a method it does not take: the API's routes are
 * remembered as they are registered, and the not-found handler asks which methods the path has.
 * Fastify's router answers "no route" for both cases; telling them apart needs the route table.
 */
export function createMethodRegistry(app: FastifyInstance) {
  const known = new Map<string, KnownPath>();
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    let entry = known.get(route.url);
    if (!entry) {
      const source = route.url
        .split('/')
        .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/');
      entry = { pattern: new RegExp(`^${source}$`), methods: new Set() };
      known.set(route.url, entry);
    }
    for (const method of methods) entry.methods.add(method.toUpperCase());
  });
  return {
    /** The methods the path takes (sorted), or an empty list for an unknown path. */
    allowed(path: string): string[] {
      const methods = new Set<string>();
      for (const { pattern, methods: those } of known.values()) {
        if (pattern.test(path)) for (const m of those) methods.add(m);
      }
      return [...methods].sort();
    },
  };
}
