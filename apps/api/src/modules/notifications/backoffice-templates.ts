import { type EmailContent, escapeHtml as e, renderHtml, SIGNATURE } from './templates';

/** The back office's letters (DESIGN §14): a new lead to the sales team, a suspension to the shop. */

const BRAND = 'B2BPay';

export function newLeadEmail(p: { name: string; phone: string; link: string }): EmailContent {
  if (!/^https?:\/\/\S+$/.test(p.link)) throw new Error('a message link must be an http(s) URL');
  const subject = `${BRAND}: новая заявка с сайта — ${p.name}`;
  const lead = `С сайта пришла заявка на подключение: ${p.name}, телефон ${p.phone}.`;
  const text = ['Здравствуйте!', lead, `Лиды в бэк-офисе:\n${p.link}`, SIGNATURE].join('\n\n');
  const html = renderHtml(subject, [
    { p: 'Здравствуйте!' },
    { p: e(lead) },
    { button: { href: p.link, label: 'Открыть лиды' } },
  ]);
  return { subject, text, html };
}

export function shopSuspendedEmail(p: { shopName: string; reason: string }): EmailContent {
  const subject = `${BRAND}: работа магазина «${p.shopName}» приостановлена`;
  const lead = `B2BPay приостановил работу магазина «${p.shopName}»: ключи API и вход в кабинет магазина временно не действуют. Покупатели уже отправленных заявок могут их завершить.`;
  const reason = `Причина: ${p.reason}`;
  const after =
    'Чтобы возобновить работу, ответьте на это письмо или напишите в поддержку: support@b2bpay.ru.';
  const text = ['Здравствуйте!', lead, reason, after, SIGNATURE].join('\n\n');
  const html = renderHtml(subject, [
    { p: 'Здравствуйте!' },
    { p: e(lead) },
    { p: e(reason) },
    { p: e(after) },
  ]);
  return { subject, text, html };
}

export function shopResumedEmail(p: { shopName: string }): EmailContent {
  const subject = `${BRAND}: работа магазина «${p.shopName}» возобновлена`;
  const lead = `Работа магазина «${p.shopName}» в ${BRAND} возобновлена: ключи API и вход в кабинет снова действуют.`;
  const text = ['Здравствуйте!', lead, SIGNATURE].join('\n\n');
  const html = renderHtml(subject, [{ p: 'Здравствуйте!' }, { p: e(lead) }]);
  return { subject, text, html };
}
