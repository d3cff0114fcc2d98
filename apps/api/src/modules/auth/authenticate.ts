import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/database';
import { sha256Hex } from '../../shared/crypto';
import { AppError, forbidden, unauthorized } from '../../shared/errors';
import { type AuthenticatedKey, findShopByKeyHash, type KeyKind } from '../shops/shops.repository';

export const INVALID_TOKEN = 'Неверный или отозванный токен';
export const PUBLISHABLE_FORBIDDEN =
  'Публикуемый ключ (pk_…) может только создавать заказы. Используйте секретный ключ (sk_…).';

/** The token of `Authorization: Bearer <token>`, or null when there is none. */
export function readBearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw new AppError('UNAUTHORIZED', 'Заголовок Authorization должен иметь вид «Bearer <токен>»');
  return match[1] ?? null;
}

export interface Authenticator {
  /** The shop behind the request's key; 401 without a valid key, 403 for a key of another kind. */
  require(request: FastifyRequest, kinds?: readonly KeyKind[]): Promise<AuthenticatedKey>;
  /** Like require, but an absent key is allowed (null); a wrong key is still 401. */
  optional(request: FastifyRequest): Promise<AuthenticatedKey | null>;
}

export function createAuthenticator(db: Database): Authenticator {
  const resolve = async (token: string) => {
    const found = await findShopByKeyHash(db, sha256Hex(token));
    if (!found) throw unauthorized(INVALID_TOKEN);
    return found;
  };
  return {
    async require(request, kinds = ['secret']) {
      const token = readBearer(request);
      if (!token) throw unauthorized();
      const found = await resolve(token);
      if (!kinds.includes(found.kind)) throw forbidden(PUBLISHABLE_FORBIDDEN);
      return found;
    },
    async optional(request) {
      const token = readBearer(request);
      return token ? resolve(token) : null;
    },
  };
}
