import { formatWholeNumber } from './money';

/**
 * The order's limits, apart from the order contract (contract/orders.ts re-exports them): the shop's
 * order form checks them as the buyer types, and a page that needs only these numbers does not carry
 * the contract's schemas (zod, about 35 KB gzip) with them.
 */
export const MAX_PRODUCTS = 100;
/** Rows per page of the order lists (and of the webhook deliveries' list). */
export const PAGE_SIZE = 20;
export const MAX_PRICE_RUBLES = 1_000_000_000;
export const MAX_QUANTITY = 1_000_000;
/** A row of the order form over the limits, said at the field: «Не больше 1 000 000 шт.» */
export const QUANTITY_LIMIT_MESSAGE = `Не больше ${formatWholeNumber(MAX_QUANTITY)} шт.`;
export const PRICE_LIMIT_MESSAGE = `Не больше ${formatWholeNumber(MAX_PRICE_RUBLES)}\u00a0₽`;
