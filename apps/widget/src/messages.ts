/**
 * Everything the button says, in one place. The item texts are the shop form's (spec §5,
 * MESSAGES in @b2bpay/domain); they are copied rather than imported to keep the script small, and a
 * test holds them equal.
 */
export const TEXT = {
  label: 'Купить в рассрочку',
  defaultSubtext: 'Решение за 1 рабочий день',
  loading: 'Создание заказа...',
  redirecting: 'Переходим к оформлению...',
  noKey: 'Не указан ключ api-token: укажите публикуемый ключ pk_… из личного кабинета B2BPay.',
  secretKey:
    'Секретный ключ sk_… нельзя размещать на странице: его увидит любой посетитель. Укажите публикуемый ключ pk_… из личного кабинета B2BPay.',
  noItems: 'Не указаны товары: добавьте в payment-data items.0.name, items.0.price и items.0.quantity.',
  badPaymentData:
    'Не удалось прочитать payment-data: ожидается JSON или строка вида items.0.name=…&items.0.price=…',
  itemName: 'Введите название товара',
  itemPrice: 'Введите цену',
  itemPriceDecimals: 'Цена может иметь не больше двух знаков после запятой',
  itemQuantity: 'Введите количество',
  badKey: 'Неверный или отозванный ключ магазина. Проверьте api-token.',
  /** The site is not among the shop's widget_origins: the buyer can do nothing about it, the console says why. */
  unavailable: 'Оплата в рассрочку сейчас недоступна. Попробуйте позже или свяжитесь с магазином.',
  network: 'Сервис B2BPay недоступен. Проверьте подключение к интернету и попробуйте ещё раз.',
  server: 'Сервис B2BPay временно недоступен. Попробуйте ещё раз позже.',
  rateLimited: 'Слишком много запросов. Попробуйте ещё раз через минуту.',
  failed: 'Не удалось создать заказ. Попробуйте еще раз.',
  failedPrefix: 'Не удалось создать заказ',
} as const;
