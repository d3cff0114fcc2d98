import { ApiError, NetworkError, UNKNOWN_STATUS } from '../../../shared/api/http';

/** Spec §2 order list: 'Ошибка загрузки заказов: {message}', or 'Пожалуйста, попробуйте еще раз.'. */
export const ORDERS_ERROR_PREFIX = 'Ошибка загрузки заказов';
export const TRY_AGAIN = 'Пожалуйста, попробуйте еще раз.';

/**
 * The {message} part in Russian: the HTTP layer's fixed English messages ('Network request
 * failed', 'Network request timed out', 'Unknown API Status Code!') never reach the screen; the
 * server's own messages are Russian already.
 */
export function ordersErrorMessage(error: unknown): string {
  if (error instanceof NetworkError) {
    if (error.kind === 'timeout') return 'сервер не ответил вовремя. Пожалуйста, попробуйте еще раз.';
    if (error.kind === 'network') return 'нет связи с сервером. Проверьте подключение к интернету.';
    return TRY_AGAIN;
  }
  if (error instanceof ApiError && error.message !== UNKNOWN_STATUS && /[а-яё]/i.test(error.message)) {
    return error.message;
  }
  return TRY_AGAIN;
}

export function ordersErrorText(error: unknown): string {
  return `${ORDERS_ERROR_PREFIX}: ${ordersErrorMessage(error)}`;
}
