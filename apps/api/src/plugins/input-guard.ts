import type { FastifyInstance } from 'fastify';
import { validationError } from '../shared/errors';

export const NUL_MESSAGE = 'Недопустимый символ в значении: нулевой байт (\\u0000)';

/**
 * The path of the first string (or key) holding U+0000, or null. Iterative: a body may nest
 * thousands of levels deep within the size limit.
 */
function findNul(root: unknown): string[] | null {
  // Each visited value remembers its parent and key; the path is rebuilt only for a hit.
  const stack: { value: unknown; parent: number; key: string }[] = [{ value: root, parent: -1, key: '' }];
  const seen: { parent: number; key: string }[] = [];
  const pathOf = (index: number, last: string[]): string[] => {
    const out = [...last];
    for (let i = index; i >= 0; i = seen[i]?.parent ?? -1) if (i > 0) out.unshift(seen[i]?.key ?? '');
    return out;
  };
  while (stack.length > 0) {
    const { value, parent, key } = stack.pop() as (typeof stack)[number];
    const index = seen.push({ parent, key }) - 1;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return pathOf(index, []);
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--)
        stack.push({ value: value[i], parent: index, key: String(i) });
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (k.includes('\u0000')) return pathOf(index, [k.replaceAll('\u0000', '')]);
        stack.push({ value: v, parent: index, key: k });
      }
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000 (the statement fails), and no field of this API has a use for
 * it: a NUL anywhere in the body, the query or the path is a 400 on its field, before any handler.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    const path = findNul(request.body) ?? findNul(request.query) ?? findNul(request.params);
    done(path ? validationError(path.join('.') || undefined, NUL_MESSAGE) : undefined);
  });
}
