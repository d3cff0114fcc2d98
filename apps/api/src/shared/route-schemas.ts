import { ApiErrorBody } from '@b2bpay/domain';

/** The error answers a route documents in OpenAPI, all with the one error body. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((s) => [s, ApiErrorBody])) as Record<number, typeof ApiErrorBody>;
}

export const SHOP_AUTH = [{ ShopAuth: [] }];
