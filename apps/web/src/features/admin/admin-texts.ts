import { STAFF_MESSAGES } from '@b2bpay/domain';

/** The back office's own words (the API's come in its error bodies). */
export const ADMIN_TEXTS = {
  network: 'Не удалось связаться с сервером. Проверьте соединение и попробуйте ещё раз.',
  failed: 'Что-то пошло не так. Попробуйте ещё раз.',
  forbidden: STAFF_MESSAGES.forbidden,
  sessionRequired: STAFF_MESSAGES.sessionRequired,
  emailRequired: 'Укажите e-mail',
  passwordRequired: 'Введите пароль',
  passwordsDiffer: 'Пароли не совпадают',
  linkMissing: 'В ссылке нет кода. Откройте ссылку из письма целиком.',
} as const;
