import { formatDateTime, formatRubles, kopecksToRubles, pluralRu } from '@b2bpay/domain';

/** What an e-mail template gives: the plain text and its HTML alternative. */
export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

export interface DecisionParams {
  orderNumber: string;
  shopName: string;
  /** The order's amount as shown to people: `amountText(kopecks)`. */
  amountText: string;
  /** The buyer's order page. */
  link: string;
}

export interface ReminderParams {
  orderNumber: string;
  shopName: string;
  link: string;
  /** When the application closes, as shown to people: `deadlineText(date)`. */
  deadlineText: string;
}

const BRAND = 'B2BPay';
const CODE_TTL_TEXT = '10 минут';

/** '1 050,60 ₽' from kopecks, the one money format every message uses. */
export function amountText(kopecks: number): string {
  return formatRubles(kopecksToRubles(kopecks));
}

/** '25.11.2026 13:00 (мск)': deadlines are shown in Moscow time. */
export function deadlineText(at: Date): string {
  return `${formatDateTime(at, 'Europe/Moscow')} (мск)`;
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function assertCode(code: string) {
  if (!/^\d{6}$/.test(code)) throw new Error('a one-time code is 6 digits');
}

/** Only web links go into messages; anything else is a programming error, not something to send. */
function assertLink(link: string) {
  if (!/^https?:\/\/\S+$/.test(link)) throw new Error('a message link must be an http(s) URL');
}

// ---------------------------------------------------------------------------------------------------
// The HTML: one simple, table-free layout with inline styles (mail clients ignore <style> blocks).
// Every value is escaped here; template bodies pass trusted markup built from escaped parts.

export type Part =
  | { p: string }
  | { code: string }
  | { button: { href: string; label: string } }
  | { small: string };

export function renderHtml(title: string, parts: Part[]): string {
  const body = parts
    .map((part) => {
      if ('p' in part) return `<p style="margin:0 0 16px">${part.p}</p>`;
      if ('code' in part)
        return `<p style="margin:0 0 16px;font-size:32px;font-weight:bold;letter-spacing:6px;font-family:monospace">${escapeHtml(part.code)}</p>`;
      if ('button' in part)
        return `<p style="margin:0 0 16px"><a href="${escapeHtml(part.button.href)}" style="display:inline-block;padding:12px 20px;background:#1f4fd1;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(part.button.label)}</a></p>`;
      return `<p style="margin:0 0 16px;color:#6b7280;font-size:13px">${part.small}</p>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="ru">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f5f6f8;font-family:Arial,Helvetica,sans-serif;color:#111827;font-size:15px;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#1f4fd1">${BRAND}</p>
${body}
<p style="margin:24px 0 0">С уважением,<br>команда ${BRAND}</p>
</div>
</body>
</html>`;
}

export const SIGNATURE = `С уважением,\nкоманда ${BRAND}`;
const e = escapeHtml;

// ---------------------------------------------------------------------------------------------------
// One-time codes

export function codeEmail(code: string): EmailContent {
  assertCode(code);
  const subject = `${BRAND}: код подтверждения`;
  const text = [
    'Здравствуйте!',
    `Ваш код подтверждения для заявки на рассрочку через ${BRAND}: ${code}`,
    `Код действует ${CODE_TTL_TEXT}. Никому его не сообщайте — сотрудники ${BRAND} и магазина никогда его не спрашивают.`,
    'Если вы не запрашивали код, просто не отвечайте на это письмо.',
    SIGNATURE,
  ].join('\n\n');
  const html = renderHtml(subject, [
    { p: 'Здравствуйте!' },
    { p: `Ваш код подтверждения для заявки на рассрочку через ${BRAND}:` },
    { code },
    {
      p: `Код действует ${CODE_TTL_TEXT}. Никому его не сообщайте — сотрудники ${BRAND} и магазина никогда его не спрашивают.`,
    },
    { small: 'Если вы не запрашивали код, просто не отвечайте на это письмо.' },
  ]);
  return { subject, text, html };
}

export function codeSms(code: string): string {
  assertCode(code);
  return `${BRAND}: код подтверждения ${code}. Никому его не сообщайте.`;
}

/** The code that signs a bank's offer: the SMS says what it signs, so a code asked for by someone else is noticed. */
export function signCodeSms(code: string, offer: { bankName: string; title: string }): string {
  assertCode(code);
  return `${BRAND}: код ${code} — подпись предложения: ${offer.bankName}, ${offer.title}. Никому его не сообщайте.`;
}

// ---------------------------------------------------------------------------------------------------
// Bank decisions

export function approvedEmail(p: DecisionParams): EmailContent {
  assertLink(p.link);
  const subject = `Рассрочка одобрена — заказ №${p.orderNumber}`;
  const lead = `Банк-партнёр одобрил рассрочку по заказу №${p.orderNumber} в магазине ${p.shopName} на сумму ${p.amountText}.`;
  const next =
    'Выберите условия на странице заказа — отсрочку или рассрочку, с комиссией и графиком платежей — и ' +
    'подпишите их кодом из SMS. После этого банк перечислит оплату магазину.';
  const text = [
    'Здравствуйте!',
    lead,
    next,
    `Предложения банка — по ссылке:\n${p.link}`,
    `Спасибо, что выбрали ${BRAND}!`,
    SIGNATURE,
  ].join('\n\n');
  const html = renderHtml(subject, [
    { p: 'Здравствуйте!' },
    {
      p: `Банк-партнёр одобрил рассрочку по заказу №${e(p.orderNumber)} в магазине ${e(p.shopName)} на сумму <b>${e(p.amountText)}</b>.`,
    },
    { p: e(next) },
    { button: { href: p.link, label: 'Выбрать условия' } },
    { p: `Спасибо, что выбрали ${BRAND}!` },
  ]);
  return { subject, text, html };
}

export function rejectedEmail(p: DecisionParams): EmailContent {
  assertLink(p.link);
  const subject = `Решение по заявке на рассрочку — заказ №${p.orderNumber}`;
  const lead = `К сожалению, банки-партнёры не смогли одобрить рассрочку по заказу №${p.orderNumber} в магазине ${p.shopName} на сумму ${p.amountText}.`;
  const next = 'Заказ можно оплатить другим способом — пожалуйста, свяжитесь с магазином.';
  const text = [
    'Здравствуйте!',
    lead,
    next,
    `Статус заявки — по ссылке:\n${p.link}`,
    'Благодарим за обращение.',
    SIGNATURE,
  ].join('\n\n');
  const html = renderHtml(subject, [
    { p: 'Здравствуйте!' },
    {
      p: `К сожалению, банки-партнёры не смогли одобрить рассрочку по заказу №${e(p.orderNumber)} в магазине ${e(p.shopName)} на сумму ${e(p.amountText)}.`,
    },
    { p: e(next) },
    { button: { href: p.link, label: 'Открыть заказ' } },
    { p: 'Благодарим за обращение.' },
  ]);
  return { subject, text, html };
}

// ---------------------------------------------------------------------------------------------------
// Reminder: the application is not finished and its deadline is halfway gone

export function reminderEmail(p: ReminderParams): EmailContent {
  assertLink(p.link);
  const subject = `Напоминание: заявка на рассрочку по заказу №${p.orderNumber} ждёт вас`;
  const lead = `Вы начали оформлять рассрочку через ${BRAND} для заказа №${p.orderNumber} в магазине ${p.shopName}, но заявка ещё не отправлена.`;
  const deadline = `Заполнить её можно до ${p.deadlineText}. После этого срока заявка закроется.`;
  const text = [
    'Здравствуйте!',
    lead,
    deadline,
    `Продолжить:\n${p.link}`,
    'Если вы передумали, просто не отвечайте на это письмо.',
    SIGNATURE,
  ].join('\n\n');
  const html = renderHtml(subject, [
    { p: 'Здравствуйте!' },
    {
      p: `Вы начали оформлять рассрочку через ${BRAND} для заказа №${e(p.orderNumber)} в магазине ${e(p.shopName)}, но заявка ещё не отправлена.`,
    },
    {
      p: `Заполнить её можно до <b>${e(p.deadlineText)}</b>. После этого срока заявка закроется.`,
    },
    { button: { href: p.link, label: 'Продолжить оформление' } },
    { small: 'Если вы передумали, просто не отвечайте на это письмо.' },
  ]);
  return { subject, text, html };
}

/** Short on purpose (Cyrillic SMS are 70 characters a part): the shop's name stays in the e-mail. */
export function reminderSms(p: ReminderParams): string {
  assertLink(p.link);
  return `${BRAND}: заявка на рассрочку по заказу №${p.orderNumber} ждёт заполнения до ${p.deadlineText}. ${p.link}`;
}

// ---------------------------------------------------------------------------------------------------
// To the shop: webhooks to an address keep failing (a letter when the failing episode opens, and a
// last one when a delivery is given up)

export interface WebhookFailingParams {
  shopName: string;
  url: string;
  lastError: string;
  /** The shop area's settings page, where the address's state and the bulk re-send are. */
  settingsLink: string;
  /** When the delivery's last retry is planned; null when it has been given up already. */
  retryingUntil: Date | null;
}

const AFTER_RECOVERY =
  'Следующее письмо — только если адрес снова начнёт отвечать, а потом опять перестанет. События не потеряны: их можно отправить повторно.';

export function webhookFailingEmail(p: WebhookFailingParams): EmailContent {
  assertLink(p.settingsLink);
  const subject = `${BRAND}: вебхуки не доставляются на ${p.url}`;
  const state = p.retryingUntil
    ? `не удаётся: несколько попыток подряд не прошли. Мы продолжим повторять до ${formatDateTime(p.retryingUntil, 'Europe/Moscow')} (МСК); если адрес так и не ответит, доставка прекратится, и мы напишем ещё раз.`
    : 'не удалась после всех повторов.';
  const once = p.retryingUntil
    ? 'Если адрес снова начнёт отвечать, доставка продолжится сама. События не потеряны.'
    : AFTER_RECOVERY;
  const text = [
    'Здравствуйте!',
    `Магазин ${p.shopName}: доставка вебхука на адрес ${p.url} ${state}`,
    `Последняя ошибка: ${p.lastError}`,
    `Проверьте адрес и отправьте неудачные доставки повторно в настройках:\n${p.settingsLink}`,
    once,
    SIGNATURE,
  ].join('\n\n');
  const html = renderHtml(subject, [
    { p: 'Здравствуйте!' },
    { p: `Магазин ${e(p.shopName)}: доставка вебхука на адрес <b>${e(p.url)}</b> ${e(state)}` },
    { p: `Последняя ошибка: ${e(p.lastError)}` },
    { button: { href: p.settingsLink, label: 'Открыть настройки' } },
    { small: e(once) },
  ]);
  return { subject, text, html };
}

export type WebhookGivenUpParams = Omit<WebhookFailingParams, 'retryingUntil'>;

export function webhookGivenUpEmail(p: WebhookGivenUpParams): EmailContent {
  assertLink(p.settingsLink);
  const subject = `${BRAND}: доставка вебхуков на ${p.url} прекращена`;
  const lead = `Магазин ${p.shopName}: адрес ${p.url} не принял вебхук ни с одной попытки, и после всех повторов его доставка прекращена.`;
  const text = [
    'Здравствуйте!',
    lead,
    `Последняя ошибка: ${p.lastError}`,
    `Проверьте адрес и отправьте неудачные доставки повторно в настройках:\n${p.settingsLink}`,
    AFTER_RECOVERY,
    SIGNATURE,
  ].join('\n\n');
  const html = renderHtml(subject, [
    { p: 'Здравствуйте!' },
    {
      p: `Магазин ${e(p.shopName)}: адрес <b>${e(p.url)}</b> не принял вебхук ни с одной попытки, и после всех повторов его доставка прекращена.`,
    },
    { p: `Последняя ошибка: ${e(p.lastError)}` },
    { button: { href: p.settingsLink, label: 'Открыть настройки' } },
    { small: e(AFTER_RECOVERY) },
  ]);
  return { subject, text, html };
}

// ---------------------------------------------------------------------------------------------------
// To the shop: its buyers were sent as many one-time codes as its cap allows (at most one letter an hour)

export interface CodeCapParams {
  shopName: string;
  window: 'hour' | 'day';
  limit: number;
  /** The shop area, where the orders behind the codes are. */
  ordersLink: string;
}

export function codeCapEmail(p: CodeCapParams): EmailContent {
  assertLink(p.ordersLink);
  const subject = `${BRAND}: превышен лимит одноразовых кодов`;
  const span = p.window === 'hour' ? 'час' : 'сутки';
  const count = `${p.limit} ${pluralRu(p.limit, ['код', 'кода', 'кодов'])} за ${span}`;
  const lead = `Магазин ${p.shopName}: покупателям отправлено ${count} — это предел. Новые коды подтверждения не отправляются, пока не пройдёт ${span} с первого из них: покупатели не смогут подтвердить заявку.`;
  const why =
    'Если столько заявок вы не ждали, возможно, кто-то запрашивает коды через ваш виджет или ссылки на заказы, чтобы рассылать платные СМС. Проверьте последние заказы в кабинете; если это ваши покупатели, напишите нам, чтобы поднять предел.';
  const once = 'Это письмо приходит не чаще раза в час.';
  const text = ['Здравствуйте!', lead, why, p.ordersLink, once, SIGNATURE].join('\n\n');
  const html = renderHtml(subject, [
    { p: 'Здравствуйте!' },
    { p: e(lead) },
    { p: e(why) },
    { button: { href: p.ordersLink, label: 'Открыть заказы' } },
    { small: e(once) },
  ]);
  return { subject, text, html };
}

// ---------------------------------------------------------------------------------------------------
// After the decision (DESIGN §11): the shop cancelled the order, or returned (part of) a paid one

export interface CancelledParams extends DecisionParams {
  /** The shop's reason, when it gave one. */
  reason: string | null;
}

export function cancelledEmail(p: CancelledParams): EmailContent {
  assertLink(p.link);
  const subject = `Заказ №${p.orderNumber} отменён`;
  const lead = `Магазин ${p.shopName} отменил заказ №${p.orderNumber} на сумму ${p.amountText}. Заявка на рассрочку по нему отозвана из банков.`;
  const why = p.reason ? `Причина: ${p.reason}` : null;
  const next = 'Если это ошибка, пожалуйста, свяжитесь с магазином.';
  const text = ['Здравствуйте!', lead, why, next, `Заказ — по ссылке:\n${p.link}`, SIGNATURE]
    .filter((part): part is string => part !== null)
    .join('\n\n');
  const html = renderHtml(subject, [
    { p: 'Здравствуйте!' },
    {
      p: `Магазин ${e(p.shopName)} отменил заказ №${e(p.orderNumber)} на сумму ${e(p.amountText)}. Заявка на рассрочку по нему отозвана из банков.`,
    },
    ...(p.reason ? [{ p: `Причина: ${e(p.reason)}` }] : []),
    { p: e(next) },
    { button: { href: p.link, label: 'Открыть заказ' } },
  ]);
  return { subject, text, html };
}

export interface RefundParams extends DecisionParams {
  /** This return's amount as shown to people. */
  refundText: string;
  /** Everything returned so far. */
  refundedTotalText: string;
  reason: string;
}

export function refundEmail(p: RefundParams): EmailContent {
  assertLink(p.link);
  const subject = `Возврат по заказу №${p.orderNumber}`;
  const lead = `Магазин ${p.shopName} оформил возврат ${p.refundText} по заказу №${p.orderNumber} (сумма заказа ${p.amountText}, всего возвращено ${p.refundedTotalText}).`;
  const next = 'Банк-партнёр пересчитает вашу рассрочку; условия — в вашем договоре с банком.';
  const text = [
    'Здравствуйте!',
    lead,
    `Причина: ${p.reason}`,
    next,
    `Заказ — по ссылке:\n${p.link}`,
    SIGNATURE,
  ].join('\n\n');
  const html = renderHtml(subject, [
    { p: 'Здравствуйте!' },
    {
      p: `Магазин ${e(p.shopName)} оформил возврат <b>${e(p.refundText)}</b> по заказу №${e(p.orderNumber)} (сумма заказа ${e(p.amountText)}, всего возвращено ${e(p.refundedTotalText)}).`,
    },
    { p: `Причина: ${e(p.reason)}` },
    { p: e(next) },
    { button: { href: p.link, label: 'Открыть заказ' } },
  ]);
  return { subject, text, html };
}
