import { z } from 'zod';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether an id from the address is a UUID. Ids that are not are answered 404 before any query: the
 * database would refuse them with a cast error, which is not the caller's "not found".
 */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * A UUID in a job's payload, of any version (the database's own check): a malformed one would fail
 * the whole claim's statement.
 */
export const uuidString = z.string().regex(UUID, 'not a UUID');
